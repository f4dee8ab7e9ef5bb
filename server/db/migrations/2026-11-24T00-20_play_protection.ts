import type { Kysely } from 'kysely';

/**
 * Player protection (docs/decisions/0008):
 * - play_controls: one row per player who ever set a control. A limit has its value in force and a
 *   raise or removal waiting (`*_next` from `*_next_at`); a break and a self-exclusion are an end
 *   time (an indefinite exclusion ends at 9999-12-31 until a lift is asked). The house round's
 *   one statement reads this row by primary key, so a player without one costs nothing more.
 * - play_control_history: every change, append-only, for the operator.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('play_controls')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('reality_check_minutes', 'integer')
    .addColumn('time_limit', 'integer')
    .addColumn('time_limit_next', 'integer')
    .addColumn('time_limit_next_at', 'timestamptz')
    .addColumn('wager_limit', 'bigint')
    .addColumn('wager_limit_next', 'bigint')
    .addColumn('wager_limit_next_at', 'timestamptz')
    .addColumn('break_until', 'timestamptz')
    .addColumn('exclusion_period', 'text')
    .addColumn('exclusion_since', 'timestamptz')
    .addColumn('exclusion_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('play_control_history')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('play_control_history_account').on('play_control_history').columns(['account_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('play_control_history').execute();
  await db.schema.dropTable('play_controls').execute();
}
