/**
 * Writes one SVG tile (3:4) per catalogue game into public/games/art/<code>.svg: a background in
 * the game's own colours and an emblem of its kind (reels, wheel, cards). No title or words: the site
 * shows the game's name in the page's language over the tile's darker bottom band (GameTile.tsx).
 * Deterministic: the same catalogue gives the same files. Run: npx tsx scripts/generate-game-art.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { GAME_TITLES } from '../contracts/games';
import { loadCatalogue, type CatalogueEntry } from '../server/modules/games/catalogue';

const W = 300;
const H = 400;
const out = path.join(process.cwd(), 'public', 'games', 'art');

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Numbers 0..1 derived from the code, so every game gets its own hues and pattern. */
function hashFloats(code: string): number[] {
  const h = createHash('sha256').update(code).digest();
  return Array.from(h, (b) => b / 255);
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360} ${Math.round(s)}% ${Math.round(l)}%)`;

function pattern(f: number[], hue: number): string {
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = f[i] * W;
    const y = f[i + 14] * H;
    const r = 8 + f[(i + 3) % 32] * 40;
    shapes.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${hsl(hue + 40 + f[i] * 60, 80, 70)}" opacity="${(0.08 + f[(i + 7) % 32] * 0.15).toFixed(2)}"/>`);
  }
  return shapes.join('');
}

function slotEmblem(entry: CatalogueEntry, hue: number): string {
  const def = entry.definition.kind === 'slot' ? entry.definition : null;
  const colors = def ? def.symbols.filter((s) => s.kind === 'normal').slice(0, 3).map((s) => s.color) : ['#e23d5c', '#f5b700', '#2fa84f'];
  const glyphs = ['7', '★', '♦'];
  const reels = [0, 1, 2]
    .map((i) => {
      const x = 45 + i * 72;
      return `<rect x="${x}" y="120" width="64" height="96" rx="10" fill="#fffaf0" stroke="${hsl(hue, 60, 30)}" stroke-width="4"/>
<text x="${x + 32}" y="186" font-family="Georgia, 'DejaVu Serif', serif" font-size="56" font-weight="700" text-anchor="middle" fill="${colors[i % colors.length]}">${glyphs[(i + Math.floor(hue)) % 3]}</text>`;
    })
    .join('');
  return `<rect x="30" y="104" width="240" height="128" rx="18" fill="${hsl(hue, 70, 22)}" stroke="#ffd700" stroke-width="5"/>${reels}
<circle cx="278" cy="140" r="10" fill="#ff4d4d"/><rect x="274" y="148" width="8" height="48" rx="4" fill="#ccc"/>`;
}

function rouletteEmblem(hue: number, vip: boolean): string {
  const cx = 150, cy = 170, r = 88;
  const slices: string[] = [];
  for (let i = 0; i < 37; i++) {
    const a0 = (i / 37) * Math.PI * 2;
    const a1 = ((i + 1) / 37) * Math.PI * 2;
    const p = (a: number, rr: number) => `${(cx + rr * Math.sin(a)).toFixed(1)},${(cy - rr * Math.cos(a)).toFixed(1)}`;
    const fill = i === 0 ? '#1f9d55' : i % 2 ? '#c0392b' : '#1b1b1b';
    slices.push(`<path d="M${cx},${cy} L${p(a0, r)} A${r},${r} 0 0 1 ${p(a1, r)} Z" fill="${fill}"/>`);
  }
  return `<circle cx="${cx}" cy="${cy}" r="${r + 10}" fill="${vip ? '#d4af37' : hsl(hue, 50, 30)}"/>${slices.join('')}
<circle cx="${cx}" cy="${cy}" r="44" fill="${hsl(hue, 40, 25)}" stroke="#d4af37" stroke-width="4"/><circle cx="${cx}" cy="${cy}" r="10" fill="#d4af37"/>
<circle cx="${cx + 60}" cy="${cy - 50}" r="7" fill="#fff"/>`;
}

function card(x: number, y: number, rot: number, rank: string, suit: string): string {
  const red = suit === '♥' || suit === '♦';
  return `<g transform="rotate(${rot} ${x + 45} ${y + 65})"><rect x="${x}" y="${y}" width="90" height="130" rx="10" fill="#fff" stroke="#333" stroke-width="2"/>
<text x="${x + 12}" y="${y + 30}" font-family="Georgia, 'DejaVu Serif', serif" font-size="26" font-weight="700" fill="${red ? '#c0392b' : '#111'}">${rank}</text>
<text x="${x + 45}" y="${y + 88}" font-family="'DejaVu Sans', sans-serif" font-size="48" text-anchor="middle" fill="${red ? '#c0392b' : '#111'}">${suit}</text></g>`;
}

function tableEmblem(kind: string, hue: number): string {
  const felt = `<ellipse cx="150" cy="175" rx="130" ry="95" fill="${hsl(140 + (hue % 40), 55, 24)}" stroke="#d4af37" stroke-width="5"/>`;
  if (kind === 'blackjack') return felt + card(62, 105, -12, 'A', '♠') + card(148, 105, 10, 'K', '♥');
  return felt + card(50, 110, -8, '9', '♦') + card(160, 110, 8, '8', '♣');
}

function svg(entry: CatalogueEntry, index: number): string {
  const f = hashFloats(entry.gameCode);
  // The golden angle spreads neighbouring games' hues apart.
  const hue = (index * 137.5 + f[0] * 20) % 360;
  // The name only labels the file for tools; nothing is written on the art.
  const title = entry.titles?.en ?? GAME_TITLES[entry.gameCode]?.en ?? entry.gameCode;
  const vip = entry.gameCode.includes('vip');
  const emblem =
    entry.definition.kind === 'slot'
      ? slotEmblem(entry, hue)
      : entry.definition.kind === 'roulette'
        ? rouletteEmblem(hue, vip)
        : tableEmblem(entry.definition.kind, hue);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" aria-hidden="true"><title>${esc(title)}</title>
<defs><linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 45)}"/><stop offset="1" stop-color="${hsl(hue + 50, 65, 18)}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${pattern(f, hue)}
${emblem}
<rect x="0" y="${H - 96}" width="${W}" height="96" fill="#000" opacity="0.35"/>
${vip ? `<path d="M112 58 L120 26 L136 44 L150 18 L164 44 L180 26 L188 58 Z" fill="#ffd700" stroke="#8a6d00" stroke-width="2" stroke-linejoin="round"/>` : ''}
</svg>
`;
}

mkdirSync(out, { recursive: true });
const catalogue = loadCatalogue();
catalogue.forEach((entry, i) => writeFileSync(path.join(out, `${entry.gameCode}.svg`), svg(entry, i)));
console.log(`wrote ${catalogue.length} SVG tiles to ${path.relative(process.cwd(), out)}`);
