import { sql, type Kysely } from 'kysely';

/**
 * The shared live tables (docs/decisions/0025-live-tables.md): each table's seed chains (the terminal
 * hash published before the chain's first round), its rounds on a clock held by one instance at a
 * time (the lease in live_leases), and the players' bets, each ending once: won, lost or refunded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_leases')
    .addColumn('table_id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('live_chains')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('table_id', 'text', (c) => c.notNull())
    // The chain's first link; never served: the seeds are derived from it, the last one first.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('terminal_hash', 'text', (c) => c.notNull())
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index live_chains_table on live_chains (table_id, id desc)`.execute(db);
  await db.schema
    .createTable('live_rounds')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('table_id', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'integer', (c) => c.notNull().references('live_chains.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('seed_hash', 'text', (c) => c.notNull())
    // Revealed when the result is out.
    .addColumn('seed', 'text')
    // betting -> drawing -> settled, or refunded when the round could not finish.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('opens_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closes_at', 'timestamptz', (c) => c.notNull())
    .addColumn('result_at', 'timestamptz', (c) => c.notNull())
    .addColumn('next_at', 'timestamptz', (c) => c.notNull())
    .addColumn('result', 'jsonb')
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('live_rounds_chain_position', ['chain_id', 'position'])
    .execute();
  await sql`create index live_rounds_table on live_rounds (table_id, opens_at desc)`.execute(db);
  await db.schema
    .createTable('live_bets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('round_id', 'uuid', (c) => c.notNull().references('live_rounds.id'))
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('request_id', 'uuid', (c) => c.notNull())
    // [{spot, amount}] of this one request.
    .addColumn('spots', 'jsonb', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('win', 'bigint')
    // placed -> won | lost | refunded, once.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('placed_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('live_bets_request', ['account_id', 'request_id'])
    .execute();
  await sql`create index live_bets_round on live_bets (round_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_bets').execute();
  await db.schema.dropTable('live_rounds').execute();
  await db.schema.dropTable('live_chains').execute();
  await db.schema.dropTable('live_leases').execute();
}
