import { randomInt } from 'node:crypto';
import { encodePng, type Rgba } from './png';

/**
 * The slider puzzle picture: a randomly generated landscape (sky gradient, sun, hills, scattered
 * shapes and grain) with a piece-shaped hole, and the matching piece cut from the same spot.
 * The answer is the hole's left x; the piece sits at `pieceY` and slides horizontally.
 */
export const PUZZLE_WIDTH = 280;
export const PUZZLE_HEIGHT = 160;
export const PIECE_SIZE = 44;
const CORNER = 8;

export interface Puzzle {
  width: number;
  height: number;
  pieceSize: number;
  pieceY: number;
  answerX: number;
  background: Buffer;
  piece: Buffer;
}

type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** Inside the piece outline (a rounded square), in piece-local coordinates. */
function inPiece(x: number, y: number): boolean {
  const s = PIECE_SIZE - 1;
  if (x < 0 || y < 0 || x > s || y > s) return false;
  const cx = x < CORNER ? CORNER : Math.min(x, s - CORNER);
  const cy = y < CORNER ? CORNER : Math.min(y, s - CORNER);
  return (x - cx) ** 2 + (y - cy) ** 2 <= CORNER ** 2;
}
/** On the outline: inside, with a neighbour outside. */
const onEdge = (x: number, y: number) => inPiece(x, y) && (!inPiece(x - 1, y) || !inPiece(x + 1, y) || !inPiece(x, y - 1) || !inPiece(x, y + 1));

function landscape(width: number, height: number): Uint8Array {
  const px = new Uint8Array(width * height * 4);
  const hue = randomInt(360);
  const top = hsl(hue, 0.6, 0.35);
  const bottom = hsl((hue + 40) % 360, 0.7, 0.75);
  const sun = { x: randomInt(width), y: randomInt(height / 2), r: 14 + randomInt(16), c: hsl((hue + 180) % 360, 0.8, 0.7) };
  const hills = Array.from({ length: 3 }, (_, i) => ({
    base: height * (0.5 + i * 0.15),
    amp: 8 + randomInt(18),
    freq: ((1 + randomInt(4)) / width) * Math.PI * 2,
    phase: randomInt(1000) / 100,
    c: hsl((hue + 90 + i * 25) % 360, 0.45, 0.3 + i * 0.08),
  }));
  const shapes = Array.from({ length: 10 + randomInt(8) }, () => ({
    x: randomInt(width),
    y: randomInt(height),
    r: 4 + randomInt(14),
    square: randomInt(2) === 0,
    c: hsl(randomInt(360), 0.7, 0.55),
  }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = y / (height - 1);
      let c: Rgb = [0, 1, 2].map((i) => top[i]! + (bottom[i]! - top[i]!) * t) as Rgb;
      if ((x - sun.x) ** 2 + (y - sun.y) ** 2 <= sun.r ** 2) c = sun.c;
      for (const h of hills) if (y > h.base + Math.sin(x * h.freq + h.phase) * h.amp) c = h.c;
      for (const s of shapes) {
        const inside = s.square ? Math.abs(x - s.x) <= s.r && Math.abs(y - s.y) <= s.r : (x - s.x) ** 2 + (y - s.y) ** 2 <= s.r ** 2;
        if (inside) c = s.c;
      }
      const grain = randomInt(17) - 8;
      const o = (y * width + x) * 4;
      px[o] = Math.max(0, Math.min(255, c[0] + grain));
      px[o + 1] = Math.max(0, Math.min(255, c[1] + grain));
      px[o + 2] = Math.max(0, Math.min(255, c[2] + grain));
      px[o + 3] = 255;
    }
  }
  return px;
}

export function generatePuzzle(): Puzzle {
  const width = PUZZLE_WIDTH;
  const height = PUZZLE_HEIGHT;
  // The hole never overlaps the piece's starting place at the left edge.
  const answerX = PIECE_SIZE + 16 + randomInt(width - 2 * PIECE_SIZE - 20);
  const pieceY = 6 + randomInt(height - PIECE_SIZE - 12);
  const picture = landscape(width, height);

  const piece: Rgba = { width: PIECE_SIZE, height: PIECE_SIZE, pixels: new Uint8Array(PIECE_SIZE * PIECE_SIZE * 4) };
  for (let y = 0; y < PIECE_SIZE; y++) {
    for (let x = 0; x < PIECE_SIZE; x++) {
      if (!inPiece(x, y)) continue;
      const src = ((pieceY + y) * width + answerX + x) * 4;
      const dst = (y * PIECE_SIZE + x) * 4;
      const edge = onEdge(x, y);
      for (let i = 0; i < 3; i++) piece.pixels[dst + i] = edge ? 255 : picture[src + i]!;
      piece.pixels[dst + 3] = 255;
      // The hole: darkened, with a light outline.
      for (let i = 0; i < 3; i++) picture[src + i] = edge ? 230 : Math.round(picture[src + i]! * 0.35);
    }
  }
  return {
    width,
    height,
    pieceSize: PIECE_SIZE,
    pieceY,
    answerX,
    background: encodePng({ width, height, pixels: picture }),
    piece: encodePng(piece),
  };
}
