import { sql, type Kysely } from 'kysely';

/** Password-reset tokens (stored hashed, single use) and slider-captcha challenges (single use). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('password_resets_account').on('password_resets').column('account_id').execute();

  await db.schema
    .createTable('captcha_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('answer_x', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('captcha_challenges_expires').on('captcha_challenges').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('captcha_challenges').execute();
  await db.schema.dropTable('password_resets').execute();
}
