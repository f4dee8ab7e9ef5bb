import { sql, type Kysely } from 'kysely';

/**
 * Promotions in the database (docs/decisions/0019-back-office.md): content staff create and edit them in the back-office. The
 * files in content/promotions are imported at start when their slug is not there yet
 * (server/modules/promotions/service.ts); after that the row is the promotion.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promotions')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('bonus', 'integer', (c) => c.check(sql`bonus is null or bonus > 0`))
    .addColumn('image', 'text')
    .addColumn('ja', 'jsonb', (c) => c.notNull())
    .addColumn('en', 'jsonb', (c) => c.notNull())
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('promotions_period', sql`starts_at < ends_at`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('promotions').execute();
}
