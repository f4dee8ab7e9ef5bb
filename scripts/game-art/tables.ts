/**
 * The table games' tile art (300×400 without the frame): roulette wheels with the 37 pockets in the
 * European order and their real colours, blackjack and baccarat tables with dealt cards and chips.
 */
import { INK, O, THIN, c, e, g, ln, p, r, star } from './draw';
import type { Deco } from './slots';

export interface TableTheme {
  bg: [string, string];
  frame: string;
  accent: string;
  deco: Deco;
  art: string;
}

/** The European wheel, clockwise from 0. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

function wheel(cx: number, cy: number, R: number, rim: string, hub: string, turn = 0): string {
  const pocket = (i: number) => {
    const n = WHEEL_ORDER[i];
    const a0 = ((i / 37) * 360 - 90 - 180 / 37 + turn) * (Math.PI / 180);
    const a1 = (((i + 1) / 37) * 360 - 90 - 180 / 37 + turn) * (Math.PI / 180);
    const pt = (a: number, rr: number) => `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
    const fill = n === 0 ? '#1f9d55' : RED.has(n) ? '#c0392b' : '#161616';
    return `<path d="M${pt(a0, R * 0.62)} L${pt(a0, R)} A${R},${R} 0 0 1 ${pt(a1, R)} L${pt(a1, R * 0.62)} A${R * 0.62},${R * 0.62} 0 0 0 ${pt(a0, R * 0.62)}Z" fill="${fill}" stroke="#d4af37" stroke-width=".8"/>`;
  };
  return (
    c(cx, cy, R + 14, rim, `stroke="${INK}" stroke-width="4"`) +
    c(cx, cy, R + 4, '#3b2414', '') +
    Array.from({ length: 37 }, (_, i) => pocket(i)).join('') +
    c(cx, cy, R * 0.62, hub, `stroke="#d4af37" stroke-width="3"`) +
    around4(cx, cy, R * 0.5) +
    c(cx, cy, 9, '#d4af37', THIN) +
    c(cx + (R - 8) * Math.cos(-1.1), cy + (R - 8) * Math.sin(-1.1), 6, '#fff', THIN)
  );
}
function around4(cx: number, cy: number, len: number): string {
  return [0, 90, 180, 270]
    .map((a) => `<path d="M${cx},${cy - len} L${cx + 4},${cy} L${cx},${cy + len} L${cx - 4},${cy}Z" fill="#d4af37" transform="rotate(${a + 45} ${cx} ${cy})"/>`)
    .join('');
}

const SUITS: Record<string, string> = {
  S: 'M0,-14 C8,-6 16,0 10,8 C6,12 2,10 1,7 L3,14 H-3 L-1,7 C-2,10 -6,12 -10,8 C-16,0 -8,-6 0,-14Z',
  H: 'M0,12 C-12,2 -16,-4 -12,-10 C-8,-14 -2,-12 0,-7 C2,-12 8,-14 12,-10 C16,-4 12,2 0,12Z',
  D: 'M0,-14 L10,0 L0,14 L-10,0Z',
  C: 'M0,-13 a5.5,5.5 0 1 1 -0.1,0 M-7,-2 a5.5,5.5 0 1 1 -0.1,0 M7,-2 a5.5,5.5 0 1 1 -0.1,0 M-1.5,2 L-3,13 H3 L1.5,2Z',
};
function card(x: number, y: number, rot: number, rank: string, suit: keyof typeof SUITS, back = ''): string {
  const red = suit === 'H' || suit === 'D' ? '#c0392b' : '#161616';
  const face = back
    ? r(x + 6, y + 6, 78, 118, 6, back, 'stroke="#fff" stroke-width="2"') + `<path d="${star(x + 45, y + 65, 8, 24, 12)}" fill="#ffffff40"/>`
    : `<text x="${x + 10}" y="${y + 30}" font-family="Georgia, 'DejaVu Serif', serif" font-size="26" font-weight="700" fill="${red}">${rank}</text>` +
      `<path d="${SUITS[suit]}" fill="${red}" transform="translate(${x + 18} ${y + 46}) scale(.6)"/>` +
      `<path d="${SUITS[suit]}" fill="${red}" transform="translate(${x + 48} ${y + 76}) scale(1.6)"/>`;
  return g(`rotate(${rot} ${x + 45} ${y + 65})`, r(x, y, 90, 130, 9, '#fff', `stroke="${INK}" stroke-width="2"`) + face);
}
function chip(cx: number, cy: number, color: string, stack = 1): string {
  let out = '';
  for (let i = stack - 1; i >= 0; i--) {
    const y = cy - i * 7;
    out +=
      e(cx, y + 4, 24, 9, '#00000055', '') +
      e(cx, y, 24, 9, color, THIN) +
      e(cx, y, 16, 5.5, 'none', 'stroke="#fff" stroke-width="2.5" stroke-dasharray="5 4"');
  }
  return out;
}
function crown(cx: number, cy: number, k = 1): string {
  return g(
    `translate(${cx} ${cy}) scale(${k})`,
    p('M-38,20 L-42,-16 L-20,2 L0,-26 L20,2 L42,-16 L38,20Z', '#ffd700') +
      c(0, 8, 5, '#c0392b', THIN) +
      c(-22, 10, 4, '#2d7dd2', THIN) +
      c(22, 10, 4, '#1f9d55', THIN),
  );
}
function felt(color: string, edge: string): string {
  return p('M-10,120 Q150,40 310,120 L310,320 L-10,320Z', color, `stroke="${edge}" stroke-width="6"`) + ln('M20,150 Q150,86 280,150', '#ffffff40', 2);
}
function bolt(x: number, y: number, k: number, color: string): string {
  return g(`translate(${x} ${y}) scale(${k})`, p('M12,-30 L-12,4 H2 L-8,30 L16,-6 H2Z', color, O));
}
function die(x: number, y: number, rot: number, color: string): string {
  const pips = [
    [-10, -10],
    [10, 10],
    [0, 0],
    [10, -10],
    [-10, 10],
  ];
  return g(`translate(${x} ${y}) rotate(${rot})`, r(-20, -20, 40, 40, 8, color, O) + pips.map(([a, b]) => c(a, b, 3.5, '#fff', '')).join(''));
}

export const TABLE_THEMES: Record<string, TableTheme> = {
  'roulette-european': {
    bg: ['#1f7a4d', '#062c1a'],
    frame: '#d4af37',
    accent: '#c0392b',
    deco: 'rays',
    art: wheel(150, 165, 96, '#7a4a26', '#5a3a22') + chip(60, 290, '#c0392b', 3) + chip(244, 292, '#2d7dd2', 2),
  },
  'roulette-french': {
    bg: ['#1d3f8f', '#0a1433'],
    frame: '#e6d3a3',
    accent: '#c0392b',
    deco: 'grid',
    art:
      wheel(150, 160, 92, '#5b3a1e', '#1d3f8f', 20) +
      r(40, 266, 220, 28, 4, '#1f7a4d', THIN) +
      ln('M80,266 V294 M120,266 V294 M160,266 V294 M200,266 V294', '#fff', 1.5) +
      chip(100, 262, '#f5f5f5', 2) +
      chip(200, 262, '#c0392b', 1),
  },
  'roulette-vip': {
    bg: ['#2b2b2b', '#050505'],
    frame: '#ffd700',
    accent: '#ffd700',
    deco: 'scales',
    art: wheel(150, 178, 92, '#d4af37', '#1b1b1b', -30) + crown(150, 52, 1.1) + chip(56, 300, '#111', 3) + chip(246, 300, '#7b2cbf', 2),
  },
  'blackjack-classic': {
    bg: ['#17633f', '#04210f'],
    frame: '#d4af37',
    accent: '#fff',
    deco: 'dots',
    art:
      felt('#1f7a4d', '#d4af37') +
      card(62, 106, -12, 'A', 'S') +
      card(150, 104, 10, 'K', 'H') +
      chip(150, 292, '#c0392b', 4) +
      chip(86, 296, '#2d7dd2', 2) +
      chip(216, 296, '#1b1b1b', 3),
  },
  'blackjack-vegas': {
    bg: ['#ff2bd6', '#2b0638'],
    frame: '#00f0ff',
    accent: '#ffe600',
    deco: 'confetti',
    art:
      felt('#5a189a', '#00f0ff') +
      card(70, 100, -14, '10', 'D') +
      card(146, 110, 8, 'A', 'C') +
      die(58, 268, -18, '#e63946') +
      die(242, 262, 14, '#ffe600') +
      chip(150, 296, '#00f0ff', 3),
  },
  'blackjack-vip': {
    bg: ['#2b2b2b', '#050505'],
    frame: '#ffd700',
    accent: '#ffd700',
    deco: 'scales',
    art:
      felt('#14213d', '#ffd700') +
      card(70, 120, -10, 'A', 'H', '') +
      card(144, 118, 10, '', 'S', '#7a0a0a') +
      crown(150, 56, 1) +
      chip(76, 300, '#111', 4) +
      chip(226, 300, '#ffd700', 3),
  },
  'baccarat-classic': {
    bg: ['#a4161a', '#2b0505'],
    frame: '#ffd700',
    accent: '#fff',
    deco: 'rays',
    art:
      felt('#1f7a4d', '#ffd700') +
      e(96, 250, 46, 22, 'none', 'stroke="#fff" stroke-width="3"') +
      e(206, 250, 46, 22, 'none', 'stroke="#fff" stroke-width="3"') +
      card(56, 102, -8, '9', 'D') +
      card(156, 102, 8, '8', 'C') +
      chip(96, 254, '#2d7dd2', 2) +
      chip(206, 254, '#c0392b', 3),
  },
  'baccarat-speed': {
    bg: ['#0077b6', '#03045e'],
    frame: '#ffd60a',
    accent: '#ffd60a',
    deco: 'rays',
    art:
      felt('#2d6a4f', '#ffd60a') +
      card(52, 110, -16, '9', 'H') +
      card(160, 106, 12, '7', 'S') +
      bolt(150, 70, 1.6, '#ffd60a') +
      c(150, 270, 30, '#fff', O) +
      ln('M150,270 V250 M150,270 L166,278', INK, 4) +
      r(142, 234, 16, 8, 2, INK, ''),
  },
  'baccarat-vip': {
    bg: ['#3c1518', '#0b0203'],
    frame: '#ffd700',
    accent: '#ffd700',
    deco: 'scales',
    art:
      felt('#2b2b2b', '#ffd700') +
      card(60, 118, -8, '9', 'S') +
      card(150, 118, 8, 'K', 'D') +
      crown(150, 58, 1) +
      chip(70, 300, '#ffd700', 3) +
      chip(232, 300, '#111', 4),
  },
};
