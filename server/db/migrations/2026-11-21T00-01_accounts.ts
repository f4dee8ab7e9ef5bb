import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The public, pseudonymous reference (raffle lists, lobby): never the email or id.
    .addColumn('account_ref', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('display_name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('ja'))
    .addColumn('site_ref', 'text', (c) => c.notNull().defaultTo('WEB'))
    .addColumn('is_tester', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('phone_number', 'text')
    .addColumn('phone_verified_at', 'timestamptz')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // Case-insensitive uniqueness among live accounts; a deleted account frees its email and name.
  await sql`create unique index accounts_email_live on accounts (lower(email)) where deleted_at is null`.execute(db);
  await sql`create unique index accounts_display_name_live on accounts (lower(display_name)) where deleted_at is null`.execute(db);
  await sql`create unique index accounts_phone_verified on accounts (phone_number) where phone_verified_at is not null and deleted_at is null`.execute(db);

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('accounts').execute();
}
