import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fairRandom, playRound, type PlayedRound } from '../../contracts/fairness';
import type { PlayResponse, SlotDefinition } from '../../contracts/games';
import { loadCatalogue } from '../../server/modules/games/catalogue';
import { TIMING, TURBO, createSlotRound, winLevel, type SlotRoundDeps } from '../../src/stores/slotRound';

/**
 * The slot round's show (src/stores/slotRound.ts), without a browser: rounds come from the real
 * engine (contracts/fairness.ts playRound on a fixed seed pair, as the server plays them), only the
 * network between is left out; time is vitest's fake clock.
 */
const entry = loadCatalogue().find((e) => e.gameCode === 'slot-sakura-fortune')!;
const definition = entry.definition as SlotDefinition;
const bet = definition.betLevels[0];
const SERVER = 'a'.repeat(64);
const CLIENT = 'slot-round-test';

/** The first round from the seed pair that `wanted` accepts, as /house/play would answer it. */
function roundWhere(wanted: (r: PlayedRound) => boolean): PlayResponse {
  for (let nonce = 0; nonce < 20_000; nonce++) {
    const r = playRound(definition, fairRandom(SERVER, CLIENT, nonce), { kind: 'slot', bet });
    if (wanted(r)) {
      return {
        roundId: `r${nonce}`,
        nonce,
        status: 'settled',
        stake: r.stake,
        win: r.win,
        balance: 1_000_000,
        currency: 'PTS',
        outcome: r.outcome,
        fairness: { serverSeedHash: 'h', clientSeed: CLIENT, nonce: nonce + 1 },
      } as PlayResponse;
    }
  }
  throw new Error('no such round');
}
const slot = (r: PlayedRound) => (r.outcome.kind === 'slot' ? r.outcome : null)!;

let reduced = false;
function machine(result: PlayResponse, extra: Partial<SlotRoundDeps> = {}) {
  const revealed = vi.fn();
  const reelStops: number[] = [];
  const round = createSlotRound({
    definition,
    play: async () => ({ result, reveal: revealed }),
    reducedMotion: () => reduced,
    errorKey: () => 'house.error.technical',
    sounds: { reelStop: (reel) => reelStops.push(reel) },
    random: () => 0.5,
    ...extra,
  });
  return { round, revealed, reelStops };
}

beforeEach(() => {
  vi.useFakeTimers();
  reduced = false;
});
afterEach(() => vi.useRealTimers());

describe('slot round', () => {
  it('runs the reels, then stops them one by one from the left on the result, then shows the wins', async () => {
    const result = roundWhere((r) => slot(r).freeSpins.length === 0 && slot(r).base.lineWins.length >= 1 && r.win < bet * 10);
    const { round, revealed, reelStops } = machine(result);
    const done = round.spin();
    await vi.advanceTimersByTimeAsync(0);
    expect(round.$state.get().phase).toBe('spinning');
    expect(round.$state.get().spinning).toEqual([true, true, true, true, true]);
    await vi.advanceTimersByTimeAsync(TIMING.firstStop);
    expect(round.$state.get().spinning).toEqual([false, true, true, true, true]);
    expect(round.$state.get().grid[0]).toEqual(slot(result as never).base.grid[0]);
    expect(round.$state.get().shown).toBeNull(); // no wins before every reel has stopped
    expect(revealed).not.toHaveBeenCalled(); // nor the balance
    await vi.advanceTimersByTimeAsync(TIMING.nextStop);
    expect(round.$state.get().spinning).toEqual([false, false, true, true, true]);
    await vi.advanceTimersByTimeAsync(TIMING.nextStop * 3);
    await done;
    const state = round.$state.get();
    expect(reelStops).toEqual([0, 1, 2, 3, 4]);
    expect(state.stops).toEqual([1, 1, 1, 1, 1]);
    expect(state.grid).toEqual(slot(result as never).base.grid);
    expect(state.phase).toBe('done');
    expect(state.roundWin).toBe(result.win);
    expect(state.shown?.lineWins.length).toBe(slot(result as never).base.lineWins.length);
    expect(state.celebration).toBeNull();
    expect(revealed).toHaveBeenCalledOnce();
  });

  it('takes the winning lines in turns after showing them all', async () => {
    const result = roundWhere((r) => slot(r).freeSpins.length === 0 && slot(r).base.lineWins.length >= 2 && r.win < bet * 10);
    const { round } = machine(result);
    const done = round.spin();
    await vi.runOnlyPendingTimersAsync();
    await vi.advanceTimersByTimeAsync(TIMING.firstStop + TIMING.nextStop * 4);
    await done;
    expect(round.$state.get().lineStep).toBe(-1);
    await vi.advanceTimersByTimeAsync(TIMING.lineStep);
    expect(round.$state.get().lineStep).toBe(0);
    await vi.advanceTimersByTimeAsync(TIMING.lineStep);
    expect(round.$state.get().lineStep).toBe(1);
    round.dispose();
  });

  it('celebrates a big win with a count-up to the total, then closes the celebration', async () => {
    const result = roundWhere((r) => winLevel(r.win, bet) === 'big' && slot(r).freeSpins.length === 0);
    const { round } = machine(result);
    const done = round.spin();
    await vi.advanceTimersByTimeAsync(TIMING.firstStop + TIMING.nextStop * 4);
    await done;
    expect(round.$state.get().celebration).toEqual({ level: 'big', amount: result.win, counted: 0 });
    await vi.advanceTimersByTimeAsync(TIMING.countUp.big / 2);
    const half = round.$state.get().celebration!.counted;
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(result.win);
    await vi.advanceTimersByTimeAsync(TIMING.countUp.big / 2 + TIMING.countTick);
    expect(round.$state.get().celebration!.counted).toBe(result.win);
    await vi.advanceTimersByTimeAsync(TIMING.hold);
    expect(round.$state.get().celebration).toBeNull();
  });

  it('names a win of 50 times the bet or more a mega win', () => {
    expect(winLevel(bet * 9, bet)).toBeNull();
    expect(winLevel(bet * 10, bet)).toBe('big');
    expect(winLevel(bet * 49, bet)).toBe('big');
    expect(winLevel(bet * 50, bet)).toBe('mega');
  });

  it('shows the rest of the round at once on Skip, free spins included', async () => {
    const result = roundWhere((r) => slot(r).freeSpins.length > 0);
    const { round, revealed } = machine(result);
    const done = round.spin();
    await vi.advanceTimersByTimeAsync(TIMING.firstStop); // the first reel stops
    round.skip();
    await vi.advanceTimersByTimeAsync(0);
    await done;
    const state = round.$state.get();
    const outcome = slot(result as never);
    expect(state.phase).toBe('done');
    expect(state.spinning.every((s) => !s)).toBe(true);
    expect(state.grid).toEqual(outcome.freeSpins.at(-1)!.grid);
    expect(state.freeSpin).toEqual({ index: outcome.freeSpins.length, total: outcome.freeSpins.length, win: outcome.totalWin });
    expect(state.roundWin).toBe(outcome.totalWin);
    expect(revealed).toHaveBeenCalledOnce();
  });

  it('stops the reels a third as late in turbo', async () => {
    const result = roundWhere((r) => slot(r).freeSpins.length === 0);
    const { round } = machine(result);
    round.setTurbo(true);
    const done = round.spin();
    await vi.advanceTimersByTimeAsync(TIMING.firstStop / TURBO);
    expect(round.$state.get().spinning[0]).toBe(false);
    await vi.advanceTimersByTimeAsync((TIMING.nextStop * 4) / TURBO);
    await done;
    expect(round.$state.get().phase).toBe('done');
  });

  it('with reduced motion shows the result at once, without running reels or a count-up', async () => {
    reduced = true;
    const result = roundWhere((r) => winLevel(r.win, bet) !== null && slot(r).freeSpins.length === 0);
    const { round, reelStops } = machine(result);
    const seen: boolean[][] = [];
    round.$state.listen((s) => seen.push(s.spinning));
    await round.spin(); // no timer has to run
    const state = round.$state.get();
    expect(seen.every((spinning) => spinning.every((s) => !s))).toBe(true);
    expect(reelStops).toEqual([]);
    expect(state.grid).toEqual(slot(result as never).base.grid);
    expect(state.celebration?.counted).toBe(result.win);
  });

  it('keeps the bet within the levels and unchanged while a round runs', async () => {
    const { round } = machine(roundWhere(() => true));
    round.setBet(99);
    expect(round.$state.get().betIndex).toBe(definition.betLevels.length - 1);
    round.setBet(-1);
    expect(round.$state.get().betIndex).toBe(0);
    const done = round.spin();
    round.setBet(2);
    expect(round.$state.get().betIndex).toBe(0);
    round.skip();
    await vi.runAllTimersAsync();
    await done;
  });

  it('shows a failed round as an error and lets the player spin again', async () => {
    const { round } = machine(
      roundWhere(() => true),
      { play: async () => Promise.reject(new Error('offline')) },
    );
    await round.spin();
    expect(round.$state.get()).toMatchObject({ phase: 'idle', error: 'house.error.technical' });
    expect(round.running()).toBe(false);
  });
});
