import type { SlotDefinition, SlotSpin } from '../games';
import type { RandomSource } from './random';

/**
 * The slot engine, driven entirely by the game's definition (reels, paylines, paytable, features).
 * Rules: line wins pay left to right from reel 1 for the symbol on reel 1 (wilds, which never sit on
 * reel 1, substitute for it); one win per line. Scatters pay anywhere, on the total bet. Free spins
 * replay the same reels with a multiplier and can retrigger; they are played out inside the round.
 */

/** Upper bound of free spins in one round, so a round always ends (never reached in practice). */
export const MAX_FREE_SPINS = 500;

export interface CompiledSlot {
  def: SlotDefinition;
  reels: Int32Array[];
  kinds: Array<'normal' | 'wild' | 'scatter'>;
  pays: number[][];
  ids: string[];
  wild: number;
  scatter: number;
}

const cache = new WeakMap<SlotDefinition, CompiledSlot>();

/** Symbols as small integers for speed (simulations spin millions of times). */
export function compileSlot(def: SlotDefinition): CompiledSlot {
  const hit = cache.get(def);
  if (hit) return hit;
  const index = new Map(def.symbols.map((s, i) => [s.id, i]));
  const reels = def.reels.map((strip) =>
    Int32Array.from(strip, (id) => {
      const i = index.get(id);
      if (i === undefined) throw new Error(`slot: unknown symbol ${id}`);
      return i;
    }),
  );
  const compiled: CompiledSlot = {
    def,
    reels,
    kinds: def.symbols.map((s) => s.kind),
    pays: def.symbols.map((s) => s.pays),
    ids: def.symbols.map((s) => s.id),
    wild: def.symbols.findIndex((s) => s.kind === 'wild'),
    scatter: def.symbols.findIndex((s) => s.kind === 'scatter'),
  };
  cache.set(def, compiled);
  return compiled;
}

/** Scratch grid for spins that record nothing (simulations): no allocation per spin. */
let scratch = new Int32Array(64);

/**
 * One spin. With `record` it also fills in the spin's details for the player; without, it only
 * counts (the RTP simulation), through the same code so the simulation checks what players get.
 */
function spinCore(c: CompiledSlot, rng: RandomSource, bet: number, multiplier: number, record: SlotSpin | null): { win: number; awarded: number } {
  const { def, reels, kinds, pays, wild, scatter } = c;
  const rows = def.rows;
  const nReels = reels.length;
  const lineBet = bet / def.paylines.length;
  if (scratch.length < nReels * rows) scratch = new Int32Array(nReels * rows);
  const grid = scratch;
  let scatterCount = 0;
  for (let r = 0; r < nReels; r++) {
    const strip = reels[r];
    const stop = rng.int(strip.length);
    if (record) record.stops.push(stop);
    for (let row = 0; row < rows; row++) {
      const sym = strip[(stop + row) % strip.length];
      grid[r * rows + row] = sym;
      if (sym === scatter) scatterCount++;
    }
  }
  let win = 0;
  const lines = def.paylines;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l];
    const first = grid[line[0]];
    if (kinds[first] !== 'normal') continue;
    let count = 1;
    while (count < nReels) {
      const sym = grid[count * rows + line[count]];
      if (sym !== first && sym !== wild) break;
      count++;
    }
    const pay = pays[first][count - 1];
    if (pay > 0) {
      const w = pay * lineBet * multiplier;
      win += w;
      if (record) record.lineWins.push({ line: l, symbol: c.ids[first], count, win: w });
    }
  }
  let scatterWin = 0;
  if (scatterCount > 0) scatterWin = (pays[scatter][scatterCount - 1] ?? 0) * bet * multiplier;
  win += scatterWin;
  const fs = def.freeSpins;
  const awarded = fs && scatterCount >= fs.scatters ? fs.spins : 0;
  if (record) {
    for (let r = 0; r < nReels; r++) record.grid.push(Array.from(grid.subarray(r * rows, r * rows + rows), (s) => c.ids[s]));
    Object.assign(record, { scatterCount, scatterWin, multiplier, freeSpinsAwarded: awarded, win });
  }
  return { win, awarded };
}

function spinOnce(c: CompiledSlot, rng: RandomSource, bet: number, multiplier: number): SlotSpin {
  const spin: SlotSpin = { stops: [], grid: [], lineWins: [], scatterCount: 0, scatterWin: 0, multiplier, freeSpinsAwarded: 0, win: 0 };
  spinCore(c, rng, bet, multiplier, spin);
  return spin;
}

export interface SlotResult {
  base: SlotSpin;
  freeSpins: SlotSpin[];
  totalWin: number;
}

/** Plays one paid spin and any free spins it awards. `bet` must be one of the definition's bet levels. */
export function playSlot(def: SlotDefinition, rng: RandomSource, bet: number): SlotResult {
  const c = compileSlot(def);
  const base = spinOnce(c, rng, bet, 1);
  const freeSpins: SlotSpin[] = [];
  let totalWin = base.win;
  let remaining = base.freeSpinsAwarded;
  while (remaining > 0 && freeSpins.length < MAX_FREE_SPINS) {
    remaining--;
    const spin = spinOnce(c, rng, bet, def.freeSpins!.multiplier);
    freeSpins.push(spin);
    totalWin += spin.win;
    remaining += spin.freeSpinsAwarded;
  }
  return { base, freeSpins, totalWin };
}

/** The total win of one paid round (free spins included), without recording it: simulations. */
export function slotRoundWin(def: SlotDefinition, rng: RandomSource, bet: number): number {
  const c = compileSlot(def);
  let { win: total, awarded: remaining } = spinCore(c, rng, bet, 1, null);
  let played = 0;
  while (remaining > 0 && played < MAX_FREE_SPINS) {
    remaining--;
    played++;
    const r = spinCore(c, rng, bet, def.freeSpins!.multiplier, null);
    total += r.win;
    remaining += r.awarded;
  }
  return total;
}

export function isValidSlotBet(def: SlotDefinition, bet: number): boolean {
  return def.betLevels.includes(bet) && bet % def.paylines.length === 0;
}
