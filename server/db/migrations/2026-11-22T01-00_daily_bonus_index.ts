import { sql, type Kysely } from 'kysely';

/**
 * The daily bonus looks up an account's last DAILY_BONUS row. It had an index on
 * (account_id, type, id) that every journal row paid for, game bets and wins included (two rows a
 * spin); a partial index over the bonus rows alone answers the same look-up.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index wallet_journal_daily_bonus on wallet_journal (account_id, id) where type = 'DAILY_BONUS'`.execute(db);
  await sql`drop index wallet_journal_account_type`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('wallet_journal_account_type').on('wallet_journal').columns(['account_id', 'type', 'id']).execute();
  await sql`drop index wallet_journal_daily_bonus`.execute(db);
}
