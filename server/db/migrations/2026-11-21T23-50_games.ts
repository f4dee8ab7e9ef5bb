import { sql, type Kysely } from 'kysely';

/**
 * Games: the catalogue, the house provider's play (launch tokens, play sessions, provably fair
 * seeds, rounds) and the seamless-wallet interface's record of provider transactions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('games')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    // { ja, en } or null: then the built-in title map, then the code.
    .addColumn('titles', 'jsonb')
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('orientation', 'text', (c) => c.notNull().defaultTo('landscape'))
    .addColumn('is_demo_available', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('image_path', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rtp', 'double precision', (c) => c.notNull())
    .addColumn('definition_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Every version of a game's maths ever played: a round names the version it was played with.
  await db.schema
    .createTable('game_definitions')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('fair_seeds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // null for a demo session's seed pair.
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    // The nonce the next round will use.
    .addColumn('nonce', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revealed_at', 'timestamptz')
    .execute();
  await sql`create unique index fair_seeds_one_active on fair_seeds (account_id) where revealed_at is null and account_id is not null`.execute(db);

  await db.schema
    .createTable('launch_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('lobby_url', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('play_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    // Demo points live here and only here: they never touch the coin wallet.
    .addColumn('demo_balance', 'bigint')
    .addColumn('demo_seed_id', 'bigint', (c) => c.references('fair_seeds.id'))
    .addColumn('lobby_url', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('play_sessions_demo_balance', sql`demo_balance is null or demo_balance >= 0`)
    .execute();

  await db.schema
    .createTable('house_rounds')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('play_session_id', 'uuid', (c) => c.notNull())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('definition_hash', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('seed_id', 'bigint', (c) => c.notNull().references('fair_seeds.id'))
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('input', 'jsonb', (c) => c.notNull())
    .addColumn('actions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('win', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('outcome', 'jsonb', (c) => c.notNull())
    // The player's own round number (real play only): bet history pages are ranges of it.
    .addColumn('player_seq', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addCheckConstraint('house_rounds_status', sql`status in ('open', 'settled', 'refunded')`)
    .execute();
  await sql`create unique index house_rounds_history on house_rounds (account_id, player_seq) where player_seq is not null`.execute(db);
  await sql`create unique index house_rounds_seed_nonce on house_rounds (seed_id, nonce)`.execute(db);
  await sql`create index house_rounds_open on house_rounds (play_session_id) where status = 'open'`.execute(db);
  await sql`create index house_rounds_account_open on house_rounds (account_id, game_code) where status = 'open'`.execute(db);

  // Per-player round counter (assigns player_seq; its row lock also orders a player's rounds).
  await db.schema
    .createTable('house_players')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('rounds', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  // Seamless-wallet interface: every provider call, idempotent by (provider, tx_id).
  await db.schema
    .createTable('provider_transactions')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('tx_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    // A rollback names the bet it cancels (which may not have arrived yet).
    .addColumn('ref_tx_id', 'text')
    .addColumn('journal_id', 'bigint')
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('provider_transactions_pk', ['provider', 'tx_id'])
    .addCheckConstraint('provider_transactions_kind', sql`kind in ('BET', 'WIN', 'ROLLBACK')`)
    .execute();
  await sql`create index provider_transactions_ref on provider_transactions (provider, ref_tx_id) where ref_tx_id is not null`.execute(db);

  await db.schema
    .createTable('provider_rounds')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('provider_rounds_pk', ['provider', 'round_id'])
    .addCheckConstraint('provider_rounds_status', sql`status in ('open', 'settled', 'rolled_back')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'provider_rounds',
    'provider_transactions',
    'house_players',
    'house_rounds',
    'play_sessions',
    'launch_tokens',
    'fair_seeds',
    'game_definitions',
    'games',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
