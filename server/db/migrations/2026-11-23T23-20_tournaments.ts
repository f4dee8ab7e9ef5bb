import { sql, type Kysely } from 'kysely';

/**
 * Tournaments (spec section 3): timed competitions on chosen games. A raffle is a tournament of kind
 * RAFFLE (tickets from wagers, winners drawn from a committed seed); a RACE ranks players by points
 * from real-coin play. Statuses as decisions.md lists them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tournaments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ref', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('account_ref', 'text', (c) => c.notNull())
    .addColumn('base_currency', 'text', (c) => c.notNull().defaultTo('PTS'))
    .addColumn('start_at', 'timestamptz', (c) => c.notNull())
    .addColumn('end_at', 'timestamptz', (c) => c.notNull())
    .addColumn('draw_at', 'timestamptz')
    .addColumn('wager_per_entry', 'bigint')
    .addColumn('metric', 'text')
    .addColumn('banner_file_name', 'text')
    .addColumn('brands', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('prizes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('tournaments_kind', sql`kind in ('RAFFLE', 'RACE')`)
    .addCheckConstraint('tournaments_status', sql`status in ('DRAFT', 'SCHEDULED', 'ACTIVE', 'CLOSED', 'DRAWN', 'CANCELLED')`)
    .addCheckConstraint('tournaments_window', sql`end_at > start_at and (draw_at is null or draw_at >= end_at)`)
    .addCheckConstraint('tournaments_raffle', sql`kind <> 'RAFFLE' or (wager_per_entry > 0 and draw_at is not null)`)
    .addCheckConstraint('tournaments_race', sql`kind <> 'RACE' or metric in ('WAGERED', 'BEST_MULTIPLIER')`)
    .execute();
  await sql`create index tournaments_window on tournaments (kind, start_at, end_at)`.execute(db);

  await db.schema
    .createTable('tournament_translations')
    .addColumn('tournament_id', 'bigint', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('language_display_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('terms_and_conditions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tournament_translations_pk', ['tournament_id', 'language_code'])
    .execute();

  await db.schema
    .createTable('tournament_games')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tournament_id', 'bigint', (c) => c.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('is_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('icon_file_name', 'text')
    .addUniqueConstraint('tournament_games_unique', ['tournament_id', 'game_code'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['tournament_games', 'tournament_translations', 'tournaments']) await db.schema.dropTable(t).execute();
}
