import { sql, type Kysely } from 'kysely';

/**
 * The money path, airtight (docs/decisions/0003-money-path.md):
 * - a bet is refunded at most once, whatever the rollback's own id: one ROLLBACK per bet, by index;
 * - a game client's request id answers its first result: one row per (play session, request id);
 * - play sessions and launch tokens die with the sign-in session that made them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index provider_transactions_ref`.execute(db);
  await sql`create unique index provider_transactions_one_rollback on provider_transactions (provider, ref_tx_id) where kind = 'ROLLBACK'`.execute(db);

  await db.schema
    .createTable('house_requests')
    .addColumn('play_session_id', 'uuid', (c) => c.notNull().references('play_sessions.id').onDelete('cascade'))
    .addColumn('request_id', 'uuid', (c) => c.notNull())
    .addColumn('round_id', 'uuid', (c) => c.notNull())
    // The answer as sent; null for a round settled at once, whose row in house_rounds is the answer.
    .addColumn('response', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('house_requests_pk', ['play_session_id', 'request_id'])
    .execute();

  for (const table of ['launch_tokens', 'play_sessions']) {
    await db.schema
      .alterTable(table)
      .addColumn('sign_in_session_id', 'bigint', (c) => c.references('sessions.id').onDelete('cascade'))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['launch_tokens', 'play_sessions']) await db.schema.alterTable(table).dropColumn('sign_in_session_id').execute();
  await db.schema.dropTable('house_requests').execute();
  await sql`drop index provider_transactions_one_rollback`.execute(db);
  await sql`create index provider_transactions_ref on provider_transactions (provider, ref_tx_id) where ref_tx_id is not null`.execute(db);
}
