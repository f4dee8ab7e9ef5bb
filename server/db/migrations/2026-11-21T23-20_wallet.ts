import { sql, type Kysely } from 'kysely';

/**
 * The coin wallet: one balance per account and an append-only journal of every movement.
 * The database itself refuses a negative balance, a repeated idempotency key, and any edit or
 * deletion of a journal row (a correction is a new entry).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wallets')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('COIN'))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('wallets_balance_not_negative', sql`balance >= 0`)
    .execute();

  await db.schema
    .createTable('wallet_journal')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('wallets.account_id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text')
    .addColumn('session_id', 'text')
    .addColumn('trace_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('wallet_journal_idempotency_key', ['idempotency_key'])
    .addCheckConstraint('wallet_journal_type', sql`type in ('BET', 'WIN', 'REFUND', 'DAILY_BONUS', 'PROMO_BONUS', 'SIGNUP_BONUS', 'ADJUSTMENT')`)
    .addCheckConstraint('wallet_journal_amount_not_zero', sql`amount <> 0`)
    .addCheckConstraint('wallet_journal_balance_after_not_negative', sql`balance_after >= 0`)
    .execute();
  // The statement (newest first per account) and the daily-bonus lookup (last claim per account).
  await db.schema.createIndex('wallet_journal_account').on('wallet_journal').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('wallet_journal_account_type').on('wallet_journal').columns(['account_id', 'type', 'id']).execute();

  // Append-only in the database, not only in code: UPDATE, DELETE and TRUNCATE are refused.
  await sql`
    create function wallet_journal_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'wallet_journal is append-only: % refused', tg_op using errcode = 'P0001';
    end
    $$`.execute(db);
  await sql`
    create trigger wallet_journal_append_only before update or delete on wallet_journal
    for each row execute function wallet_journal_refuse_change()`.execute(db);
  await sql`
    create trigger wallet_journal_no_truncate before truncate on wallet_journal
    for each statement execute function wallet_journal_refuse_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wallet_journal').execute();
  await sql`drop function if exists wallet_journal_refuse_change()`.execute(db);
  await db.schema.dropTable('wallets').execute();
}
