import { sql } from 'kysely';
import type { GameKind } from '../../../contracts/game-kinds';
import type { DefinitionOf, FairnessState, GameDefinition, InputOf, PlayInput, PlayResponse } from '../../../contracts/games';
import type { playRound } from '../../../contracts/fairness';
import { baccaratBetsProblem } from '../../../contracts/house/baccarat';
import { blackjackBetProblem } from '../../../contracts/house/blackjack';
import { invalidBets, type BetsProblem } from '../../../contracts/house/problems';
import { rouletteBetsProblem } from '../../../contracts/house/roulette';
import { isValidSlotBet } from '../../../contracts/house/slot';
import { AppError } from '../../errors';
import type { DbOrTrx } from '../../db';
import type { PlaySession } from './play-session';
import { SeamlessWalletError } from './seamless-wallet';

/** What every way of playing a round shares: input checks, demo points, the answer. */

/** Each kind's check of a round's input against its game's definition (null: the input is fine). */
const INPUT_PROBLEMS: { [K in GameKind]: (def: DefinitionOf<K>, input: InputOf<K>) => BetsProblem | null } = {
  slot: (def, input) => (isValidSlotBet(def, input.bet) ? null : invalidBets('not one of the bet levels')),
  roulette: (def, input) => rouletteBetsProblem(def, input.bets),
  baccarat: (def, input) => baccaratBetsProblem(def, input.bets),
  // Only the deal stakes coins; the actions after it are checked against the open hand.
  blackjack: (def, input) => {
    if (input.action !== 'deal') return null;
    const problem = blackjackBetProblem(def, input.bet);
    return problem ? invalidBets(problem) : null;
  },
};

export function inputProblem(def: GameDefinition, input: PlayInput): BetsProblem | null {
  if (def.kind !== input.kind) return invalidBets(`this is a ${def.kind} game`);
  // The kinds are equal, so the definition and the input are of the same kind (the compiler cannot follow that across a union).
  const check = INPUT_PROBLEMS[def.kind] as (def: GameDefinition, input: PlayInput) => BetsProblem | null;
  return check(def, input);
}

/** Moves demo points in the play session; never the coin wallet. */
export async function moveDemo(trx: DbOrTrx, sessionId: string, debit: number, credit: number): Promise<number> {
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

export function walletRefusal(error: unknown): never {
  if (error instanceof SeamlessWalletError) throw new AppError('REQUEST_VALIDATION_ERROR', `wallet refused: ${error.code}`);
  throw error;
}

/** The answer to a played round or blackjack action: an open round has won nothing yet. */
export function playResponse(
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

/** How long a round waits for a lock held elsewhere (an operator's adjustment, another server) before it answers 503. */
export const ROUND_LOCK_TIMEOUT = '2s';

export function lockTimeout(error: unknown): never {
  // 55P03 lock_not_available: the wallet stayed locked elsewhere for longer than we wait.
  if ((error as { code?: string })?.code === '55P03') throw new AppError('SERVICE_UNAVAILABLE', 'The wallet is busy; try again');
  throw error;
}

/** How many rounds are open now (a blackjack hand waiting for its player, a round in flight). */
export async function openRoundCount(db: DbOrTrx): Promise<number> {
  const row = await db
    .selectFrom('house_rounds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
