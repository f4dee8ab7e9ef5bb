import { sql } from 'kysely';
import type { GameLaunch } from '../../lib/hooks';
import { DEMO_START_BALANCE, LAUNCH_TOKEN_TTL_SECONDS, gameDisplayTitle, type HouseSessionResponse, type RoundOutcome } from '../../../contracts/games';
import type { Db, DbOrTrx } from '../../db';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../../plugins/session';
import { definitionOf, findGame } from '../games';
import { asLanguage } from './play-session';
import { PLAY_SESSION_TTL_MS, houseWallet } from './provider';
import { activeSeed, fairnessOf, insertSeed, newClientSeed, type SeedRow } from './seeds';
import { clock } from '../../clock';

/** Launch: a one-time token for the game client, exchanged once for a play session (server/lib/hooks.ts GameLaunch). */
export type LaunchRequest = GameLaunch;

/** A one-time launch token (stored hashed, valid LAUNCH_TOKEN_TTL_SECONDS). */
export async function createLaunchToken(db: Db, launch: LaunchRequest): Promise<string> {
  if (launch.mode === 'real' && (!launch.accountId || launch.signInSessionId === null)) throw new Error('a real launch has an account and a sign-in session');
  const token = newToken();
  await db
    .insertInto('launch_tokens')
    .values({
      token_hash: hashToken(token),
      account_id: launch.accountId,
      sign_in_session_id: launch.signInSessionId,
      game_code: launch.gameCode,
      mode: launch.mode,
      lobby_url: launch.lobbyUrl,
      language: launch.language,
      expires_at: new Date(clock.ms() + LAUNCH_TOKEN_TTL_SECONDS * 1000),
    })
    .execute();
  return token;
}

async function playableGame(db: DbOrTrx, code: string) {
  const game = await findGame(db, code);
  if (!game?.is_enabled) throw new AppError('GAME_NOT_AVAILABLE', 'The game is disabled');
  return { game, definition: await definitionOf(db, game.definition_hash) };
}

/** Whether a real launch's sign-in session is still live (not signed out, no password change since). */
async function signInLive(db: DbOrTrx, signInSessionId: number | null, now: Date): Promise<boolean> {
  if (signInSessionId === null) return false;
  const { rows } = await sql<{ live: boolean }>`
    select true as live from sessions si join accounts a on a.id = si.account_id
    where si.id = ${signInSessionId} and si.revoked_at is null and si.expires_at > ${now} and a.deleted_at is null`.execute(db);
  return rows.length > 0;
}

/** POST /house/session: exchanges a launch token (once) for a play session. */
export async function openPlaySession(db: Db, launchToken: string): Promise<HouseSessionResponse> {
  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    const launch = await trx
      .updateTable('launch_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(launchToken))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['account_id', 'sign_in_session_id', 'game_code', 'mode', 'lobby_url', 'language'])
      .executeTakeFirst();
    if (!launch) throw new AppError('GAME_SESSION_EXPIRED', 'The launch token is unknown, used or expired');
    if (launch.mode === 'real' && !(await signInLive(trx, launch.sign_in_session_id, now))) {
      throw new AppError('UNAUTHORIZED', 'The sign-in session that launched this game has ended');
    }
    const { game, definition } = await playableGame(trx, launch.game_code);
    const language = asLanguage(launch.language);
    const token = newToken();
    let seed: SeedRow;
    let balance: number;
    let openRound: HouseSessionResponse['openRound'] = null;
    const session = {
      token_hash: hashToken(token),
      game_code: game.code,
      lobby_url: launch.lobby_url,
      language,
      expires_at: new Date(now.getTime() + PLAY_SESSION_TTL_MS),
    };
    if (launch.mode === 'real') {
      const accountId = launch.account_id!;
      seed = await activeSeed(trx, accountId);
      balance = await houseWallet.balance(trx, accountId);
      const open = await trx
        .selectFrom('house_rounds')
        .select(['id', 'stake', 'outcome'])
        .where('account_id', '=', accountId)
        .where('game_code', '=', game.code)
        .where('status', '=', 'open')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (open) openRound = { roundId: open.id, stake: open.stake, outcome: open.outcome as RoundOutcome };
      await trx
        .insertInto('play_sessions')
        .values({ ...session, account_id: accountId, sign_in_session_id: launch.sign_in_session_id, mode: 'real' })
        .execute();
    } else {
      seed = await insertSeed(trx, null, newClientSeed());
      balance = DEMO_START_BALANCE;
      await trx
        .insertInto('play_sessions')
        .values({ ...session, account_id: null, mode: 'demo', demo_balance: balance, demo_seed_id: seed.id })
        .execute();
    }
    return {
      session: token,
      mode: launch.mode,
      currency: launch.mode === 'real' ? ('COIN' as const) : ('PTS' as const),
      balance,
      language,
      lobbyUrl: launch.lobby_url,
      game: {
        gameCode: game.code,
        title: gameDisplayTitle(game.code, language, game.titles),
        orientation: game.orientation === 'portrait' ? ('portrait' as const) : ('landscape' as const),
        rtp: game.rtp,
        definition,
      },
      fairness: fairnessOf(seed),
      openRound,
    };
  });
}
