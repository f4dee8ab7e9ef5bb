import { map } from 'nanostores';
import type { BaccaratBet, BaccaratDefinition, Card, RoundOutcome } from '../../contracts/games';
import { baccaratValue } from '../../contracts/house/cards';
import { baccaratOpposingBets } from '../../contracts/house/baccarat';
import { playOut } from './dealing';
import type { HeldRound } from './roulette';
import { roundErrorKeyOf } from './roundErrors';

/**
 * Baccarat's round as a state machine the view only draws:
 *
 *   betting --deal()--> requesting --answer--> dealing --last card--> settled --place()/rebet()--> betting
 *
 * The cards come one at a time in the order of the shoe (player, banker, player, banker, then the
 * player's third card and the banker's); the balance and result wait for the last one. The last
 * round's bets are kept: Repeat puts them back, as at the roulette table.
 */

export type BaccaratOutcome = Extract<RoundOutcome, { kind: 'baccarat' }>;
export type BaccaratSide = BaccaratBet['type'];
export const BACCARAT_SIDES: BaccaratSide[] = ['player', 'tie', 'banker'];
export type BaccaratPhase = 'betting' | 'requesting' | 'dealing' | 'settled';

export interface BaccaratShown {
  player: number;
  banker: number;
}

export interface BaccaratTableState {
  phase: BaccaratPhase;
  chip: number;
  bets: Record<BaccaratSide, number>;
  lastBets: Record<BaccaratSide, number> | null;
  round: { outcome: BaccaratOutcome; win: number } | null;
  shown: BaccaratShown;
  error: string | null;
}

const EMPTY: Record<BaccaratSide, number> = { player: 0, banker: 0, tie: 0 };
/** A hand's baccarat total: tens and faces count 0, aces 1, the sum modulo 10. */
export const baccaratPoints = (cards: Card[]) => cards.reduce((sum, c) => sum + baccaratValue(c), 0) % 10;
export const baccaratTotal = (bets: Record<BaccaratSide, number>) => bets.player + bets.banker + bets.tie;

/** The next card towards the coup the server dealt, or null when all are shown. */
export function nextBaccaratStep(v: BaccaratShown, outcome: BaccaratOutcome): BaccaratShown | null {
  const player = outcome.playerCards.length;
  const banker = outcome.bankerCards.length;
  // The first four alternate, player first.
  if (v.player < 2 || v.banker < 2) {
    if (v.player <= v.banker && v.player < player) return { ...v, player: v.player + 1 };
    if (v.banker < banker) return { ...v, banker: v.banker + 1 };
  }
  if (v.player < player) return { ...v, player: v.player + 1 };
  if (v.banker < banker) return { ...v, banker: v.banker + 1 };
  return null;
}

export function createBaccaratTable(definition: BaccaratDefinition, play: HeldRound, options: { stepMs: () => number }) {
  const $table = map<BaccaratTableState>({
    phase: 'betting',
    chip: definition.chips[0],
    bets: { ...EMPTY },
    lastBets: null,
    round: null,
    shown: { player: 0, banker: 0 },
    error: null,
  });
  let stop = () => {};
  const busy = () => ['requesting', 'dealing'].includes($table.get().phase);
  /** New chips after a coup start the next round of bets: the last cards leave the table. */
  const betting = (patch: Partial<BaccaratTableState>) =>
    $table.set({ ...$table.get(), phase: 'betting', round: null, shown: { player: 0, banker: 0 }, ...patch });

  const selectChip = (chip: number) => {
    if (definition.chips.includes(chip)) $table.setKey('chip', chip);
  };

  const place = (side: BaccaratSide) => {
    if (busy()) return;
    const { bets, chip } = $table.get();
    if (bets[side] + chip > definition.maxBet) {
      $table.setKey('error', 'roulette.limit');
      return;
    }
    // The table refuses player and banker in one round (OPPOSING_BETS): say so before the deal.
    if (baccaratOpposingBets([...BACCARAT_SIDES.filter((s) => bets[s] > 0), side])) {
      $table.setKey('error', 'baccarat.opposing');
      return;
    }
    betting({ bets: { ...bets, [side]: bets[side] + chip }, error: null });
  };

  const clear = () => {
    if (!busy()) betting({ bets: { ...EMPTY }, error: null });
  };

  /** Puts the last coup's bets back on an empty table. */
  const rebet = () => {
    const { lastBets, bets } = $table.get();
    if (busy() || !lastBets || baccaratTotal(bets) > 0) return;
    betting({ bets: { ...lastBets }, error: null });
  };

  const deal = async () => {
    const { bets } = $table.get();
    if (busy() || baccaratTotal(bets) === 0) return;
    const placed = BACCARAT_SIDES.filter((side) => bets[side] > 0).map((side) => ({ type: side, amount: bets[side] }));
    if (placed.some((b) => b.amount < definition.minBet)) {
      $table.setKey('error', 'roulette.belowMin');
      return;
    }
    stop();
    $table.set({ ...$table.get(), phase: 'requesting', error: null, round: null, shown: { player: 0, banker: 0 } });
    try {
      const { result, reveal } = await play({ kind: 'baccarat', bets: placed });
      if (result.outcome.kind !== 'baccarat') {
        reveal();
        throw new Error('unexpected outcome');
      }
      const outcome = result.outcome;
      $table.set({ ...$table.get(), phase: 'dealing', round: { outcome, win: result.win } });
      stop = playOut(
        { player: 0, banker: 0 },
        (v) => nextBaccaratStep(v, outcome),
        options.stepMs(),
        (shown) => $table.setKey('shown', shown),
        () => {
          reveal();
          // The chips leave the table with the coup; Repeat brings them back.
          $table.set({ ...$table.get(), phase: 'settled', lastBets: bets, bets: { ...EMPTY } });
        },
      );
    } catch (err) {
      const key = roundErrorKeyOf(err);
      // The server's OPPOSING_BETS at this table can only mean player with banker.
      $table.set({ ...$table.get(), phase: 'betting', error: key === 'house.error.opposing' ? 'baccarat.opposing' : key });
    }
  };

  return { $table, selectChip, place, clear, rebet, deal, dispose: () => stop() };
}

export type BaccaratTable = ReturnType<typeof createBaccaratTable>;
