import { sql, type Kysely } from 'kysely';

/**
 * Raffles (docs/decisions/0006-raffle-draws.md). A raffle is a tournament of kind RAFFLE; its own state is here:
 * - raffle_draws: the committed server seed (its SHA-256 is published at creation), and after the
 *   draw the frozen ticket list, its hash and the winners: the public record;
 * - raffle_entries: who held how many tickets in a drawn raffle (the private side of the list's
 *   pseudonyms), for the player's raffle history and the prize postings.
 * Tickets are counted from the wallet journal at read time; two partial indexes keep that cheap:
 * a player's bets by settlement time, and rollbacks by player (rare rows, so no cost per spin).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('raffle_draws')
    .addColumn('tournament_id', 'bigint', (c) => c.primaryKey().references('tournaments.id').onDelete('cascade'))
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('commitment', 'text', (c) => c.notNull())
    .addColumn('ticket_list_hash', 'text')
    .addColumn('tickets', 'jsonb')
    .addColumn('total_tickets', 'bigint')
    .addColumn('winners', 'jsonb')
    .addColumn('drawn_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('raffle_entries')
    .addColumn('tournament_id', 'bigint', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('tickets', 'bigint', (c) => c.notNull())
    .addColumn('prize', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('raffle_entries_pk', ['tournament_id', 'account_id'])
    .addUniqueConstraint('raffle_entries_holder', ['tournament_id', 'holder'])
    .execute();
  await sql`create index raffle_entries_account on raffle_entries (account_id, tournament_id)`.execute(db);

  await sql`create index wallet_journal_bets_by_time on wallet_journal (account_id, created_at) include (amount, game_code) where type = 'BET'`.execute(db);
  await sql`create index provider_transactions_rollbacks on provider_transactions (account_id) where kind = 'ROLLBACK'`.execute(db);
  await sql`create index tournaments_raffle_draw on tournaments (draw_at) where kind = 'RAFFLE' and status in ('SCHEDULED', 'ACTIVE', 'CLOSED')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index tournaments_raffle_draw`.execute(db);
  await sql`drop index provider_transactions_rollbacks`.execute(db);
  await sql`drop index wallet_journal_bets_by_time`.execute(db);
  await db.schema.dropTable('raffle_entries').execute();
  await db.schema.dropTable('raffle_draws').execute();
}
