import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { PlayInput, PlayResponse } from '../../../contracts/games';
import { fairRandom, playRound } from '../../../contracts/fairness';
import type { Db } from '../../db';
import { GroupCommitQueue } from '../../lib/group-commit';
import { definitionOf } from '../games';
import { signedInOrDemo } from './play-session';
import { HOUSE_PROVIDER, houseWallet, nodeHmac } from './provider';
import { houseRounds, type RoundRow } from './round-records';
import { inputProblem, playResponse } from './rounds';
import type { WalletCallResult } from './seamless-wallet';
import { fairnessOf, type SeedRow } from './seeds';
import { limitsAllow } from '../protection';

/**
 * A real round that settles at once (slot, roulette, baccarat), in ONE autocommitted statement
 * shared with other players' rounds: the hot path (see README.md, "A spin").
 *
 * What a real play session needs to play its next round without reading anything first is
 * remembered per session token after each round (demo sessions are remembered as 'demo': they go
 * the long way). Only a hint: the round's statement re-checks all of it and refuses if anything
 * changed (a round from another tab or server, a seed rotation, a disabled game, an ended session).
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
  const { rows } = await sql<{
    mode: string;
    session_id: string;
    account_id: string;
    game_code: string;
    definition_hash: string;
    seed_id: number;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
  }>`
    select s.mode, s.id as session_id, s.account_id, s.game_code, g.definition_hash,
           f.id as seed_id, f.server_seed, f.server_seed_hash, f.client_seed, f.nonce
    from play_sessions s
    join games g on g.code = s.game_code and g.is_enabled
    left join fair_seeds f on f.account_id = s.account_id and f.revealed_at is null
    where s.token_hash = ${tokenHash} and s.expires_at > ${now} and ${signedInOrDemo(now)}`.execute(db);
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

/**
 * Real rounds of several players as ONE autocommitted statement (one betAndWinEach): it locks the
 * wallets (skipping any held elsewhere: those rounds go the long way), takes each round's nonce
 * only if its session, sign-in session, game and seed pair are still as remembered, the request is
 * new and the coins cover its bet, moves the coins and records the rounds and requests. Null for a
 * round it refused.
 */
async function playRoundsInOneStatement(db: Db, rounds: RoundRow[]): Promise<Array<WalletCallResult | null>> {
  return houseWallet.betAndWinEach(
    db,
    rounds.map((r) => ({
      provider: HOUSE_PROVIDER,
      betTxId: `${r.id}:bet`,
      winTxId: `${r.id}:win`,
      roundId: r.id,
      accountId: r.account_id,
      bet: r.stake,
      win: r.win,
      gameCode: r.game_code,
    })),
    { attachment: houseRounds(rounds), skipLocked: true },
  );
}

/** Statements at once, and rounds in one (measured: 0.36 of pgbench's TPS with 1-2 rounds a statement, 0.6 with 32). */
const STATEMENTS_IN_FLIGHT = 4;
const ROUNDS_PER_STATEMENT = 32;

export interface RoundBatching {
  roundsPerStatement: number;
  statementsInFlight: number;
}

const roundQueues = new WeakMap<Db, GroupCommitQueue<RoundRow, WalletCallResult | null>>();

/**
 * The database's round queue (one per database handle; tests reach it to send hand-made rounds).
 * `setRoundBatching` before a handle's first round changes its batching: the spin bench makes a
 * handle with one round a statement (group commit off) to compare like with like with pgbench.
 */
export function roundQueue(db: Db) {
  let queue = roundQueues.get(db);
  if (!queue) {
    const batching = roundBatchings.get(db) ?? { roundsPerStatement: ROUNDS_PER_STATEMENT, statementsInFlight: STATEMENTS_IN_FLIGHT };
    queue = new GroupCommitQueue({
      runBatch: (rounds) => playRoundsInOneStatement(db, rounds),
      key: (round) => round.account_id,
      maxBatch: batching.roundsPerStatement,
      maxInFlight: batching.statementsInFlight,
      name: 'house_rounds',
    });
    roundQueues.set(db, queue);
  }
  return queue;
}

const roundBatchings = new WeakMap<Db, RoundBatching>();

/** The batching of a database handle's round queue, set before its first round. */
export function setRoundBatching(db: Db, batching: RoundBatching): void {
  if (roundQueues.has(db)) throw new Error('setRoundBatching: this handle has played already');
  roundBatchings.set(db, batching);
}

/**
 * A real round that settles at once, played from the session's remembered state (or its state
 * read afresh) and written in one statement with other players' rounds. Undefined when it cannot
 * (nothing remembered or loadable, bad input, a refusal, a repeated request): the caller goes the
 * long way, which answers a repeated request and explains any refusal.
 */
export async function playInOneStatement(db: Db, tokenHash: string, input: PlayInput, requestId: string, now: Date): Promise<PlayResponse | undefined> {
  const remembered = playStates.get(tokenHash);
  if (remembered === 'demo') return undefined;
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
    // A player with a daily limit in force plays the long way, which checks it under the wallet lock (protection/gate.ts).
    if (!(await limitsAllow(db, current.accountId, now))) break;
    const roundId = randomUUID();
    const done = await roundQueue(db).submit({
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
      token_hash: tokenHash,
      played_at: now,
      request_id: requestId,
    });
    if (done) {
      rememberPlayState(tokenHash, { ...current, nonce: nonce + 1 });
      return playResponse(roundId, nonce, played, done.balance, 'real', fairnessOf({ ...seed, nonce: nonce + 1 }));
    }
  }
  playStates.delete(tokenHash);
  return undefined;
}
