/**
 * Writes every game's art from the drawings in scripts/game-art/: a 3:4 tile per catalogue game in
 * public/games/art/<code>.svg (a background and frame in the game's colours, and its theme: a slot's
 * own symbols, a roulette wheel, a card table) and each slot's symbol set in
 * public/games/symbols/<code>/<id>.svg, the game page's backdrop in public/games/backdrops/<code>.svg, plus the symbols' names for screen readers in
 * locales/{ja,en}/games.json (slotArt.<code>.<id>). No title or words on the tiles: the site writes
 * the game's name in the page's language over the tile's darker bottom band (GameTile.tsx).
 * Deterministic: the same drawings give the same files. Run: npx tsx scripts/generate-game-art.ts
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { GAME_TITLES } from '../contracts/games';
import { LANGUAGES, languageInfo } from '../contracts/languages';
import { loadCatalogue } from '../server/modules/games/catalogue';
import { SLOT_THEMES, type Deco } from './game-art/slots';
import { TABLE_THEMES } from './game-art/tables';
import { g, star } from './game-art/draw';

const W = 300;
const H = 400;
const root = process.cwd();
const artDir = path.join(root, 'public', 'games', 'art');
const symbolDir = path.join(root, 'public', 'games', 'symbols');
const backdropDir = path.join(root, 'public', 'games', 'backdrops');

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Numbers 0..1 from the code, so the scattered pattern of each tile is its own. */
function hashFloats(code: string): number[] {
  return Array.from(createHash('sha256').update(code).digest(), (b) => b / 255);
}

/** The background pattern of a tile, in the theme's light colour. */
function deco(kind: Deco, color: string, f: number[]): string {
  const at = (i: number) => [f[i % 32] * W, f[(i + 11) % 32] * (H - 90)];
  const out: string[] = [`<g fill="${color}" stroke="none" opacity=".18">`];
  switch (kind) {
    case 'petals':
      for (let i = 0; i < 16; i++) {
        const [x, y] = at(i);
        out.push(
          `<path d="M0,0 C-6,-6 -4,-14 0,-14 C4,-14 6,-6 0,0Z" transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${(f[(i + 5) % 32] * 360).toFixed(0)}) scale(${(1 + f[(i + 3) % 32] * 1.5).toFixed(2)})"/>`,
        );
      }
      break;
    case 'waves':
      for (let y = 20; y < H; y += 34)
        out.push(`<path d="M0,${y} q25,-16 50,0 t50,0 t50,0 t50,0 t50,0 t50,0" fill="none" stroke="${color}" stroke-width="5"/>`);
      break;
    case 'stars':
      for (let i = 0; i < 22; i++) {
        const [x, y] = at(i);
        out.push(`<path d="${star(x, y, 4, 3 + f[(i + 2) % 32] * 7, 1.2)}"/>`);
      }
      break;
    case 'dots':
      for (let y = 14; y < H; y += 28) for (let x = (y / 28) % 2 ? 14 : 28; x < W; x += 28) out.push(`<circle cx="${x}" cy="${y}" r="5"/>`);
      break;
    case 'rays':
      for (let i = 0; i < 18; i++)
        out.push(
          `<path d="M150,170 L${(150 + 420 * Math.cos((i / 18) * Math.PI * 2)).toFixed(0)},${(170 + 420 * Math.sin((i / 18) * Math.PI * 2)).toFixed(0)} L${(150 + 420 * Math.cos(((i + 0.5) / 18) * Math.PI * 2)).toFixed(0)},${(170 + 420 * Math.sin(((i + 0.5) / 18) * Math.PI * 2)).toFixed(0)}Z"/>`,
        );
      break;
    case 'confetti':
      for (let i = 0; i < 26; i++) {
        const [x, y] = at(i);
        out.push(
          `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="10" height="5" rx="2" transform="rotate(${(f[(i + 7) % 32] * 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
        );
      }
      break;
    case 'grid':
      for (let x = 0; x <= W; x += 30) out.push(`<path d="M${x},0 V${H}" stroke="${color}" stroke-width="1.5"/>`);
      for (let y = 0; y <= H; y += 30) out.push(`<path d="M0,${y} H${W}" stroke="${color}" stroke-width="1.5"/>`);
      break;
    case 'leaves':
      for (let i = 0; i < 14; i++) {
        const [x, y] = at(i);
        out.push(
          `<path d="M0,0 Q12,-22 0,-40 Q-12,-22 0,0Z" transform="translate(${x.toFixed(0)} ${y.toFixed(0)}) rotate(${(f[(i + 9) % 32] * 360).toFixed(0)})"/>`,
        );
      }
      break;
    case 'bamboo':
      for (let x = 20; x < W; x += 56)
        out.push(
          `<rect x="${x}" y="0" width="16" height="${H}" rx="6"/>`,
          ...[60, 150, 240, 330].map((y) => `<rect x="${x - 2}" y="${y + (x % 40)}" width="20" height="4" fill="#000"/>`),
        );
      break;
    case 'sand':
      for (let y = 30; y < H; y += 40) out.push(`<path d="M0,${y} Q75,${y - 18} 150,${y} T300,${y}" fill="none" stroke="${color}" stroke-width="8"/>`);
      break;
    case 'scales':
      for (let y = 0; y < H + 20; y += 20)
        for (let x = (y / 20) % 2 ? 0 : 20; x < W + 20; x += 40)
          out.push(`<path d="M${x - 20},${y} A20,20 0 0 1 ${x + 20},${y}" fill="none" stroke="${color}" stroke-width="2.5"/>`);
      break;
  }
  out.push('</g>');
  return out.join('');
}

/** A slot's tile: its top symbol large in a glow, two more of its symbols at its feet. */
function slotArt(code: string): string {
  const t = SLOT_THEMES[code];
  const sym = (id: string, x: number, y: number, size: number) => g(`translate(${x - size / 2} ${y - size / 2}) scale(${size / 100})`, t.symbols[id].svg);
  return `<circle cx="150" cy="150" r="118" fill="url(#glow)"/>${sym('H1', 150, 148, 200)}${sym('H2', 62, 262, 92)}${sym('H3', 238, 262, 92)}`;
}

function tile(code: string, title: string): string {
  const slot = SLOT_THEMES[code];
  const theme = slot ?? TABLE_THEMES[code];
  const f = hashFloats(code);
  const art = slot ? slotArt(code) : TABLE_THEMES[code].art;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" aria-hidden="true"><title>${esc(title)}</title>
<defs><linearGradient id="bg" x1="0" y1="0" x2=".35" y2="1"><stop offset="0" stop-color="${theme.bg[0]}"/><stop offset="1" stop-color="${theme.bg[1]}"/></linearGradient><radialGradient id="glow"><stop offset="0" stop-color="${theme.accent}" stop-opacity=".75"/><stop offset="1" stop-color="${theme.accent}" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${deco(theme.deco, theme.frame, f)}
${art}
<rect x="0" y="${H - 96}" width="${W}" height="96" fill="#000" opacity=".3"/>
<rect x="7" y="7" width="${W - 14}" height="${H - 14}" rx="16" fill="none" stroke="${theme.frame}" stroke-width="5"/>
<rect x="15" y="15" width="${W - 30}" height="${H - 30}" rx="11" fill="none" stroke="${theme.frame}" stroke-opacity=".45" stroke-width="2"/>
</svg>
`;
}

/**
 * The game page's backdrop in the game's colours: its gradient and pattern, darkened so the reels,
 * the table and the controls stay readable; it covers the frame whatever its shape.
 */
function backdrop(code: string): string {
  const theme = SLOT_THEMES[code] ?? TABLE_THEMES[code];
  const f = hashFloats(`${code}:backdrop`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">
<defs><radialGradient id="bg" cx=".5" cy=".35" r=".9"><stop offset="0" stop-color="${theme.bg[0]}"/><stop offset="1" stop-color="${theme.bg[1]}"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>${deco(theme.deco, theme.frame, f)}<rect width="${W}" height="${H}" fill="#000" opacity=".5"/>
</svg>
`;
}

function symbolFile(svg: string, name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100"><title>${esc(name)}</title>${svg}</svg>\n`;
}

const catalogue = loadCatalogue();
mkdirSync(artDir, { recursive: true });
mkdirSync(backdropDir, { recursive: true });
rmSync(symbolDir, { recursive: true, force: true });
/**
 * The symbols' names are strings (locales/<language>/games.json `slotArt`, every language of the
 * registry); a file's <title> is metadata in one language: the English name, as before.
 */
const symbolNames = (lang: string): Record<string, Record<string, string>> =>
  JSON.parse(readFileSync(path.join(root, 'locales', lang, 'games.json'), 'utf8')).slotArt ?? {};
const fileNames = symbolNames('en');
let slots = 0;
for (const entry of catalogue) {
  const title = entry.titles?.en ?? GAME_TITLES[entry.gameCode]?.en ?? entry.gameCode;
  if (!SLOT_THEMES[entry.gameCode] && !TABLE_THEMES[entry.gameCode]) throw new Error(`no art drawn for ${entry.gameCode}`);
  writeFileSync(path.join(artDir, `${entry.gameCode}.svg`), tile(entry.gameCode, title));
  writeFileSync(path.join(backdropDir, `${entry.gameCode}.svg`), backdrop(entry.gameCode));
  if (entry.definition.kind !== 'slot') continue;
  slots++;
  const theme = SLOT_THEMES[entry.gameCode];
  const dir = path.join(symbolDir, entry.gameCode);
  mkdirSync(dir, { recursive: true });
  for (const symbol of entry.definition.symbols) {
    const art = theme.symbols[symbol.id];
    if (!art) throw new Error(`${entry.gameCode}: no drawing for symbol ${symbol.id}`);
    for (const lang of LANGUAGES.filter((code) => !languageInfo(code).pseudoOf)) {
      if (!symbolNames(lang)[entry.gameCode]?.[symbol.id]) throw new Error(`locales/${lang}/games.json: no slotArt.${entry.gameCode}.${symbol.id}`);
    }
    writeFileSync(path.join(dir, `${symbol.id}.svg`), symbolFile(art.svg, fileNames[entry.gameCode]?.[symbol.id] ?? symbol.id));
  }
}
console.log(`wrote ${catalogue.length} tiles and the symbols of ${slots} slots`);
