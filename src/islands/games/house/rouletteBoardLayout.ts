import type { RouletteBetType } from '../../../../contracts/games';

/**
 * Where every bet of a single-zero roulette layout sits on the board the house table and the shared
 * live tables both draw (RouletteBoard.tsx). No React here: the geometry is tested on its own
 * (tests/unit/roulette-board.test.ts checks it against the engine's legal groups).
 *
 * The board is a CSS grid. Along the table's length are 14 places: 0, the twelve streets, the column
 * bets. Across it, the rows of 1s, 2s and 3s, then (outside the row of 1s) a strip holding the
 * streets, six lines and the first four, then the dozens and the even chances. Each place and each
 * row is three tracks: a half band, the middle, a half band. A straight covers its three tracks each
 * way; a split is the two half bands either side of the line between two numbers (times the middle
 * of the other way); a corner, a trio, a six line and the first four are the two half bands either
 * side of where lines meet. Bands and meeting points lie over the straights, so a tap on a line or a
 * corner takes that bet and a tap on a number's middle takes the number.
 *
 * Wide (`h`): the table lies flat, 0 on the left, the row of 3s on top. Upright (`v`, a phone): the
 * strip is on the left, the rows of 1s, 2s and 3s are columns read left to right, 0 on top.
 */

export interface BoardBet {
  type: RouletteBetType;
  numbers?: number[];
  value?: number;
}

export type TargetShape = 'zero' | 'number' | 'split' | 'point' | 'street' | 'outside';

export interface BoardTarget {
  bet: BoardBet;
  /** The bet as a live table's spot: `split-8-11`, `dozen-2`, `red`. */
  spot: string;
  shape: TargetShape;
  /** CSS grid-area on the wide board and on the upright one. */
  h: string;
  v: string;
}

/** The bet as a spot string (contracts/live-tables.ts rouletteSpot, without loading that module here). */
export const spotOf = (bet: BoardBet): string =>
  bet.value != null ? `${bet.type}-${bet.value}` : bet.numbers?.length ? [bet.type, ...[...bet.numbers].sort((a, b) => a - b)].join('-') : bet.type;

/** Tracks along the table: place k (0 = zero, 1..12 = streets, 13 = column bets). */
type Span = [start: number, span: number];
const place = (k: number): Span => [3 * k + 1, 3];
const middleOf = (k: number): Span => [3 * k + 2, 1];
/** The line before place k: the half bands either side of it. */
const lineBefore = (k: number): Span => [3 * k, 2];

/** Across: row r (0 = the 1s, 2 = the 3s), the line between rows r-1 and r, the strip, dozens, even chances. */
type Across = { kind: 'row'; r: number; part: 'all' | 'middle' } | { kind: 'line'; r: number } | { kind: 'strip' | 'dozens' | 'chances' } | { kind: 'rows' };

const acrossH = (a: Across): Span => {
  switch (a.kind) {
    case 'row':
      return a.part === 'all' ? [1 + 3 * (2 - a.r), 3] : [2 + 3 * (2 - a.r), 1];
    case 'line':
      return [9 - 3 * a.r, 2];
    case 'rows':
      return [1, 9];
    case 'strip':
      return [10, 1];
    case 'dozens':
      return [11, 1];
    case 'chances':
      return [12, 1];
  }
};
const acrossV = (a: Across): Span => {
  switch (a.kind) {
    case 'row':
      return a.part === 'all' ? [2 + 3 * a.r, 3] : [3 + 3 * a.r, 1];
    case 'line':
      return [3 * a.r + 1, 2];
    case 'rows':
      return [2, 9];
    case 'strip':
      return [1, 1];
    case 'dozens':
      return [11, 1];
    case 'chances':
      return [12, 1];
  }
};

const area = (row: Span, col: Span) => `${row[0]} / ${col[0]} / span ${row[1]} / span ${col[1]}`;

function target(bet: BoardBet, shape: TargetShape, along: Span, across: Across): BoardTarget {
  return { bet, spot: spotOf(bet), shape, h: area(acrossH(across), along), v: area(along, acrossV(across)) };
}

/** The number at street c (0..11), row r (0 = 1s). */
const at = (c: number, r: number) => 3 * c + r + 1;

export const EVEN_CHANCES = ['low', 'even', 'red', 'black', 'odd', 'high'] as const;

/** Every target of the board, in reading (and tab) order: 0, then street by street, then the outside bets. */
export function rouletteTargets(): BoardTarget[] {
  const out: BoardTarget[] = [target({ type: 'straight', numbers: [0] }, 'zero', place(0), { kind: 'rows' })];
  // Between 0 and the first street: the splits 0-1, 0-2, 0-3, the trios, the first four on the strip.
  for (let r = 0; r < 3; r++) out.push(target({ type: 'split', numbers: [0, r + 1] }, 'split', lineBefore(1), { kind: 'row', r, part: 'middle' }));
  out.push(target({ type: 'street', numbers: [0, 1, 2] }, 'point', lineBefore(1), { kind: 'line', r: 1 }));
  out.push(target({ type: 'street', numbers: [0, 2, 3] }, 'point', lineBefore(1), { kind: 'line', r: 2 }));
  out.push(target({ type: 'corner', numbers: [0, 1, 2, 3] }, 'point', lineBefore(1), { kind: 'strip' }));
  for (let c = 0; c < 12; c++) {
    const k = c + 1;
    for (let r = 0; r < 3; r++) out.push(target({ type: 'straight', numbers: [at(c, r)] }, 'number', place(k), { kind: 'row', r, part: 'all' }));
    // Splits within the street (the line between two rows).
    for (let r = 1; r < 3; r++) out.push(target({ type: 'split', numbers: [at(c, r - 1), at(c, r)] }, 'split', middleOf(k), { kind: 'line', r }));
    out.push(target({ type: 'street', numbers: [at(c, 0), at(c, 1), at(c, 2)] }, 'street', place(k), { kind: 'strip' }));
    if (c === 11) break;
    // The line to the next street: splits across it, the corners where it meets the rows' lines, the six line on the strip.
    for (let r = 0; r < 3; r++)
      out.push(target({ type: 'split', numbers: [at(c, r), at(c + 1, r)] }, 'split', lineBefore(k + 1), { kind: 'row', r, part: 'middle' }));
    for (let r = 1; r < 3; r++)
      out.push(target({ type: 'corner', numbers: [at(c, r - 1), at(c, r), at(c + 1, r - 1), at(c + 1, r)] }, 'point', lineBefore(k + 1), { kind: 'line', r }));
    out.push(target({ type: 'line', numbers: [0, 1, 2, 3, 4, 5].map((i) => 3 * c + 1 + i) }, 'point', lineBefore(k + 1), { kind: 'strip' }));
  }
  for (let v = 1; v <= 3; v++) out.push(target({ type: 'column', value: v }, 'outside', place(13), { kind: 'row', r: v - 1, part: 'all' }));
  for (let d = 1; d <= 3; d++) out.push(target({ type: 'dozen', value: d }, 'outside', [3 * (1 + 4 * (d - 1)) + 1, 12], { kind: 'dozens' }));
  for (const [i, type] of EVEN_CHANCES.entries()) out.push(target({ type }, 'outside', [3 * (1 + 2 * i) + 1, 6], { kind: 'chances' }));
  return out;
}
