import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Language } from '../../../contracts/constants';
import {
  BET_HISTORY_PAGE_SIZE,
  DEMO_START_BALANCE,
  LAUNCH_TOKEN_TTL_SECONDS,
  gameDisplayTitle,
  type BetHistoryResponse,
  type BlackjackAction,
  type FairnessState,
  type GameDefinition,
  type HouseSessionResponse,
  type PlayInput,
  type PlayResponse,
  type RoundOutcome,
  type SeedResponse,
  type VerifyRoundResponse,
} from '../../../contracts/games';
import { fairRandom, playRound, serverSeedHash, type HmacFn } from '../../../contracts/fairness';
import { baccaratBetsProblem } from '../../../contracts/house/baccarat';
import { BlackjackActionError, blackjackBetProblem } from '../../../contracts/house/blackjack';
import { invalidBets, type BetsProblem } from '../../../contracts/house/problems';
import { rouletteBetsProblem } from '../../../contracts/house/roulette';
import { isValidSlotBet } from '../../../contracts/house/slot';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../../plugins/session';
import { definitionOf, findGame } from '../games/service';
import { coinSeamlessWallet, SeamlessWalletError, type SeamlessWallet, type WalletCallResult } from '../games/seamless-wallet';
import type { DbOrTrx } from '../wallet/service';

/**
 * The house game provider: play sessions, provably fair rounds, seeds and verification. It moves
 * coins only through the seamless-wallet interface (bet, win, rollback), as a third-party provider would.
 */
export const HOUSE_PROVIDER = 'house';
export const PLAY_SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Node's HMAC (same bytes as the pure one in contracts/house/random.ts, which the tests check). */
export const nodeHmac: HmacFn = (key, message) => createHmac('sha256', key).update(message).digest();

const wallet: SeamlessWallet = coinSeamlessWallet;

const newServerSeed = () => randomBytes(32).toString('hex');
const newClientSeed = () => randomBytes(8).toString('hex');

/* ---------------- launch ---------------- */

export interface LaunchRequest {
  accountId: string | null;
  gameCode: string;
  mode: 'real' | 'demo';
  lobbyUrl: string | null;
  language: Language;
}

/** A one-time launch token (stored hashed, valid LAUNCH_TOKEN_TTL_SECONDS). */
export async function createLaunchToken(db: Db, launch: LaunchRequest): Promise<string> {
  const token = newToken();
  await db
    .insertInto('launch_tokens')
    .values({
      token_hash: hashToken(token),
      account_id: launch.accountId,
      game_code: launch.gameCode,
      mode: launch.mode,
      lobby_url: launch.lobbyUrl,
      language: launch.language,
      expires_at: new Date(Date.now() + LAUNCH_TOKEN_TTL_SECONDS * 1000),
    })
    .execute();
  return token;
}

/* ---------------- seeds ---------------- */

interface SeedRow {
  id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
}

const fairnessOf = (seed: Pick<SeedRow, 'server_seed_hash' | 'client_seed' | 'nonce'>): FairnessState => ({
  serverSeedHash: seed.server_seed_hash,
  clientSeed: seed.client_seed,
  nonce: seed.nonce,
});

async function insertSeed(db: DbOrTrx, accountId: string | null, clientSeed: string): Promise<SeedRow> {
  const serverSeed = newServerSeed();
  return db
    .insertInto('fair_seeds')
    .values({ account_id: accountId, server_seed: serverSeed, server_seed_hash: serverSeedHash(serverSeed), client_seed: clientSeed })
    .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
    .executeTakeFirstOrThrow();
}

/** The account's active seed pair, created on first play (one per account: a partial unique index). */
async function activeSeed(db: DbOrTrx, accountId: string): Promise<SeedRow> {
  const find = () =>
    db
      .selectFrom('fair_seeds')
      .select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
      .where('account_id', '=', accountId)
      .where('revealed_at', 'is', null)
      .executeTakeFirst();
  const found = await find();
  if (found) return found;
  const serverSeed = newServerSeed();
  await sql`insert into fair_seeds (account_id, server_seed, server_seed_hash, client_seed)
            values (${accountId}, ${serverSeed}, ${serverSeedHash(serverSeed)}, ${newClientSeed()})
            on conflict (account_id) where revealed_at is null and account_id is not null do nothing`.execute(db);
  return (await find())!;
}

/* ---------------- play sessions ---------------- */

interface PlaySession {
  id: string;
  account_id: string | null;
  game_code: string;
  mode: 'real' | 'demo';
  demo_balance: number | null;
  demo_seed_id: number | null;
  lobby_url: string | null;
  language: string;
}

async function findPlaySession(db: DbOrTrx, token: string): Promise<PlaySession> {
  const row = await db
    .selectFrom('play_sessions')
    .select(['id', 'account_id', 'game_code', 'mode', 'demo_balance', 'demo_seed_id', 'lobby_url', 'language'])
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) throw new AppError('GAME_SESSION_EXPIRED', 'Unknown or expired play session');
  return row;
}

async function playableGame(db: DbOrTrx, code: string) {
  const game = await findGame(db, code);
  if (!game || !game.is_enabled) throw new AppError('GAME_NOT_AVAILABLE', 'The game is disabled');
  return { game, definition: await definitionOf(db, game.definition_hash) };
}

const asLanguage = (value: string): Language => (value === 'en' ? 'en' : 'ja');

/** POST /house/session: exchanges a launch token (once) for a play session. */
export async function openPlaySession(db: Db, launchToken: string): Promise<HouseSessionResponse> {
  return db.transaction().execute(async (trx) => {
    const launch = await trx
      .updateTable('launch_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hashToken(launchToken))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['account_id', 'game_code', 'mode', 'lobby_url', 'language'])
      .executeTakeFirst();
    if (!launch) throw new AppError('GAME_SESSION_EXPIRED', 'The launch token is unknown, used or expired');
    const { game, definition } = await playableGame(trx, launch.game_code);
    const language = asLanguage(launch.language);
    const token = newToken();
    let seed: SeedRow;
    let balance: number;
    let openRound: HouseSessionResponse['openRound'] = null;
    if (launch.mode === 'real') {
      if (!launch.account_id) throw new Error('a real launch has an account');
      seed = await activeSeed(trx, launch.account_id);
      balance = await wallet.balance(trx, launch.account_id);
      const open = await trx
        .selectFrom('house_rounds')
        .select(['id', 'stake', 'outcome'])
        .where('account_id', '=', launch.account_id)
        .where('game_code', '=', game.code)
        .where('status', '=', 'open')
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (open) openRound = { roundId: open.id, stake: open.stake, outcome: open.outcome as RoundOutcome };
      await trx
        .insertInto('play_sessions')
        .values({ token_hash: hashToken(token), account_id: launch.account_id, game_code: game.code, mode: 'real', lobby_url: launch.lobby_url, language, expires_at: new Date(Date.now() + PLAY_SESSION_TTL_MS) })
        .execute();
    } else {
      seed = await insertSeed(trx, null, newClientSeed());
      balance = DEMO_START_BALANCE;
      await trx
        .insertInto('play_sessions')
        .values({ token_hash: hashToken(token), account_id: null, game_code: game.code, mode: 'demo', demo_balance: balance, demo_seed_id: seed.id, lobby_url: launch.lobby_url, language, expires_at: new Date(Date.now() + PLAY_SESSION_TTL_MS) })
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
        title: gameDisplayTitle(game.code, language, game.titles?.[language]),
        orientation: game.orientation === 'portrait' ? ('portrait' as const) : ('landscape' as const),
        rtp: game.rtp,
        definition,
      },
      fairness: fairnessOf(seed),
      openRound,
    };
  });
}

/* ---------------- rounds ---------------- */

function inputProblem(def: GameDefinition, input: PlayInput): BetsProblem | null {
  if (def.kind !== input.kind) return invalidBets(`this is a ${def.kind} game`);
  if (def.kind === 'slot' && input.kind === 'slot') return isValidSlotBet(def, input.bet) ? null : invalidBets('not one of the bet levels');
  if (def.kind === 'roulette' && input.kind === 'roulette') return rouletteBetsProblem(def, input.bets);
  if (def.kind === 'baccarat' && input.kind === 'baccarat') return baccaratBetsProblem(def, input.bets);
  if (def.kind === 'blackjack' && input.kind === 'blackjack' && input.action === 'deal') {
    const problem = blackjackBetProblem(def, input.bet);
    return problem ? invalidBets(problem) : null;
  }
  return null;
}

/** Moves demo points in the play session; never the coin wallet. */
async function moveDemo(trx: DbOrTrx, sessionId: string, debit: number, credit: number): Promise<number> {
  const row = await trx
    .updateTable('play_sessions')
    .set({ demo_balance: sql`demo_balance - ${debit} + ${credit}` })
    .where('id', '=', sessionId)
    .where('demo_balance', '>=', debit)
    .returning('demo_balance')
    .executeTakeFirst();
  if (!row) throw new AppError('INSUFFICIENT_FUNDS', 'Not enough demo points');
  return row.demo_balance!;
}

function walletRefusal(error: unknown): never {
  if (error instanceof SeamlessWalletError) throw new AppError('REQUEST_VALIDATION_ERROR', `wallet refused: ${error.code}`);
  throw error;
}

interface PlayStart {
  session: PlaySession;
  game: { code: string; definition_hash: string };
  seed: SeedRow;
}

/**
 * The hot path of every round, in one round trip inside the round's transaction: finds the live
 * play session (not expired, its account not deleted, its game enabled) and takes the next nonce
 * of its seed pair (the seed row lock orders a player's rounds). Undefined when any of that is
 * missing: `liveSession` then says which.
 */
async function startRound(trx: DbOrTrx, tokenHash: string, now: Date): Promise<PlayStart | undefined> {
  const { rows } = await sql<PlaySession & { definition_hash: string } & { seed_id: number; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }>`
    update fair_seeds f set nonce = f.nonce + 1
    from play_sessions s
    join games g on g.code = s.game_code and g.is_enabled
    left join accounts a on a.id = s.account_id
    where s.token_hash = ${tokenHash} and s.expires_at > ${now}
      and (s.account_id is null or a.deleted_at is null)
      and f.id = case when s.mode = 'real'
                      then (select x.id from fair_seeds x where x.account_id = s.account_id and x.revealed_at is null)
                      else s.demo_seed_id end
    returning s.id, s.account_id, s.game_code, s.mode, s.demo_balance, s.demo_seed_id, s.lobby_url, s.language, g.definition_hash,
              f.id as seed_id, f.server_seed, f.server_seed_hash, f.client_seed, f.nonce`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  const { definition_hash, seed_id, server_seed, server_seed_hash, client_seed, nonce, ...session } = row;
  return {
    session: { ...session, demo_balance: session.demo_balance === null ? null : Number(session.demo_balance), demo_seed_id: session.demo_seed_id === null ? null : Number(session.demo_seed_id) },
    game: { code: row.game_code, definition_hash },
    seed: { id: Number(seed_id), server_seed, server_seed_hash, client_seed, nonce: Number(nonce) - 1 },
  };
}

/** The session and its game in one round trip (blackjack decisions, and explaining a refused start). */
async function liveSession(db: DbOrTrx, tokenHash: string, now: Date) {
  const row = await db
    .selectFrom('play_sessions')
    .leftJoin('games', 'games.code', 'play_sessions.game_code')
    .leftJoin('accounts', 'accounts.id', 'play_sessions.account_id')
    .select([
      'play_sessions.id', 'play_sessions.account_id', 'play_sessions.game_code', 'play_sessions.mode', 'play_sessions.demo_balance',
      'play_sessions.demo_seed_id', 'play_sessions.lobby_url', 'play_sessions.language', 'games.is_enabled', 'games.definition_hash',
    ])
    .where('play_sessions.token_hash', '=', tokenHash)
    .where('play_sessions.expires_at', '>', now)
    // A deleted account's sessions end with it (accounts are soft-deleted).
    .where((eb) => eb.or([eb('play_sessions.account_id', 'is', null), eb('accounts.deleted_at', 'is', null)]))
    .executeTakeFirst();
  if (!row) throw new AppError('GAME_SESSION_EXPIRED', 'Unknown or expired play session');
  if (!row.is_enabled || !row.definition_hash) throw new AppError('GAME_NOT_AVAILABLE', 'The game is disabled');
  const { is_enabled: _enabled, definition_hash: definitionHash, ...session } = row;
  return { session, game: { code: row.game_code, definition_hash: definitionHash } };
}

/** POST /house/play */
/** The answer to a played round or blackjack action: an open round has won nothing yet. */
function playResponse(
  roundId: string,
  nonce: number,
  played: ReturnType<typeof playRound>,
  balance: number,
  mode: PlaySession['mode'],
  fairness: FairnessState,
): PlayResponse {
  return {
    roundId,
    nonce,
    status: played.settled ? 'settled' : 'open',
    stake: played.stake,
    win: played.settled ? played.win : 0,
    balance,
    currency: mode === 'real' ? 'COIN' : 'PTS',
    outcome: played.outcome,
    fairness,
  };
}

export async function playHouseRound(db: Db, sessionToken: string, input: PlayInput): Promise<PlayResponse> {
  const tokenHash = hashToken(sessionToken);
  const now = new Date();
  if (input.kind === 'blackjack' && input.action !== 'deal') {
    const { session, game } = await liveSession(db, tokenHash, now);
    return continueBlackjack(db, session, game.code, input.roundId, input.action);
  }

  if (input.kind !== 'blackjack') {
    const played = await playInOneStatement(db, tokenHash, input, now);
    if (played) return played;
  }

  // The long way, for everything else (a demo, a blackjack deal, a first round, a refusal to
  // explain) is one transaction: a refusal (bad input, insufficient coins) rolls it all back, the
  // nonce included.
  return db.transaction().execute(async (trx) => {
    // Lock order: a real player's wallet before their seed pair, as the one-statement path takes them.
    await sql`select 1 from wallets w join play_sessions s on s.account_id = w.account_id
              where s.token_hash = ${tokenHash} for update of w`.execute(trx);
    let start = await startRound(trx, tokenHash, now);
    if (!start) {
      // Which part is missing: the session or its game (these throw), or a real player's seed pair.
      const { session } = await liveSession(trx, tokenHash, now);
      if (session.mode !== 'real') throw new Error('demo session without a seed');
      await activeSeed(trx, session.account_id!);
      start = await startRound(trx, tokenHash, now);
      if (!start) throw new Error('the round could not start');
    }
    const { session, game, seed } = start;
    const definition = await definitionOf(trx, game.definition_hash);
    const problem = inputProblem(definition, input);
    if (problem) throw new AppError(problem.code, problem.message);
    if (definition.kind === 'blackjack') {
      let openQuery = trx.selectFrom('house_rounds').select('id').where('status', '=', 'open');
      openQuery = session.mode === 'real'
        ? openQuery.where('account_id', '=', session.account_id).where('game_code', '=', game.code)
        : openQuery.where('play_session_id', '=', session.id);
      const open = await openQuery.executeTakeFirst();
      if (open) throw new AppError('REQUEST_VALIDATION_ERROR', 'Finish the open hand first');
    }
    const played = playRound(definition, fairRandom(seed.server_seed, seed.client_seed, seed.nonce, nodeHmac), input);
    const roundId = randomUUID();
    let balance: number;
    if (session.mode === 'real') {
      const accountId = session.account_id!;
      try {
        if (played.settled) {
          // Played and settled at once (slots, roulette, baccarat): bet and final win in one call.
          const done = await wallet.betAndWin(trx, { provider: HOUSE_PROVIDER, betTxId: `${roundId}:bet`, winTxId: `${roundId}:win`, roundId, accountId, bet: played.stake, win: played.win, gameCode: game.code });
          balance = done.balance;
        } else {
          const bet = await wallet.bet(trx, { provider: HOUSE_PROVIDER, txId: `${roundId}:bet`, roundId, accountId, amount: played.stake, gameCode: game.code });
          balance = bet.balance;
        }
      } catch (error) {
        walletRefusal(error);
      }
    } else {
      balance = await moveDemo(trx, session.id, played.stake, played.settled ? played.win : 0);
    }
    const round = {
      id: roundId,
      account_id: session.account_id,
      play_session_id: session.id,
      game_code: game.code,
      definition_hash: game.definition_hash,
      mode: session.mode,
      seed_id: seed.id,
      nonce: seed.nonce,
      input: JSON.stringify(input),
      actions: '[]',
      stake: played.stake,
      win: played.settled ? played.win : 0,
      balance_after: balance,
      status: played.settled ? ('settled' as const) : ('open' as const),
      outcome: JSON.stringify(played.outcome),
      settled_at: played.settled ? new Date() : null,
    };
    if (session.mode === 'real') {
      await recordRealRound(trx, { ...round, account_id: session.account_id!, seed_id: seed.id, balance_after: balance, token_hash: tokenHash, played_at: now });
    } else {
      await trx.insertInto('house_rounds').values({ ...round, player_seq: null }).execute();
    }
    return playResponse(roundId, seed.nonce, played, balance, session.mode, fairnessOf({ ...seed, nonce: seed.nonce + 1 }));
  });
}

/* ---------------- a real round in one statement ---------------- */

/**
 * What a real play session needs to play its next round without reading anything first,
 * remembered per session token after each round (demo sessions are remembered as 'demo': they go
 * the long way). Only a hint: the round's statement re-checks all of it and refuses if anything
 * changed (a round from another tab or server, a seed rotation, a disabled game, an expired
 * session, a deleted account).
 */
interface PlayState {
  sessionId: string;
  accountId: string;
  gameCode: string;
  definitionHash: string;
  seed: Omit<SeedRow, 'nonce'>;
  nonce: number;
}

const PLAY_STATES_MAX = 10_000;
const playStates = new Map<string, PlayState | 'demo'>();

function rememberPlayState(tokenHash: string, state: PlayState | 'demo') {
  playStates.delete(tokenHash);
  if (playStates.size >= PLAY_STATES_MAX) playStates.delete(playStates.keys().next().value!);
  playStates.set(tokenHash, state);
}

/** The live session's state, read without locks (undefined when the session cannot play). */
async function loadPlayState(db: Db, tokenHash: string, now: Date): Promise<PlayState | 'demo' | undefined> {
  const { rows } = await sql<{ mode: string; session_id: string; account_id: string; game_code: string; definition_hash: string; seed_id: number; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }>`
    select s.mode, s.id as session_id, s.account_id, s.game_code, g.definition_hash,
           f.id as seed_id, f.server_seed, f.server_seed_hash, f.client_seed, f.nonce
    from play_sessions s
    join games g on g.code = s.game_code and g.is_enabled
    left join accounts a on a.id = s.account_id
    left join fair_seeds f on f.account_id = s.account_id and f.revealed_at is null
    where s.token_hash = ${tokenHash} and s.expires_at > ${now} and (s.account_id is null or a.deleted_at is null)`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  if (row.mode !== 'real') return 'demo';
  if (row.seed_id === null) return undefined;
  const { server_seed, server_seed_hash, client_seed } = row;
  return {
    sessionId: row.session_id,
    accountId: row.account_id,
    gameCode: row.game_code,
    definitionHash: row.definition_hash,
    seed: { id: Number(row.seed_id), server_seed, server_seed_hash, client_seed },
    nonce: Number(row.nonce),
  };
}

/** A real round as recorded in house_rounds, with the session it was played in. */
export interface RoundRow {
  id: string;
  account_id: string;
  play_session_id: string;
  game_code: string;
  definition_hash: string;
  seed_id: number;
  nonce: number;
  input: string;
  stake: number;
  win: number;
  status: 'settled' | 'open';
  outcome: string;
  settled_at: Date | null;
  /** Known up front on the long way; on the one-statement way it comes from the posted journal rows. */
  balance_after: number | null;
  token_hash: string;
  played_at: Date;
}

/** The CTE body `played`: real rounds, a row each, keyed by `grp` (their index). */
const playedValues = (rounds: RoundRow[]) => sql`
  select * from (values ${sql.join(
    rounds.map(
      (r, grp) => sql`(${grp}::int, ${r.id}::uuid, ${r.account_id}::uuid, ${r.play_session_id}::uuid, ${r.game_code}, ${r.definition_hash}, ${r.seed_id}::bigint,
        ${r.nonce}::int, ${r.input}::jsonb, ${r.stake}::bigint, ${r.win}::bigint, ${r.status}, ${r.outcome}::jsonb, ${r.settled_at}::timestamptz,
        ${r.balance_after}::bigint, ${r.token_hash}, ${r.played_at}::timestamptz)`,
    ),
  )}) as r (grp, id, account_id, play_session_id, game_code, definition_hash, seed_id, nonce, input, stake, win, status, outcome, settled_at, balance_after, token_hash, played_at)`;

/**
 * The records of the real rounds in `played` as two CTE bodies: `player_seq` (each player's next
 * round number) and `house_round` (the round rows, numbered from player_seq). `from` is the FROM
 * clause naming the rounds to record (`r`, at most one per player); `balanceAfter` an expression
 * of the balance after round `r`.
 */
function roundRecords(from: RawBuilder<unknown>, balanceAfter: RawBuilder<unknown>) {
  return {
    player_seq: sql`insert into house_players (account_id, rounds) select r.account_id, 1 ${from}
      on conflict (account_id) do update set rounds = house_players.rounds + 1 returning account_id, rounds`,
    house_round: sql`insert into house_rounds (id, account_id, play_session_id, game_code, definition_hash, mode, seed_id, nonce, input, actions, stake, win, balance_after, status, outcome, player_seq, settled_at)
      select r.id, r.account_id, r.play_session_id, r.game_code, r.definition_hash, 'real', r.seed_id, r.nonce,
             r.input, '[]'::jsonb, r.stake, r.win, ${balanceAfter}, r.status, r.outcome, ps.rounds, r.settled_at
      from played r join player_seq ps on ps.account_id = r.account_id`,
  };
}

/** The long way's record of one real round (inside its transaction). */
async function recordRealRound(trx: DbOrTrx, round: RoundRow): Promise<void> {
  const records = roundRecords(sql`from played r`, sql`r.balance_after`);
  await sql`with played as (${playedValues([round])}), player_seq as (${records.player_seq}) ${records.house_round}`.execute(trx);
}

/**
 * Real rounds that settle at once (slots, roulette, baccarat) of several players, as ONE
 * autocommitted statement (one betAndWinEach): it locks the wallets, takes each round's nonce
 * (only if its session, game and seed pair are still as remembered and the coins cover its bet),
 * moves the coins and records the rounds. Null for a round it refused.
 */
async function playRoundsInOneStatement(db: Db, rounds: RoundRow[]): Promise<Array<WalletCallResult | null>> {
  return wallet.betAndWinEach(
    db,
    rounds.map((r) => ({ provider: HOUSE_PROVIDER, betTxId: `${r.id}:bet`, winTxId: `${r.id}:win`, roundId: r.id, accountId: r.account_id, bet: r.stake, win: r.win, gameCode: r.game_code })),
    {
      before: { played: playedValues(rounds) },
      gate: (ready) => sql`
        update fair_seeds f set nonce = f.nonce + 1
        from played r
        where r.grp in ${ready} and f.id = r.seed_id and f.nonce = r.nonce and f.revealed_at is null and f.account_id = r.account_id
          and exists (select 1 from play_sessions s join games g on g.code = s.game_code
                      where s.token_hash = r.token_hash and s.account_id = r.account_id and s.expires_at > r.played_at
                        and g.is_enabled and g.definition_hash = r.definition_hash)
          and exists (select 1 from accounts a where a.id = r.account_id and a.deleted_at is null)
        returning r.grp`,
      alongside: roundRecords(
        sql`from played r join posted p on p.grp = r.grp and p.ord = 0`,
        sql`(select balance_after from posted b where b.grp = r.grp order by b.ord desc limit 1)`,
      ),
    },
  );
}

/**
 * Rounds waiting for their statement, as a database's group commit: one statement runs at a time,
 * and the rounds that arrive meanwhile wait and go together in the next one (one round per player
 * in each). Under load one statement, one commit and one round trip carry many players' rounds
 * (measured: 0.36 of pgbench's TPS with statements of 1-2 rounds, 0.6 with 32); alone, a round goes
 * at once. A second (up to STATEMENTS_IN_FLIGHT) starts only when a full statement's worth waits.
 */
const STATEMENTS_IN_FLIGHT = 4;
const ROUNDS_PER_STATEMENT = 32;

export class RoundQueue {
  private waiting: Array<{ round: RoundRow; resolve: (r: WalletCallResult | null) => void; reject: (e: unknown) => void }> = [];
  private inFlight = 0;

  constructor(private readonly db: Db) {}

  play(round: RoundRow): Promise<WalletCallResult | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ round, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.waiting.length > 0 && (this.inFlight === 0 || (this.inFlight < STATEMENTS_IN_FLIGHT && this.waiting.length >= ROUNDS_PER_STATEMENT))) {
      const batch: typeof this.waiting = [];
      const later: typeof this.waiting = [];
      const players = new Set<string>();
      for (const w of this.waiting) {
        if (batch.length < ROUNDS_PER_STATEMENT && !players.has(w.round.account_id)) {
          players.add(w.round.account_id);
          batch.push(w);
        } else later.push(w);
      }
      this.waiting = later;
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async run(batch: typeof this.waiting): Promise<void> {
    try {
      const results = await playRoundsInOneStatement(this.db, batch.map((w) => w.round));
      batch.forEach((w, i) => w.resolve(results[i]));
    } catch (error) {
      // A statement fails as a whole: each round on its own, so the failure lands where it belongs.
      if (batch.length === 1) batch[0].reject(error);
      else await Promise.all(batch.map((w) => this.run([w])));
    }
  }
}

const roundQueues = new WeakMap<Db, RoundQueue>();

/**
 * A real round that settles at once, played from the session's remembered state (or its state
 * read afresh) and written in one statement with other players' rounds. Undefined when it cannot
 * (nothing remembered or loadable, bad input, a refusal): the caller goes the long way, which
 * explains any refusal.
 */
async function playInOneStatement(db: Db, tokenHash: string, input: PlayInput, now: Date): Promise<PlayResponse | undefined> {
  const remembered = playStates.get(tokenHash);
  if (remembered === 'demo') return undefined;
  let queue = roundQueues.get(db);
  if (!queue) roundQueues.set(db, (queue = new RoundQueue(db)));
  for (const state of remembered ? [remembered, undefined] : [undefined]) {
    const current = state ?? (await loadPlayState(db, tokenHash, now));
    if (!current) break;
    if (current === 'demo') {
      rememberPlayState(tokenHash, 'demo');
      return undefined;
    }
    const definition = await definitionOf(db, current.definitionHash);
    if (inputProblem(definition, input)) break;
    const { seed, nonce } = current;
    const played = playRound(definition, fairRandom(seed.server_seed, seed.client_seed, nonce, nodeHmac), input);
    if (!played.settled) break;
    const roundId = randomUUID();
    const done = await queue.play({
      id: roundId,
      account_id: current.accountId,
      play_session_id: current.sessionId,
      game_code: current.gameCode,
      definition_hash: current.definitionHash,
      seed_id: seed.id,
      nonce,
      input: JSON.stringify(input),
      stake: played.stake,
      win: played.win,
      status: 'settled',
      outcome: JSON.stringify(played.outcome),
      settled_at: now,
      balance_after: null,
      token_hash: tokenHash,
      played_at: now,
    });
    if (done) {
      rememberPlayState(tokenHash, { ...current, nonce: nonce + 1 });
      return playResponse(roundId, nonce, played, done.balance, 'real', fairnessOf({ ...seed, nonce: nonce + 1 }));
    }
  }
  playStates.delete(tokenHash);
  return undefined;
}

/** A blackjack decision on the open hand: replays the hand from its seeds with the new action. */
async function continueBlackjack(db: Db, session: PlaySession, gameCode: string, roundId: string, action: BlackjackAction): Promise<PlayResponse> {
  return db.transaction().execute(async (trx) => {
    const round = await trx
      .selectFrom('house_rounds')
      .innerJoin('fair_seeds', 'fair_seeds.id', 'house_rounds.seed_id')
      .select(['house_rounds.id', 'house_rounds.account_id', 'house_rounds.play_session_id', 'house_rounds.game_code', 'house_rounds.definition_hash', 'house_rounds.nonce', 'house_rounds.input', 'house_rounds.actions', 'house_rounds.stake', 'house_rounds.status', 'fair_seeds.server_seed', 'fair_seeds.server_seed_hash', 'fair_seeds.client_seed', 'fair_seeds.nonce as seedNonce'])
      .where('house_rounds.id', '=', roundId)
      .forUpdate()
      .executeTakeFirst();
    const mine = round && round.game_code === gameCode && (session.mode === 'real' ? round.account_id === session.account_id : round.play_session_id === session.id);
    if (!round || !mine) throw new AppError('NOT_FOUND', 'No such round in this session');
    if (round.status !== 'open') throw new AppError('REQUEST_VALIDATION_ERROR', 'The hand is already settled');
    const definition = await definitionOf(trx, round.definition_hash);
    const input = round.input as PlayInput;
    const actions = [...(round.actions as BlackjackAction[]), action];
    let played;
    try {
      played = playRound(definition, fairRandom(round.server_seed, round.client_seed, round.nonce, nodeHmac), input, actions);
    } catch (error) {
      if (error instanceof BlackjackActionError) throw new AppError('REQUEST_VALIDATION_ERROR', error.message);
      throw error;
    }
    const extra = played.stake - round.stake;
    let balance: number;
    if (session.mode === 'real') {
      const accountId = session.account_id!;
      try {
        balance = await wallet.balance(trx, accountId);
        if (extra > 0) {
          const bet = await wallet.bet(trx, { provider: HOUSE_PROVIDER, txId: `${roundId}:double`, roundId, accountId, amount: extra, gameCode });
          balance = bet.balance;
        }
        if (played.settled) {
          const win = await wallet.win(trx, { provider: HOUSE_PROVIDER, txId: `${roundId}:win`, roundId, accountId, amount: played.win, gameCode, final: true });
          balance = win.balance;
        }
      } catch (error) {
        walletRefusal(error);
      }
    } else {
      balance = await moveDemo(trx, session.id, extra, played.settled ? played.win : 0);
    }
    await trx
      .updateTable('house_rounds')
      .set({
        actions: JSON.stringify(actions),
        stake: played.stake,
        win: played.settled ? played.win : 0,
        balance_after: balance,
        status: played.settled ? 'settled' : 'open',
        outcome: JSON.stringify(played.outcome),
        settled_at: played.settled ? new Date() : null,
      })
      .where('id', '=', roundId)
      .execute();
    return playResponse(roundId, round.nonce, played, balance, session.mode, {
      serverSeedHash: round.server_seed_hash,
      clientSeed: round.client_seed,
      nonce: round.seedNonce,
    });
  });
}

/* ---------------- seeds: rotate and verify ---------------- */

/** POST /house/seed: reveals the current server seed, commits a new one, nonce back to 0. */
export async function rotateSeed(db: Db, sessionToken: string, clientSeed?: string): Promise<SeedResponse> {
  const session = await findPlaySession(db, sessionToken);
  return db.transaction().execute(async (trx) => {
    if (session.mode === 'real') await activeSeed(trx, session.account_id!);
    let current = trx.selectFrom('fair_seeds').select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce']).where('revealed_at', 'is', null);
    current = session.mode === 'real' ? current.where('account_id', '=', session.account_id) : current.where('id', '=', session.demo_seed_id!);
    const seed = await current.forUpdate().executeTakeFirst();
    if (!seed) throw new AppError('GAME_SESSION_EXPIRED', 'The seed pair is gone');
    const open = await trx.selectFrom('house_rounds').select('id').where('seed_id', '=', seed.id).where('status', '=', 'open').executeTakeFirst();
    // Revealing the seed of an unfinished hand would show the cards still to come.
    if (open) throw new AppError('REQUEST_VALIDATION_ERROR', 'Finish the open hand before changing seeds');
    await trx.updateTable('fair_seeds').set({ revealed_at: new Date() }).where('id', '=', seed.id).execute();
    const next = await insertSeed(trx, session.account_id, clientSeed ?? seed.client_seed);
    if (session.mode === 'demo') await trx.updateTable('play_sessions').set({ demo_seed_id: next.id }).where('id', '=', session.id).execute();
    return {
      fairness: fairnessOf(next),
      revealed: { serverSeed: seed.server_seed, serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, lastNonce: seed.nonce - 1 },
    };
  });
}

/** GET /house/rounds/:roundId/verify (anyone with the round id; the server seed only once revealed). */
export async function verifyRound(db: Db, roundId: string, language: Language): Promise<VerifyRoundResponse> {
  const row = await db
    .selectFrom('house_rounds')
    .innerJoin('fair_seeds', 'fair_seeds.id', 'house_rounds.seed_id')
    .leftJoin('games', 'games.code', 'house_rounds.game_code')
    .select([
      'house_rounds.id', 'house_rounds.game_code', 'house_rounds.definition_hash', 'house_rounds.nonce', 'house_rounds.input', 'house_rounds.actions',
      'house_rounds.stake', 'house_rounds.win', 'house_rounds.status', 'house_rounds.outcome', 'house_rounds.created_at',
      'fair_seeds.server_seed', 'fair_seeds.server_seed_hash', 'fair_seeds.client_seed', 'fair_seeds.revealed_at', 'games.titles',
    ])
    .where('house_rounds.id', '=', roundId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such round');
  return {
    roundId: row.id,
    gameCode: row.game_code,
    gameTitle: gameDisplayTitle(row.game_code, language, (row.titles as { ja: string; en: string } | null)?.[language]),
    createdAt: new Date(row.created_at).toISOString(),
    status: row.status,
    serverSeed: row.revealed_at ? row.server_seed : null,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    definition: await definitionOf(db, row.definition_hash),
    input: row.input as PlayInput,
    actions: row.actions as BlackjackAction[],
    stake: row.stake,
    win: row.win,
    outcome: row.outcome as RoundOutcome,
  };
}

/* ---------------- bet history ---------------- */

/**
 * GET /get-bet-history: page p covers the player's round numbers (player_seq)
 * (total - p*size, total - (p-1)*size], read from the (account_id, player_seq) index: every page
 * costs one index range scan of `size` rows, however deep.
 */
export async function betHistory(db: Db, accountId: string, page: number, language: Language): Promise<BetHistoryResponse> {
  const size = BET_HISTORY_PAGE_SIZE;
  const counter = await db.selectFrom('house_players').select('rounds').where('account_id', '=', accountId).executeTakeFirst();
  const total = counter ? Number(counter.rounds) : 0;
  const upper = total - (page - 1) * size;
  const rows =
    upper <= 0
      ? []
      : await db
          .selectFrom('house_rounds')
          .leftJoin('games', 'games.code', 'house_rounds.game_code')
          .select(['house_rounds.id', 'house_rounds.game_code', 'house_rounds.created_at', 'house_rounds.stake', 'house_rounds.win', 'house_rounds.balance_after', 'house_rounds.status', 'games.titles'])
          .where('house_rounds.account_id', '=', accountId)
          .where('house_rounds.player_seq', '<=', upper)
          .where('house_rounds.player_seq', '>', upper - size)
          .orderBy('house_rounds.player_seq', 'desc')
          .execute();
  return {
    page,
    pageSize: size,
    totalRecords: total,
    totalPages: Math.ceil(total / size),
    hasMore: upper - size > 0,
    records: rows.map((r) => ({
      roundId: r.id,
      gameCode: r.game_code,
      gameTitle: gameDisplayTitle(r.game_code, language, (r.titles as { ja: string; en: string } | null)?.[language]),
      createdAt: new Date(r.created_at).toISOString(),
      stake: r.stake,
      win: r.win,
      net: r.win - r.stake,
      balanceAfter: r.balance_after,
      status: r.status,
    })),
  };
}
