import { sql, type Kysely } from 'kysely';

/**
 * The back-office (docs/decisions/0019): staff accounts apart from players, their
 * sessions and recovery codes, the hash-chained audit log, four-eyes wallet adjustments, and the
 * staff lock of a player account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('support', 'finance', 'content', 'admin')`))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('ja'))
    .addColumn('password_hash', 'text')
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enrolled_at', 'timestamptz')
    // The 30 s step of the last TOTP code accepted: a code of that step or earlier is refused (replay).
    .addColumn('last_totp_step', 'bigint')
    .addColumn('setup_token_hash', 'text')
    .addColumn('setup_expires_at', 'timestamptz')
    .addColumn('failed_signins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('deactivated_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index staff_email on staff (lower(email))`.execute(db);
  await sql`create unique index staff_setup_token on staff (setup_token_hash) where setup_token_hash is not null`.execute(db);

  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('staff_id', 'uuid', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('staff_recovery_codes_staff').on('staff_recovery_codes').column('staff_id').execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('staff_id', 'uuid', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    // The role the session was opened with: a role change ends it.
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  // Append-only: rows are numbered without gaps (seq) and each hash covers the previous row's hash.
  await db.schema
    .createTable('audit_log')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('reason', 'text')
    .addColumn('request_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_target').on('audit_log').column('target').execute();
  // The application never updates or deletes a row; the database refuses it too (only someone who can
  // disable the trigger gets past, and audit:verify then finds the broken chain).
  await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);

  await db.schema
    .createTable('adjustments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('reason_code', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PENDING', 'APPLIED', 'REJECTED')`))
    .addColumn('requested_by', 'uuid', (c) => c.notNull().references('staff.id'))
    .addColumn('decided_by', 'uuid', (c) => c.references('staff.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('transaction_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('adjustments_status').on('adjustments').columns(['status', 'created_at']).execute();

  await db.schema.alterTable('accounts').addColumn('staff_locked_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').dropColumn('staff_locked_at').execute();
  await db.schema.dropTable('adjustments').execute();
  await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
  await sql`drop function audit_log_append_only()`.execute(db);
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff_recovery_codes').execute();
  await db.schema.dropTable('staff').execute();
}
