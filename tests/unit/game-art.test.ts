import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { loadCatalogue } from '../../server/modules/games/catalogue';
import { SLOT_THEMES } from '../../scripts/game-art/slots';

/**
 * The game art in public/games (written by scripts/generate-game-art.ts): every catalogue game has
 * a tile of its own, every slot its own symbols, and the art stays small (at most 25 KB
 * compressed a tile, 200 KB a game's whole art).
 */
const publicGames = path.join(process.cwd(), 'public', 'games');
const catalogue = loadCatalogue();
const slots = catalogue.filter((entry) => entry.definition.kind === 'slot');
/** A drawing's content without its <title> (the name labels the file; the picture is the rest). */
const drawing = (file: string) => readFileSync(file, 'utf8').replace(/<title>.*?<\/title>/s, '');
/** The symbols' names (locales/<language>/games.json), English here: card ranks are named by their letter. */
const symbolNames: Record<string, Record<string, string>> = JSON.parse(readFileSync(path.join(process.cwd(), 'locales', 'en', 'games.json'), 'utf8')).slotArt;
const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

describe('game art', () => {
  it("gives every catalogue game a tile that is no other game's tile", () => {
    const seen = new Map<string, string>();
    for (const entry of catalogue) {
      const file = path.join(publicGames, 'art', `${entry.gameCode}.svg`);
      expect(existsSync(file), entry.gameCode).toBe(true);
      expect(entry.imagePath ?? `/games/art/${entry.gameCode}.svg`).toBe(`/games/art/${entry.gameCode}.svg`);
      const content = drawing(file);
      expect(seen.get(content), `${entry.gameCode} has the same tile as ${seen.get(content)}`).toBeUndefined();
      seen.set(content, entry.gameCode);
    }
    expect(seen.size).toBe(catalogue.length);
  });

  it('draws every symbol of every slot, and no two slots share more than 2 drawings', () => {
    const sets = new Map<string, Set<string>>();
    for (const entry of slots) {
      if (entry.definition.kind !== 'slot') continue;
      const drawings = new Set<string>();
      for (const symbol of entry.definition.symbols) {
        const file = path.join(publicGames, 'symbols', entry.gameCode, `${symbol.id}.svg`);
        expect(existsSync(file), `${entry.gameCode}/${symbol.id}`).toBe(true);
        drawings.add(drawing(file));
      }
      // Within a slot every symbol looks different too.
      expect(drawings.size, entry.gameCode).toBe(entry.definition.symbols.length);
      sets.set(entry.gameCode, drawings);
    }
    const codes = [...sets.keys()];
    for (const [i, a] of codes.entries()) {
      for (const b of codes.slice(i + 1)) {
        const shared = [...sets.get(a)!].filter((content) => sets.get(b)!.has(content)).length;
        expect(shared, `${a} and ${b} share ${shared} symbol drawings`).toBeLessThanOrEqual(2);
      }
    }
  });

  it('gives each slot at least 6 symbols of its theme besides card ranks, with a wild and a scatter', () => {
    for (const entry of slots) {
      const theme = SLOT_THEMES[entry.gameCode];
      expect(theme, entry.gameCode).toBeDefined();
      const themed = Object.keys(theme.symbols).filter((id) => !/^[AKQJ]$/.test(symbolNames[entry.gameCode]?.[id] ?? ''));
      expect(themed.length, entry.gameCode).toBeGreaterThanOrEqual(6);
      if (entry.definition.kind !== 'slot') continue;
      for (const symbol of entry.definition.symbols.filter((s) => s.kind !== 'normal')) {
        // Wilds wear a WILD ribbon, scatters a burst and a BONUS ribbon.
        expect(theme.symbols[symbol.id].svg, `${entry.gameCode} ${symbol.id}`).toContain(symbol.kind === 'wild' ? '>WILD<' : '>BONUS<');
      }
    }
  });

  it("keeps a tile within 25 KB and a game's whole art within 200 KB, compressed", () => {
    for (const entry of catalogue) {
      const tile = gzipped(path.join(publicGames, 'art', `${entry.gameCode}.svg`));
      expect(tile, entry.gameCode).toBeLessThanOrEqual(25_000);
      const dir = path.join(publicGames, 'symbols', entry.gameCode);
      const symbols = existsSync(dir) && statSync(dir).isDirectory() ? readdirSync(dir).reduce((sum, f) => sum + gzipped(path.join(dir, f)), 0) : 0;
      expect(tile + symbols, entry.gameCode).toBeLessThanOrEqual(200_000);
    }
  });
});
