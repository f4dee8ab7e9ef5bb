import { map, type MapStore } from 'nanostores';
import type { SlotDefinition, SlotSpin } from '../../contracts/games';
import type { ShownRound } from './roulette';

/**
 * A slot round as the player sees it, from the Spin press to the last coin of the count-up: the
 * state machine the slot island renders (out of the component, testable without a
 * browser). The round itself is the server's (`play` answers it whole); this only shows it:
 *
 *   idle ─spin→ spinning (reels run, then stop one by one, left to right)
 *        → free (each free spin shown the same way) → done (wins drawn; a big or mega win
 *        celebrated with a count-up) ─spin→ spinning ...
 *
 * Skip shows the rest of the round at once; Turbo makes every pause a third as long; with reduced
 * motion the reels show their result at once and nothing counts up.
 */

/** A round paying at least this many times the bet is celebrated as a big win... */
export const BIG_WIN_MULTIPLE = 10;
/** ...and at least this many times as a mega win. */
export const MEGA_WIN_MULTIPLE = 50;

/** Pauses of the show, in ms (Turbo divides them by TURBO). */
export const TIMING = {
  /** From the press until the first reel stops. */
  firstStop: 650,
  /** Between two reels stopping. */
  nextStop: 260,
  /** How often a running reel shows new symbols. */
  shuffle: 80,
  /** Before each free spin. */
  freeSpin: 500,
  /** Each winning line on show when they take turns. */
  lineStep: 1300,
  /** A celebration's count-up: big and mega. */
  countUp: { big: 1600, mega: 2800 },
  /** A count-up step. */
  countTick: 50,
  /** The celebration stays this long once counted. */
  hold: 2200,
} as const;
export const TURBO = 3;

export type SlotPhase = 'idle' | 'spinning' | 'free' | 'done';
export type WinLevel = 'big' | 'mega';

export interface SlotRoundState {
  phase: SlotPhase;
  betIndex: number;
  turbo: boolean;
  /** The symbols on show, grid[reel][row]. */
  grid: string[][];
  /** Which reels are still running. */
  spinning: boolean[];
  /** Bumped each time a reel stops, so the view can play its settling motion once: stops[reel]. */
  stops: number[];
  /** The spin whose wins are on show (lines over the reels, cells lit). */
  shown: SlotSpin | null;
  /** The line of `shown` on show on its own, or -1 for all of them. */
  lineStep: number;
  /** The round's total win once it has all been shown. */
  roundWin: number | null;
  freeSpin: { index: number; total: number; win: number } | null;
  celebration: { level: WinLevel; amount: number; counted: number } | null;
  /** A catalogue message key. */
  error: string | null;
}

export interface SlotRoundDeps {
  definition: SlotDefinition;
  /** Plays a round at this bet (or answers a stored one, for a replay); `reveal` moves the balance (called once the round has been shown). */
  play: (bet: number) => Promise<{ result: ShownRound; reveal: () => void }>;
  reducedMotion: () => boolean;
  /** The catalogue message key for a failed round. */
  errorKey: (error: unknown) => string;
  sounds?: { spinStart?: () => void; reelStop?: (reel: number) => void; win?: (level: 0 | 1 | 2) => void; countTick?: () => void };
  /** For the running reels' random symbols. */
  random?: () => number;
}

export interface SlotRound {
  $state: MapStore<SlotRoundState>;
  bet: () => number;
  running: () => boolean;
  spin: () => Promise<void>;
  /** Shows the rest of the round at once (and the whole count-up). */
  skip: () => void;
  setBet: (index: number) => void;
  setTurbo: (on: boolean) => void;
  /** Closes a celebration before its time. */
  dismissCelebration: () => void;
  /** Stops every timer (the island unmounts). */
  dispose: () => void;
}

/** The window a reel shows when it stops at `stop` (wrapping round its strip). */
export function reelWindow(strip: readonly string[], stop: number, rows: number): string[] {
  return Array.from({ length: rows }, (_, row) => strip[(stop + row) % strip.length]);
}

/** The celebration a round's total win earns at this bet, if any. */
export function winLevel(win: number, bet: number): WinLevel | null {
  if (win >= bet * MEGA_WIN_MULTIPLE) return 'mega';
  if (win >= bet * BIG_WIN_MULTIPLE) return 'big';
  return null;
}

export function createSlotRound(deps: SlotRoundDeps): SlotRound {
  const { definition } = deps;
  const random = deps.random ?? Math.random;
  const reels = definition.reels.length;
  const $state = map<SlotRoundState>({
    phase: 'idle',
    betIndex: 0,
    turbo: false,
    grid: definition.reels.map((strip, reel) => reelWindow(strip, reel * 3, definition.rows)),
    spinning: definition.reels.map(() => false),
    stops: definition.reels.map(() => 0),
    shown: null,
    lineStep: -1,
    roundWin: null,
    freeSpin: null,
    celebration: null,
    error: null,
  });
  const get = () => $state.get();
  const set = (patch: Partial<SlotRoundState>) => $state.set({ ...get(), ...patch });

  let skipping = false;
  let disposed = false;
  let shuffle: ReturnType<typeof setInterval> | null = null;
  let lines: ReturnType<typeof setInterval> | null = null;
  let counting: ReturnType<typeof setInterval> | null = null;
  let holding: ReturnType<typeof setTimeout> | null = null;
  // The pause under way, so Skip ends it at once instead of after it.
  let wake: (() => void) | null = null;

  const scaled = (ms: number) => (get().turbo ? ms / TURBO : ms);
  const pause = (ms: number) =>
    skipping || disposed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(id);
            wake = null;
            resolve();
          };
          const id = setTimeout(done, scaled(ms));
          wake = done;
        });

  const stopShuffle = () => {
    if (shuffle) clearInterval(shuffle);
    shuffle = null;
  };
  const stopLines = () => {
    if (lines) clearInterval(lines);
    lines = null;
  };
  const stopCelebration = () => {
    if (counting) clearInterval(counting);
    if (holding) clearTimeout(holding);
    counting = holding = null;
  };

  /** Shows `spin` (several winning lines take turns, unless motion is reduced: then all stay on). */
  const showWins = (spin: SlotSpin) => {
    stopLines();
    set({ shown: spin, lineStep: -1 });
    const count = spin.lineWins.length;
    if (count < 2 || deps.reducedMotion()) return;
    lines = setInterval(() => {
      const step = get().lineStep;
      set({ lineStep: step + 1 < count ? step + 1 : -1 });
    }, scaled(TIMING.lineStep));
  };

  /** One spin on the reels: they run, then stop left to right on its grid. */
  const animate = async (spin: SlotSpin) => {
    stopLines();
    set({ shown: null, lineStep: -1 });
    if (!deps.reducedMotion() && !skipping) {
      set({ spinning: definition.reels.map(() => true) });
      deps.sounds?.spinStart?.();
      shuffle = setInterval(() => {
        const { grid, spinning } = get();
        set({
          grid: grid.map((column, reel) =>
            spinning[reel] ? reelWindow(definition.reels[reel], Math.floor(random() * definition.reels[reel].length), definition.rows) : column,
          ),
        });
      }, TIMING.shuffle);
      for (let reel = 0; reel < reels && !skipping && !disposed; reel++) {
        await pause(reel === 0 ? TIMING.firstStop : TIMING.nextStop);
        if (skipping || disposed) break;
        const { grid, spinning, stops } = get();
        set({
          grid: grid.map((column, i) => (i === reel ? spin.grid[i] : column)),
          spinning: spinning.map((v, i) => (i === reel ? false : v)),
          stops: stops.map((n, i) => (i === reel ? n + 1 : n)),
        });
        deps.sounds?.reelStop?.(reel);
      }
      stopShuffle();
    }
    const { spinning, stops } = get();
    // Reels still running when Skip was pressed stop together.
    set({ grid: spin.grid, spinning: definition.reels.map(() => false), stops: stops.map((n, i) => (spinning[i] ? n + 1 : n)) });
    showWins(spin);
  };

  const celebrate = (level: WinLevel, amount: number) => {
    stopCelebration();
    const instant = deps.reducedMotion() || skipping;
    set({ celebration: { level, amount, counted: instant ? amount : 0 } });
    const hold = () => {
      holding = setTimeout(() => set({ celebration: null }), scaled(TIMING.hold));
    };
    if (instant) return hold();
    const steps = Math.max(1, Math.round(scaled(TIMING.countUp[level]) / TIMING.countTick));
    let step = 0;
    counting = setInterval(() => {
      step++;
      const current = get().celebration;
      if (!current) return stopCelebration();
      // Eased out: fast at first, slowing towards the total.
      const counted = step >= steps ? amount : Math.round(amount * (1 - (1 - step / steps) ** 3));
      set({ celebration: { ...current, counted } });
      if (step % 2 === 0) deps.sounds?.countTick?.();
      if (counted >= amount) {
        if (counting) clearInterval(counting);
        counting = null;
        hold();
      }
    }, TIMING.countTick);
  };

  const bet = () => definition.betLevels[get().betIndex];
  let busy = false;
  const running = () => busy;

  const spin = async () => {
    if (busy || disposed) return;
    busy = true;
    skipping = false;
    stopLines();
    stopCelebration();
    set({ phase: 'spinning', error: null, roundWin: null, freeSpin: null, shown: null, lineStep: -1, celebration: null });
    const stake = bet();
    let reveal = () => {};
    try {
      const held = await deps.play(stake);
      reveal = held.reveal;
      const outcome = held.result.outcome;
      if (outcome.kind !== 'slot') throw new Error('not a slot round');
      await animate(outcome.base);
      if (outcome.freeSpins.length > 0) {
        set({ phase: 'free' });
        let won = outcome.base.win;
        for (const [index, free] of outcome.freeSpins.entries()) {
          set({ freeSpin: { index: index + 1, total: outcome.freeSpins.length, win: won } });
          await pause(TIMING.freeSpin);
          await animate(free);
          won += free.win;
          set({ freeSpin: { index: index + 1, total: outcome.freeSpins.length, win: won } });
        }
      }
      reveal();
      const level = winLevel(outcome.totalWin, stake);
      set({ phase: 'done', roundWin: outcome.totalWin });
      if (outcome.totalWin > 0) deps.sounds?.win?.(level === 'mega' ? 2 : level === 'big' ? 1 : 0);
      if (level) celebrate(level, outcome.totalWin);
    } catch (err) {
      reveal();
      stopShuffle();
      set({ phase: 'idle', error: deps.errorKey(err), spinning: definition.reels.map(() => false) });
    } finally {
      busy = false;
      skipping = false;
    }
  };

  return {
    $state,
    bet,
    running,
    spin,
    skip: () => {
      const celebration = get().celebration;
      if (busy) {
        skipping = true;
        wake?.();
      } else if (celebration && celebration.counted < celebration.amount) {
        stopCelebration();
        set({ celebration: { ...celebration, counted: celebration.amount } });
        holding = setTimeout(() => set({ celebration: null }), scaled(TIMING.hold));
      }
    },
    setBet: (index) => {
      if (busy) return;
      set({ betIndex: Math.max(0, Math.min(definition.betLevels.length - 1, index)) });
    },
    setTurbo: (on) => set({ turbo: on }),
    dismissCelebration: () => {
      stopCelebration();
      set({ celebration: null });
    },
    dispose: () => {
      disposed = true;
      wake?.();
      stopShuffle();
      stopLines();
      stopCelebration();
    },
  };
}
