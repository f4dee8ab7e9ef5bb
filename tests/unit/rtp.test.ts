import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../server/modules/games/catalogue';
import { RTP_TOLERANCE_SE, simulateGame, slotExactRtp } from '../../server/modules/games/rtp';
import { playSlot, slotRoundWin, slotTheoreticalRtp } from '../../contracts/house/slot';
import { simulationRandom, type RandomSource } from '../../contracts/house/random';
import type { SlotDefinition } from '../../contracts/games';

/**
 * Every game's declared RTP, checked by simulating 1,000,000 rounds of its engine (fixed seeds, so
 * reproducible). Tolerance: RTP_TOLERANCE_SE (4.5) standard errors of the measured mean, the
 * standard error coming from the measured spread of one round's return (server/modules/games/rtp.ts).
 * For slots the declared RTP must also equal the exact value computed from the reel strips.
 */
const ROUNDS = 1_000_000;
const catalogue = loadCatalogue();

describe('declared RTP of every game, by simulation of 1,000,000 rounds', () => {
  it('the catalogue has at least 30 games', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(30);
  });

  for (const [i, game] of catalogue.entries()) {
    it(`${game.gameCode}: declared ${(game.rtp * 100).toFixed(2)}% is within tolerance`, { timeout: 120_000 }, () => {
      const exact = slotExactRtp(game.definition);
      if (exact !== null) expect(Math.abs(exact - game.rtp)).toBeLessThan(1e-6);
      for (const check of simulateGame(game, ROUNDS, 1000 + i)) {
        const z = (check.measured - check.declared) / check.standardError;
        expect(check.rounds).toBe(ROUNDS);
        expect(Math.abs(z), `${check.bet}: measured ${check.measured.toFixed(5)} vs ${check.declared.toFixed(5)} (${z.toFixed(2)} SE)`).toBeLessThanOrEqual(RTP_TOLERANCE_SE);
      }
    });
  }
});

describe('the slot RTP formula', () => {
  /** A small slot whose every stop combination can be enumerated. */
  const tiny: SlotDefinition = {
    kind: 'slot',
    rows: 2,
    reels: [
      ['A', 'B', 'S', 'A', 'C', 'B'],
      ['A', 'W', 'B', 'S', 'C'],
      ['W', 'A', 'C', 'B', 'S', 'A'],
      ['B', 'A', 'W', 'C', 'S'],
      ['A', 'S', 'B', 'W', 'C', 'A'],
    ],
    symbols: [
      { id: 'A', kind: 'normal', glyph: 'A', color: '#f00', pays: [0, 1, 3, 8, 20] },
      { id: 'B', kind: 'normal', glyph: 'B', color: '#0f0', pays: [0, 0, 5, 10, 40] },
      { id: 'C', kind: 'normal', glyph: 'C', color: '#00f', pays: [0, 0, 2, 4, 6] },
      { id: 'W', kind: 'wild', glyph: 'W', color: '#ff0', pays: [0, 0, 0, 0, 0] },
      { id: 'S', kind: 'scatter', glyph: 'S', color: '#f0f', pays: [0, 1, 4, 20, 100] },
    ],
    paylines: [[0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [0, 1, 0, 1, 0]],
    freeSpins: null,
    betLevels: [3],
  };

  it('equals the average over every stop combination (exact enumeration)', () => {
    const lengths = tiny.reels.map((r) => r.length);
    let total = 0;
    let combos = 0;
    const stops = [0, 0, 0, 0, 0];
    const walk = (reel: number) => {
      if (reel === 5) {
        let k = 0;
        const fixed: RandomSource = { int: () => stops[k++] };
        total += playSlot(tiny, fixed, 3).totalWin;
        combos++;
        return;
      }
      for (let s = 0; s < lengths[reel]; s++) {
        stops[reel] = s;
        walk(reel + 1);
      }
    };
    walk(0);
    expect(slotTheoreticalRtp(tiny).rtp).toBeCloseTo(total / combos / 3, 12);
  });

  it('the simulation path and the recorded path of the engine pay the same', () => {
    const def = catalogue.find((g) => g.gameCode === 'slot-dragon-pearl')!.definition as SlotDefinition;
    const a = simulationRandom(42);
    const b = simulationRandom(42);
    for (let i = 0; i < 20_000; i++) expect(slotRoundWin(def, a, def.betLevels[0])).toBe(playSlot(def, b, def.betLevels[0]).totalWin);
  });
});
