import { sql, type Kysely } from 'kysely';

/**
 * Leaderboard races (docs/decisions/0007-tournaments-lobby.md). Points are computed from what spins already write (the wallet
 * journal for stakes, house_rounds for win multipliers): a spin writes no extra row, only these two
 * partial index entries, so a leaderboard is a range scan over one race's games and window instead
 * of a scan of every movement. race_results freezes the final standings when a race is paid.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index wallet_journal_race_bets on wallet_journal (game_code, created_at) where type = 'BET'`.execute(db);
  await sql`create index house_rounds_race_settled on house_rounds (game_code, settled_at) where mode = 'real' and status = 'settled'`.execute(db);

  await db.schema
    .createTable('race_results')
    .addColumn('tournament_id', 'bigint', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('points', 'numeric', (c) => c.notNull())
    .addColumn('reached_at', 'timestamptz', (c) => c.notNull())
    .addColumn('prize', 'bigint')
    // The TOURNAMENT_PRIZE journal row that paid this rank.
    .addColumn('journal_id', 'bigint')
    .addPrimaryKeyConstraint('race_results_pk', ['tournament_id', 'rank'])
    .addUniqueConstraint('race_results_one_rank', ['tournament_id', 'account_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('race_results').execute();
  await sql`drop index house_rounds_race_settled`.execute(db);
  await sql`drop index wallet_journal_race_bets`.execute(db);
}
