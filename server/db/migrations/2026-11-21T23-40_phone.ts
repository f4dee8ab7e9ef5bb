import { sql, type Kysely } from 'kysely';

/** Phone verification: one-time SMS codes (hashed), the SMS send log behind the daily caps, wrong-password throttling. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('phone_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('verify', 'change')`))
    // SHA-256 over account, number, purpose and code: the code itself is never stored.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('validation_code', 'text')
    .execute();
  await db.schema.createIndex('phone_codes_account').on('phone_codes').columns(['account_id', 'id']).execute();

  // No foreign key: the caps must outlive a deleted account, or deleting accounts would reset them.
  await db.schema
    .createTable('sms_sends')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_sends_number').on('sms_sends').columns(['phone_number', 'created_at']).execute();
  await db.schema.createIndex('sms_sends_account').on('sms_sends').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('phone_password_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('phone_password_failures_account').on('phone_password_failures').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('phone_password_failures').execute();
  await db.schema.dropTable('sms_sends').execute();
  await db.schema.dropTable('phone_codes').execute();
}
