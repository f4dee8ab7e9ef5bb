import { sql, type Kysely } from 'kysely';

/**
 * Password reset requests (docs/decisions/0014-operable-process.md): POST /forgot-password writes one row before it answers, the same
 * insert whether or not the email has an account, so a request the server acknowledged survives a
 * crash. The outbox worker turns each pending row into a reset token and its mail, exactly once (it
 * claims rows with FOR UPDATE SKIP LOCKED and marks them processed in the same transaction).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reset_requests')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // Trimmed and lower-cased: accounts are found by lower(email).
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .execute();
  await sql`create index reset_requests_pending on reset_requests (id) where processed_at is null`.execute(db);
  await sql`create index reset_requests_requested on reset_requests (requested_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reset_requests').execute();
}
