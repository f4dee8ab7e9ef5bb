/**
 * Drawing helpers for the game art: SVG fragments in a 100×100 box, outlined in one dark ink so
 * every motif reads on any reel. Kept tiny on purpose: the art is shipped as SVG files.
 */
export const INK = '#2a1608';
export const O = `stroke="${INK}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"`;
export const THIN = `stroke="${INK}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"`;

export const c = (cx: number, cy: number, r: number, fill: string, extra = O) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
export const e = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = O) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
export const p = (d: string, fill: string, extra = O) => `<path d="${d}" fill="${fill}" ${extra}/>`;
export const r = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = O) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" ${extra}/>`;
/** A stroke-only line in a colour (no ink outline). */
export const ln = (d: string, color: string, width = 3) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
/** A white shine, for the glossy look. */
export const shine = (d: string) => `<path d="${d}" fill="none" stroke="#fff" stroke-opacity=".65" stroke-width="3" stroke-linecap="round"/>`;
export const g = (transform: string, body: string) => `<g transform="${transform}">${body}</g>`;

/** Points of a regular star (n points, outer radius R, inner r) as a path. */
export function star(cx: number, cy: number, n: number, R: number, ri: number, rot = -90): string {
  const pts: string[] = [];
  for (let i = 0; i < n * 2; i++) {
    const a = ((rot + (i * 180) / n) * Math.PI) / 180;
    const rr = i % 2 ? ri : R;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join('L')}Z`;
}

/** n copies of a fragment turned round (cx, cy). */
export function around(n: number, cx: number, cy: number, body: string, start = 0): string {
  return Array.from({ length: n }, (_, i) => `<g transform="rotate(${start + (i * 360) / n} ${cx} ${cy})">${body}</g>`).join('');
}

/** A five-petal blossom (sakura has a notch in each petal). */
export function blossom(cx: number, cy: number, size: number, fill: string, centre: string, notch = true): string {
  const s = size;
  const petal = notch
    ? `M${cx},${cy} C${cx - s * 0.55},${cy - s * 0.45} ${cx - s * 0.4},${cy - s} ${cx - s * 0.12},${cy - s} L${cx},${cy - s * 0.85} L${cx + s * 0.12},${cy - s} C${cx + s * 0.4},${cy - s} ${cx + s * 0.55},${cy - s * 0.45} ${cx},${cy}Z`
    : `M${cx},${cy} C${cx - s * 0.6},${cy - s * 0.45} ${cx - s * 0.35},${cy - s} ${cx},${cy - s} C${cx + s * 0.35},${cy - s} ${cx + s * 0.6},${cy - s * 0.45} ${cx},${cy}Z`;
  return around(5, cx, cy, p(petal, fill, THIN)) + c(cx, cy, s * 0.18, centre, THIN);
}

/** A radiating burst behind scatters. */
export function burst(color: string, n = 12): string {
  return `<path d="${star(50, 50, n, 50, 30)}" fill="${color}" opacity=".55"/>`;
}

/** The banner a wild wears: its word on a gold ribbon across the bottom. */
export function ribbon(word: string, fill = '#ffd84a', text = '#5a1a00'): string {
  return `${p('M6,70 L94,70 L88,80 L94,90 L6,90 L12,80Z', fill, THIN)}<text x="50" y="86" font-family="Impact, 'Arial Black', 'DejaVu Sans', sans-serif" font-weight="900" font-size="17" letter-spacing="1" text-anchor="middle" fill="${text}">${word}</text>`;
}

/** A card rank drawn for a theme: the letter in the theme's colours with its own ornament. */
export function rank(letter: string, fill: string, edge: string, ornament = ''): string {
  return `${ornament}<text x="50" y="74" font-family="Georgia, 'Times New Roman', 'DejaVu Serif', serif" font-weight="700" font-size="66" text-anchor="middle" fill="${fill}" stroke="${edge}" stroke-width="3.5" paint-order="stroke" stroke-linejoin="round">${letter}</text>`;
}
