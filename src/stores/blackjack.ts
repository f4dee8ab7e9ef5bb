import { map } from 'nanostores';
import type { BlackjackAction, BlackjackDefinition, HouseSessionResponse, RoundOutcome } from '../../contracts/games';
import { handTotal } from '../../contracts/house/cards';
import { playOut } from './dealing';
import type { HeldRound } from './roulette';
import { roundErrorKeyOf } from './roundErrors';

/**
 * Blackjack's round as a state machine the view only draws:
 *
 *   betting --deal()--> requesting --answer--> dealing --last card--> playing --hit/stand/double--> requesting ...
 *                                                                  \-> settled (the hand is over) --deal()--> ...
 *
 * The server answers each action with the whole hand; `dealing` shows the new cards one at a time,
 * in the order they come off the shoe (player, dealer up card, player, dealer hole card face down;
 * then the player's cards; then the hole card turned over and the dealer's cards). The balance and
 * the result wait until the last card is on the table.
 */

export type BlackjackOutcome = Extract<RoundOutcome, { kind: 'blackjack' }>;
export type BlackjackPhase = 'betting' | 'requesting' | 'dealing' | 'playing' | 'settled';

/** How much of the hand is on the table: card counts, and whether the hole card lies face down. */
export interface BlackjackShown {
  player: number;
  dealer: number;
  hole: boolean;
}

export interface BlackjackTableState {
  phase: BlackjackPhase;
  chip: number;
  bet: number;
  round: { roundId: string; stake: number; win: number; outcome: BlackjackOutcome } | null;
  shown: BlackjackShown;
  error: string | null;
}

const NOTHING: BlackjackShown = { player: 0, dealer: 0, hole: false };

/** The next card (or turn of the hole card) towards the hand the server dealt, or null when all is shown. */
export function nextBlackjackStep(v: BlackjackShown, outcome: BlackjackOutcome): BlackjackShown | null {
  const open = outcome.result === null;
  const player = outcome.playerCards.length;
  const dealer = outcome.dealerCards.length;
  if (v.player === 0 && player > 0) return { ...v, player: 1 };
  if (v.dealer === 0 && dealer > 0) return { ...v, dealer: 1 };
  if (v.player === 1 && player > 1) return { ...v, player: 2 };
  // The hole card is always dealt face down, also when the hand ends at once (a blackjack).
  if (v.dealer === 1 && !v.hole && (open || dealer > 1)) return { ...v, hole: true };
  if (v.player < player) return { ...v, player: v.player + 1 };
  if (v.dealer === 1 && v.hole && dealer > 1) return { ...v, dealer: 2, hole: false };
  if (v.dealer < dealer) return { ...v, dealer: v.dealer + 1 };
  return null;
}

/**
 * The cards on the table and their totals, as far as the hand has been dealt: the dealer's total only
 * once the hole card is turned (or the hand is over), the player's soft total as "7/17" while in play.
 */
export function blackjackHands(outcome: BlackjackOutcome | undefined, shown: BlackjackShown, settled: boolean) {
  const playerCards = outcome?.playerCards.slice(0, shown.player) ?? [];
  const dealerCards = outcome?.dealerCards.slice(0, shown.dealer) ?? [];
  const player = handTotal(playerCards);
  const dealerTotal = dealerCards.length > 1 || settled ? String(handTotal(dealerCards).total) : undefined;
  const playerTotal =
    playerCards.length === 0 ? undefined : player.soft && player.total <= 21 && !settled ? `${player.total - 10}/${player.total}` : String(player.total);
  return { playerCards, dealerCards, playerTotal, dealerTotal };
}

export function createBlackjackTable(
  definition: BlackjackDefinition,
  play: HeldRound,
  options: { stepMs: () => number; resumed?: HouseSessionResponse['openRound'] },
) {
  const resumed = options.resumed?.outcome.kind === 'blackjack' ? options.resumed : null;
  const $table = map<BlackjackTableState>({
    phase: resumed ? 'playing' : 'betting',
    chip: definition.chips[0],
    bet: Math.max(definition.minBet, definition.chips[0]),
    round: resumed ? { roundId: resumed.roundId, stake: resumed.stake, win: 0, outcome: resumed.outcome as BlackjackOutcome } : null,
    // A hand resumed after a reload is on the table as it was left.
    shown: resumed ? { player: resumed.outcome.kind === 'blackjack' ? resumed.outcome.playerCards.length : 0, dealer: 1, hole: true } : NOTHING,
    error: null,
  });
  let stop = () => {};

  const busy = () => ['requesting', 'dealing'].includes($table.get().phase);
  const open = () => $table.get().phase === 'playing';

  const selectChip = (chip: number) => {
    if (definition.chips.includes(chip)) $table.setKey('chip', chip);
  };
  const addChip = () => {
    if (busy() || open()) return;
    const { bet, chip } = $table.get();
    if (bet + chip <= definition.maxBet) $table.setKey('bet', bet + chip);
  };
  const resetBet = () => {
    if (!busy() && !open()) $table.setKey('bet', definition.minBet);
  };

  const send = async (input: Parameters<HeldRound>[0], fresh: boolean) => {
    stop();
    $table.set({ ...$table.get(), phase: 'requesting', error: null });
    try {
      const { result, reveal } = await play(input);
      if (result.outcome.kind !== 'blackjack') {
        reveal();
        throw new Error('unexpected outcome');
      }
      const outcome = result.outcome;
      const before = $table.get();
      const from = fresh ? NOTHING : before.shown;
      $table.set({ ...before, phase: 'dealing', round: { roundId: result.roundId, stake: result.stake, win: result.win, outcome }, shown: from });
      stop = playOut(
        from,
        (v) => nextBlackjackStep(v, outcome),
        options.stepMs(),
        (shown) => $table.setKey('shown', shown),
        () => {
          reveal();
          $table.setKey('phase', outcome.result === null ? 'playing' : 'settled');
        },
      );
    } catch (err) {
      // A refused deal leaves the table as it was; a refused action leaves the hand open.
      const { round } = $table.get();
      $table.set({
        ...$table.get(),
        phase: !fresh && round?.outcome.result === null ? 'playing' : round?.outcome.result ? 'settled' : 'betting',
        error: roundErrorKeyOf(err),
      });
    }
  };

  const deal = async () => {
    if (busy() || open()) return;
    const { bet } = $table.get();
    // A new hand clears the last one off the table before its cards come.
    $table.set({ ...$table.get(), round: null, shown: NOTHING });
    await send({ kind: 'blackjack', action: 'deal', bet }, true);
  };

  const act = async (action: BlackjackAction) => {
    const { round } = $table.get();
    if (!open() || !round?.outcome.allowed.includes(action)) return;
    await send({ kind: 'blackjack', action, roundId: round.roundId }, false);
  };

  return { $table, selectChip, addChip, resetBet, deal, act, dispose: () => stop() };
}

export type BlackjackTable = ReturnType<typeof createBlackjackTable>;
