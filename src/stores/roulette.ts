import { map } from 'nanostores';
import type { PlayInput, PlayResponse, RouletteBet, RouletteDefinition } from '../../contracts/games';
import { rouletteOpposingBet } from '../../contracts/house/roulette';
import { roundErrorKeyOf } from './roundErrors';

/**
 * Roulette's round, as a state machine the view only draws (logic in stores):
 *
 *   betting --spin()--> requesting --answer--> spinning --landed()--> settled --place()/rebet()--> betting
 *                            \--failure--> betting (with the error)
 *
 * While `spinning` the wheel turns to `target` (the pocket the server drew); the balance moves and
 * the result shows only when the view says the ball has landed (`landed()`), so nothing gives the
 * number away before the ball stops. With reduced motion the view calls `landed()` at once.
 */

/** The pockets of a single-zero wheel clockwise from zero (the European and French wheel). */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
] as const;

export type PlacedBet = Omit<RouletteBet, 'amount'>;
/** One key per spot on the table ("straight:17", "street:4-5-6", "red"). */
export const betKey = (bet: PlacedBet) => [bet.type, bet.numbers?.join('-'), bet.value].filter((p) => p !== undefined).join(':');

export type RoulettePhase = 'betting' | 'requesting' | 'spinning' | 'settled';

export interface RouletteResult {
  number: number;
  color: 'red' | 'black' | 'green';
  win: number;
  staked: number;
  /** Keys of the spots that won (lit on the table). */
  winningKeys: string[];
}

export interface RouletteTableState {
  phase: RoulettePhase;
  chip: number;
  /** The bets on the table, in the order they were first placed (the server's outcome keeps that order). */
  bets: RouletteBet[];
  /** Keys of the chips placed, newest last (Undo takes the newest off). */
  placed: string[];
  /** The bets of the last spin, for Repeat. */
  lastBets: RouletteBet[];
  /** The pocket the ball is heading for while spinning (null otherwise). */
  target: number | null;
  result: RouletteResult | null;
  /** The last numbers, newest first. */
  recent: number[];
  /** Key of a message in games (or protection) to show, or null. */
  error: string | null;
}

/**
 * What a table's show needs of a round: the server's answer to a play, or a stored round replayed
 * from bet history (RoundReplay.tsx), which has no balance or seed state to give.
 */
export type ShownRound = Pick<PlayResponse, 'roundId' | 'stake' | 'win' | 'outcome'>;
/** Plays a round whose balance change waits for `reveal()` (playHouseRoundHeld in the game frame; a replay answers the stored round). */
export type HeldRound = (input: PlayInput) => Promise<{ result: ShownRound; reveal: () => void }>;

export const totalBet = (bets: readonly RouletteBet[]) => bets.reduce((sum, bet) => sum + bet.amount, 0);

export function createRouletteTable(definition: RouletteDefinition, play: HeldRound) {
  const $table = map<RouletteTableState>({
    phase: 'betting',
    chip: definition.chips[0],
    bets: [],
    placed: [],
    lastBets: [],
    target: null,
    result: null,
    recent: [],
    error: null,
  });
  let pending: { response: ShownRound; reveal: () => void; bets: RouletteBet[] } | null = null;

  const busy = () => $table.get().phase === 'requesting' || $table.get().phase === 'spinning';
  /** Placing a chip after a spin clears the last result and starts a new round of bets. */
  const betting = (patch: Partial<RouletteTableState>) => $table.set({ ...$table.get(), result: null, phase: 'betting', ...patch });

  const selectChip = (chip: number) => {
    if (definition.chips.includes(chip)) $table.setKey('chip', chip);
  };

  const place = (bet: PlacedBet) => {
    if (busy()) return;
    const { bets, chip, placed } = $table.get();
    const key = betKey(bet);
    const current = bets.find((b) => betKey(b) === key);
    if ((current?.amount ?? 0) + chip > definition.maxBet || totalBet(bets) + chip > definition.maxTotalBet) {
      $table.setKey('error', 'roulette.limit');
      return;
    }
    // The table refuses red with black, even with odd, 1-18 with 19-36 (OPPOSING_BETS): say so now.
    if (rouletteOpposingBet([...bets.map((b) => b.type), bet.type])) {
      $table.setKey('error', 'house.error.opposing');
      return;
    }
    const next = current ? bets.map((b) => (b === current ? { ...b, amount: b.amount + chip } : b)) : [...bets, { ...bet, amount: chip }];
    betting({ bets: next, placed: [...placed, key], error: null });
  };

  /** Takes the newest chip off (the chip value it was placed with is not kept: one chip of the current value, at most what is there). */
  const undo = () => {
    if (busy()) return;
    const { bets, placed, chip } = $table.get();
    const key = placed.at(-1);
    if (!key) return;
    const next = bets.flatMap((b) => {
      if (betKey(b) !== key) return [b];
      const amount = b.amount - chip;
      return amount > 0 ? [{ ...b, amount }] : [];
    });
    betting({ bets: next, placed: placed.slice(0, -1), error: null });
  };

  const clear = () => {
    if (busy()) return;
    betting({ bets: [], placed: [], error: null });
  };

  /** Puts the last spin's bets back on the table (only on an empty table). */
  const rebet = () => {
    const { lastBets, bets } = $table.get();
    if (busy() || lastBets.length === 0 || bets.length > 0) return;
    betting({ bets: lastBets.map((b) => ({ ...b })), placed: lastBets.map(betKey), error: null });
  };

  const spin = async () => {
    const { bets, phase } = $table.get();
    if (phase === 'requesting' || phase === 'spinning' || bets.length === 0) return;
    if (bets.some((b) => b.amount < definition.minBet)) {
      $table.setKey('error', 'roulette.belowMin');
      return;
    }
    $table.set({ ...$table.get(), phase: 'requesting', error: null, result: null });
    try {
      const { result: response, reveal } = await play({ kind: 'roulette', bets });
      if (response.outcome.kind !== 'roulette') {
        reveal();
        throw new Error('unexpected outcome');
      }
      pending = { response, reveal, bets };
      $table.set({ ...$table.get(), phase: 'spinning', target: response.outcome.number });
    } catch (err) {
      $table.set({ ...$table.get(), phase: 'betting', error: roundErrorKeyOf(err) });
    }
  };

  /** The ball is in its pocket: the balance moves, the result shows, the table is cleared for the next bets. */
  const landed = () => {
    if ($table.get().phase !== 'spinning' || !pending) return;
    const { response, reveal, bets } = pending;
    pending = null;
    reveal();
    if (response.outcome.kind !== 'roulette') return;
    const outcome = response.outcome;
    // The outcome lists the bets in the order they were sent, each with its win.
    const winningKeys = outcome.bets.flatMap((b, i) => (b.win > 0 && bets[i] ? [betKey(bets[i])] : []));
    $table.set({
      ...$table.get(),
      phase: 'settled',
      target: null,
      result: { number: outcome.number, color: outcome.color, win: outcome.totalWin, staked: response.stake, winningKeys },
      recent: [outcome.number, ...$table.get().recent].slice(0, 12),
      lastBets: bets,
      bets: [],
      placed: [],
    });
  };

  return { $table, selectChip, place, undo, clear, rebet, spin, landed };
}

export type RouletteTable = ReturnType<typeof createRouletteTable>;
