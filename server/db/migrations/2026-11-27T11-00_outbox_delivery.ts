import { sql, type Kysely } from 'kysely';

/**
 * The durable outbox (docs/decisions/0015): every email and SMS is a row written in the
 * transaction that causes it, delivered by a worker that claims rows with a lease, retries with
 * exponential backoff and ends undeliverable ones as dead letters. The older `outbox` table stays
 * the development mailbox (where messages are delivered when no SMTP server or SMS gateway is set).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // One message per cause (`reset:<token id>`, `sms:<code id>`, `offer:<account>:<day>`): enqueuing twice is a no-op.
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('headers', 'jsonb')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'dead')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Past this time the message is worthless (a code or link that expired): a dead letter, never sent late.
    .addColumn('expires_at', 'timestamptz')
    // The worker holding the message (a random token) and until when; an expired lease (a crashed worker) frees it.
    .addColumn('lease_token', 'text')
    .addColumn('leased_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('dead_at', 'timestamptz')
    .execute();
  await sql`create index outbox_messages_due on outbox_messages (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index outbox_messages_dead on outbox_messages (dead_at) where status = 'dead'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox_messages').execute();
}
