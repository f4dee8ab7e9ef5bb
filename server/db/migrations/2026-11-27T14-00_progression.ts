import { sql, type Kysely } from 'kysely';

/**
 * Progression (docs/decisions/0018): levels, VIP tiers, daily missions, the login streak,
 * favourites, recently played and notifications.
 * - wallet_journal: three more credit types, LEVEL_REWARD, MISSION_REWARD and TIER_BONUS.
 * - player_progress: one row per player who ever earned XP or claimed a bonus: the highest level
 *   whose reward was paid, the VIP tier with the day it was last evaluated and the last drop, the
 *   login streak (its length and the day of the last claim, in DAY_START_TZ).
 * - player_missions: a player's three missions of a day (chosen at first sight), claimed once.
 * - notifications: what a player is told (kind + data), one per dedupe key, read or not.
 * - favourite_games, recent_games: a player's hearts and last launches.
 */
const TYPES = ['BET', 'WIN', 'REFUND', 'DAILY_BONUS', 'PROMO_BONUS', 'SIGNUP_BONUS', 'ADJUSTMENT', 'RAFFLE_PRIZE', 'TOURNAMENT_PRIZE'];
const NEW_TYPES = ['LEVEL_REWARD', 'MISSION_REWARD', 'TIER_BONUS'];
const typeCheck = (types: string[]) => sql.raw(`check (type in (${types.map((t) => `'${t}'`).join(', ')}))`);

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table wallet_journal drop constraint wallet_journal_type`.execute(db);
  await sql`alter table wallet_journal add constraint wallet_journal_type ${typeCheck([...TYPES, ...NEW_TYPES])}`.execute(db);

  await db.schema
    .createTable('player_progress')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('rewarded_level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('vip_tier', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vip_evaluated_day', 'text')
    .addColumn('vip_dropped_at', 'timestamptz')
    .addColumn('streak_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('streak_last_day', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('player_missions')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('target', 'bigint', (c) => c.notNull())
    .addColumn('reward', 'integer', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addColumn('claimed_at', 'timestamptz')
    .addPrimaryKeyConstraint('player_missions_pk', ['account_id', 'day', 'slot'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('notifications_account').on('notifications').columns(['account_id', 'id']).execute();

  await db.schema
    .createTable('favourite_games')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourite_games_pk', ['account_id', 'game_code'])
    .execute();

  await db.schema
    .createTable('recent_games')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('launched_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('recent_games_pk', ['account_id', 'game_code'])
    .execute();
  await db.schema.createIndex('recent_games_account_time').on('recent_games').columns(['account_id', 'launched_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['recent_games', 'favourite_games', 'notifications', 'player_missions', 'player_progress']) {
    await db.schema.dropTable(table).execute();
  }
  await sql`alter table wallet_journal drop constraint wallet_journal_type`.execute(db);
  await sql`alter table wallet_journal add constraint wallet_journal_type ${typeCheck(TYPES)}`.execute(db);
}
