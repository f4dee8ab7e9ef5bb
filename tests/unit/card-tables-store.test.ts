import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaccaratDefinition, BlackjackDefinition, PlayInput, PlayResponse } from '../../contracts/games';
import { playBaccarat } from '../../contracts/house/baccarat';
import { BlackjackHand } from '../../contracts/house/blackjack';
import { simulationRandom } from '../../contracts/house/random';
import { createBaccaratTable, nextBaccaratStep } from '../../src/stores/baccarat';
import { createBlackjackTable, nextBlackjackStep, type BlackjackShown } from '../../src/stores/blackjack';
import type { HeldRound } from '../../src/stores/roulette';

const blackjack: BlackjackDefinition = { kind: 'blackjack', decks: 6, dealerHitsSoft17: false, minBet: 10, maxBet: 1000, betUnit: 10, chips: [10, 50, 100] };
const baccarat: BaccaratDefinition = { kind: 'baccarat', decks: 8, tiePays: 8, minBet: 10, maxBet: 1000, betUnit: 10, chips: [10, 50, 100] };

/** Stands in for the server (the only outside boundary): the real engines on a seeded random source. */
function blackjackHouse(seed: number) {
  let hand: BlackjackHand | null = null;
  let revealed = 0;
  const play: HeldRound = async (input) => {
    if (input.kind !== 'blackjack') throw new Error('not blackjack');
    if (input.action === 'deal') hand = new BlackjackHand(blackjack, simulationRandom(seed), input.bet);
    else hand!.act(input.action);
    const { stake, ...outcome } = hand!.state();
    const result = {
      roundId: '00000000-0000-4000-8000-000000000000',
      nonce: 0,
      status: outcome.result === null ? 'open' : 'settled',
      stake,
      win: outcome.totalWin,
      balance: 0,
      currency: 'PTS',
      outcome,
    } as unknown as PlayResponse;
    return { result, reveal: () => void revealed++ };
  };
  return { play, revealed: () => revealed };
}

/** A seed whose hand is still open after the deal (neither side has blackjack). */
function openSeed(): number {
  for (let seed = 1; ; seed++) if (new BlackjackHand(blackjack, simulationRandom(seed), 10).result === null) return seed;
}

describe('blackjack deals one card at a time (store)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('deals player, dealer, player, then the hole card face down, one card every step; actions wait for the last card', async () => {
    const house = blackjackHouse(openSeed());
    const table = createBlackjackTable(blackjack, house.play, { stepMs: () => 400 });
    const seen: BlackjackShown[] = [];
    table.$table.subscribe((s) => {
      if (seen.at(-1) !== s.shown) seen.push(s.shown);
    });
    await table.deal();
    expect(table.$table.get().phase).toBe('dealing');
    expect(table.$table.get().shown).toEqual({ player: 1, dealer: 0, hole: false });
    await table.act('stand'); // not before the cards are out
    vi.advanceTimersByTime(400);
    expect(table.$table.get().shown).toEqual({ player: 1, dealer: 1, hole: false });
    vi.advanceTimersByTime(400);
    expect(table.$table.get().shown).toEqual({ player: 2, dealer: 1, hole: false });
    vi.advanceTimersByTime(400);
    expect(table.$table.get().shown).toEqual({ player: 2, dealer: 1, hole: true });
    expect(house.revealed()).toBe(0);
    vi.advanceTimersByTime(400);
    expect(table.$table.get().phase).toBe('playing');
    expect(house.revealed()).toBe(1);

    // Standing turns the hole card over, then the dealer draws one card a step.
    await table.act('stand');
    const outcome = table.$table.get().round!.outcome;
    expect(outcome.result).not.toBeNull();
    expect(table.$table.get()).toMatchObject({ phase: 'dealing', shown: { player: 2, dealer: 2, hole: false } });
    vi.advanceTimersByTime(400 * outcome.dealerCards.length);
    expect(table.$table.get().phase).toBe('settled');
    expect(table.$table.get().shown).toEqual({ player: 2, dealer: outcome.dealerCards.length, hole: false });
    expect(house.revealed()).toBe(2);
  });

  it('with reduced motion (no step time) the whole hand is on the table at once', async () => {
    const table = createBlackjackTable(blackjack, blackjackHouse(openSeed()).play, { stepMs: () => 0 });
    await table.deal();
    expect(table.$table.get()).toMatchObject({ phase: 'playing', shown: { player: 2, dealer: 1, hole: true } });
  });

  it('a dealt blackjack still shows the hole card face down before turning it', () => {
    const outcome = {
      kind: 'blackjack',
      playerCards: [
        { rank: 'A', suit: 'S' },
        { rank: 'K', suit: 'H' },
      ],
      dealerCards: [
        { rank: '9', suit: 'C' },
        { rank: '7', suit: 'D' },
      ],
      playerTotal: 21,
      playerSoft: true,
      dealerTotal: 16,
      doubled: false,
      allowed: [],
      result: 'blackjack',
      totalWin: 25,
    } as const;
    const steps: BlackjackShown[] = [];
    for (let v: BlackjackShown | null = { player: 0, dealer: 0, hole: false }; v; v = nextBlackjackStep(v, outcome as never)) steps.push(v);
    expect(steps.slice(1)).toEqual([
      { player: 1, dealer: 0, hole: false },
      { player: 1, dealer: 1, hole: false },
      { player: 2, dealer: 1, hole: false },
      { player: 2, dealer: 1, hole: true },
      { player: 2, dealer: 2, hole: false },
    ]);
  });
});

describe('baccarat (store)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const house = (seed: number) => {
    const calls: PlayInput[] = [];
    const play: HeldRound = async (input) => {
      calls.push(input);
      if (input.kind !== 'baccarat') throw new Error('not baccarat');
      const outcome = playBaccarat(baccarat, simulationRandom(seed), input.bets);
      const result = {
        roundId: 'r',
        nonce: 0,
        status: 'settled',
        stake: 0,
        win: outcome.totalWin,
        balance: 0,
        currency: 'PTS',
        outcome,
      } as unknown as PlayResponse;
      return { result, reveal: () => {} };
    };
    return { play, calls };
  };

  it('deals player, banker, player, banker, then the third cards, one a step, and keeps the bet for Repeat', async () => {
    // A coup where both sides draw a third card.
    let seed = 1;
    while (true) {
      const o = playBaccarat(baccarat, simulationRandom(seed), [{ type: 'tie', amount: 10 }]);
      if (o.playerCards.length === 3 && o.bankerCards.length === 3) break;
      seed++;
    }
    const h = house(seed);
    const table = createBaccaratTable(baccarat, h.play, { stepMs: () => 300 });
    table.selectChip(50);
    table.place('banker');
    table.place('tie');
    await table.deal();
    const order: string[] = [];
    let last = { player: 0, banker: 0 };
    const note = () => {
      const s = table.$table.get().shown;
      if (s.player > last.player) order.push('P');
      if (s.banker > last.banker) order.push('B');
      last = s;
    };
    note();
    while (table.$table.get().phase === 'dealing') {
      vi.advanceTimersByTime(300);
      note();
    }
    expect(order).toEqual(['P', 'B', 'P', 'B', 'P', 'B']);
    expect(table.$table.get().phase).toBe('settled');
    expect(table.$table.get().bets).toEqual({ player: 0, banker: 0, tie: 0 });
    table.rebet();
    expect(table.$table.get()).toMatchObject({ phase: 'betting', round: null, bets: { player: 0, banker: 50, tie: 50 } });
    expect(h.calls[0]).toEqual({
      kind: 'baccarat',
      bets: [
        { type: 'tie', amount: 50 },
        { type: 'banker', amount: 50 },
      ],
    });
  });

  it("refuses player with banker, naming baccarat's bets", () => {
    const table = createBaccaratTable(baccarat, house(1).play, { stepMs: () => 0 });
    table.place('player');
    table.place('banker');
    expect(table.$table.get()).toMatchObject({ error: 'baccarat.opposing', bets: { player: 10, banker: 0 } });
  });

  it('four cards when neither side draws', () => {
    const outcome = { playerCards: [1, 2], bankerCards: [3, 4] } as never;
    const seen = [];
    for (let v = nextBaccaratStep({ player: 0, banker: 0 }, outcome); v; v = nextBaccaratStep(v, outcome)) seen.push(v);
    expect(seen).toEqual([
      { player: 1, banker: 0 },
      { player: 1, banker: 1 },
      { player: 2, banker: 1 },
      { player: 2, banker: 2 },
    ]);
  });
});
