import { sql, type Kysely } from 'kysely';

/**
 * Marketing email (docs/decisions/0011):
 * - marketing_consent: a player's choice to receive offers by email (default: no row, no email),
 *   when and where it was last changed.
 * - marketing_mail: every offer email claimed for sending. One per player per UTC day (the primary
 *   key: servers racing for the same player insert one row, and only the one that inserted sends);
 *   a promotion is announced once per player (the partial unique index). Its unsubscribe link's
 *   token is kept only as a SHA-256 hash.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('marketing_consent')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('emails', 'boolean', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('marketing_mail')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('promo_slug', 'text')
    .addColumn('unsubscribe_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addPrimaryKeyConstraint('marketing_mail_pk', ['account_id', 'day'])
    .execute();
  await sql`create unique index marketing_mail_promotion on marketing_mail (account_id, promo_slug) where promo_slug is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('marketing_mail').execute();
  await db.schema.dropTable('marketing_consent').execute();
}
