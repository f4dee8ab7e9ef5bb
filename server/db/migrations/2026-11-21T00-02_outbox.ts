import { sql, type Kysely } from 'kysely';

/** The development outbox: mail and SMS that were "sent" without a real gateway (never used in production). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox').execute();
}
