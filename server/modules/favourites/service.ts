import { sql } from 'kysely';
import type { DbOrTrx } from '../../db';
import { AppError } from '../../errors';

/** Favourites and recently played (docs/decisions/0018): game codes per player, newest first. */

export const RECENT_GAMES = 12;
const MAX_FAVOURITES = 100;

export async function favouritesOf(db: DbOrTrx, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('favourite_games')
    .select('game_code')
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('game_code')
    .execute();
  return rows.map((r) => r.game_code);
}

/** Hearts a game (an enabled game of the catalogue; a repeat changes nothing). */
export async function addFavourite(db: DbOrTrx, accountId: string, gameCode: string, now: Date): Promise<void> {
  const game = await db.selectFrom('games').select('code').where('code', '=', gameCode).where('is_enabled', '=', true).executeTakeFirst();
  if (!game) throw new AppError('GAME_NOT_AVAILABLE', 'No such game');
  const count = await db
    .selectFrom('favourite_games')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_FAVOURITES) throw new AppError('REQUEST_VALIDATION_ERROR', 'Too many favourites');
  await db
    .insertInto('favourite_games')
    .values({ account_id: accountId, game_code: gameCode, created_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'game_code']).doNothing())
    .execute();
}

export async function removeFavourite(db: DbOrTrx, accountId: string, gameCode: string): Promise<void> {
  await db.deleteFrom('favourite_games').where('account_id', '=', accountId).where('game_code', '=', gameCode).execute();
}

/** Records a real launch: the game moves to the front; only the newest RECENT_GAMES are kept. */
export async function recordLaunch(db: DbOrTrx, accountId: string, gameCode: string, now: Date): Promise<void> {
  await db
    .insertInto('recent_games')
    .values({ account_id: accountId, game_code: gameCode, launched_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'game_code']).doUpdateSet({ launched_at: now }))
    .execute();
  await sql`delete from recent_games where account_id = ${accountId}::uuid and game_code not in (
    select game_code from recent_games where account_id = ${accountId}::uuid order by launched_at desc, game_code limit ${RECENT_GAMES})`.execute(db);
}

export async function recentlyPlayed(db: DbOrTrx, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('recent_games')
    .select('game_code')
    .where('account_id', '=', accountId)
    .orderBy('launched_at', 'desc')
    .orderBy('game_code')
    .limit(RECENT_GAMES)
    .execute();
  return rows.map((r) => r.game_code);
}
