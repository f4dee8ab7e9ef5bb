import { describe, expect, it } from 'vitest';
import { coveredNumbers, GROUPS } from '../../contracts/house/roulette';
import { rouletteSpot, rouletteSpotBet } from '../../contracts/live-tables';
import { rouletteTargets, type BoardTarget } from '../../src/islands/games/house/rouletteBoardLayout';

/**
 * The board both roulettes draw (src/islands/games/house/RouletteBoard.tsx): every bet the engine
 * takes is on it exactly once, nothing the engine refuses is, and each spot lies where its numbers
 * are on the layout, flat and upright.
 */
const targets = rouletteTargets();
const key = (numbers: number[]) => [...numbers].sort((a, b) => a - b).join(',');

interface Rect {
  row: [number, number];
  col: [number, number];
}
/** A grid-area `row / col / span r / span c` as half-open track ranges. */
function rect(area: string): Rect {
  const [r, c, rs, cs] = area.split('/').map((p) => Number(p.trim().replace('span ', '')));
  return { row: [r, r + rs], col: [c, c + cs] };
}
const meets = (a: [number, number], b: [number, number]) => a[0] < b[1] && b[0] < a[1];
const overlap = (a: Rect, b: Rect) => meets(a.row, b.row) && meets(a.col, b.col);
const ORIENTATIONS = [
  // Flat: the table's length runs along the columns; upright: along the rows.
  { name: 'flat', area: (t: BoardTarget) => t.h, along: (r: Rect) => r.col },
  { name: 'upright', area: (t: BoardTarget) => t.v, along: (r: Rect) => r.row },
] as const;

describe('roulette board', () => {
  it('offers every split, street, corner and six line of the engine exactly once (trios and the first four included)', () => {
    for (const type of ['split', 'street', 'corner', 'line'] as const) {
      const offered = targets.filter((t) => t.bet.type === type).map((t) => key(t.bet.numbers!));
      expect(offered.length, type).toBe(new Set(offered).size);
      expect(new Set(offered), type).toEqual(GROUPS[type]);
    }
    expect(GROUPS.street.has('0,1,2') && GROUPS.street.has('0,2,3') && GROUPS.corner.has('0,1,2,3')).toBe(true);
  });

  it('offers each number, column, dozen and even chance once, and nothing the engine or a live table refuses', () => {
    const spots = targets.map((t) => t.spot);
    expect(spots.length).toBe(new Set(spots).size);
    expect(targets.filter((t) => t.bet.type === 'straight').map((t) => t.bet.numbers![0])).toEqual(Array.from({ length: 37 }, (_, n) => n));
    expect(spots.filter((s) => /^(dozen|column)-/.test(s)).sort()).toEqual(['column-1', 'column-2', 'column-3', 'dozen-1', 'dozen-2', 'dozen-3']);
    expect(spots.filter((s) => !s.includes('-')).sort()).toEqual(['black', 'even', 'high', 'low', 'odd', 'red']);
    const sizes = Object.values(GROUPS).reduce((n, g) => n + g.size, 0);
    expect(targets.length).toBe(37 + sizes + 12);
    for (const t of targets) {
      expect(coveredNumbers(t.bet), t.spot).not.toBeNull();
      expect(rouletteSpotBet(t.spot), t.spot).not.toBeNull();
      expect(rouletteSpot(t.bet)).toBe(t.spot);
    }
  });

  for (const o of ORIENTATIONS) {
    it(`puts each inside bet where its numbers meet (${o.name})`, () => {
      const straights = targets.filter((t) => t.bet.type === 'straight').map((t) => ({ n: t.bet.numbers![0], r: rect(o.area(t)) }));
      for (const t of targets.filter((x) => x.bet.numbers && x.bet.type !== 'straight')) {
        const r = rect(o.area(t));
        // On the strip (streets, six lines, first four) the numbers are those of the places it runs along; elsewhere the numbers it lies over.
        const onStrip = t.shape === 'street' || !straights.some((s) => overlap(s.r, r));
        const touched = straights.filter((s) => (onStrip ? meets(o.along(s.r), o.along(r)) : overlap(s.r, r))).map((s) => s.n);
        expect(key(touched), `${t.spot} (${o.name})`).toBe(key(t.bet.numbers!));
      }
    });

    it(`lays no two cells, and no two lines or corners, over each other (${o.name})`, () => {
      const cells = targets.filter((t) => t.shape !== 'split' && t.shape !== 'point');
      const over = targets.filter((t) => t.shape === 'split' || t.shape === 'point');
      for (const group of [cells, over])
        for (let i = 0; i < group.length; i++)
          for (let j = i + 1; j < group.length; j++)
            expect(overlap(rect(o.area(group[i])), rect(o.area(group[j]))), `${group[i].spot} / ${group[j].spot}`).toBe(false);
    });
  }
});
