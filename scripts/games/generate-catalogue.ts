/**
 * Builds the house catalogue data file (server/modules/games/catalogue.json) from the slot profiles
 * below: reel strips, paylines and paytables are generated from a seed, then the paytable is scaled
 * so the RTP (computed from the strips, slot-formula.ts) lands as close as whole-number pays allow
 * to the profile's target; that value is what the catalogue declares, and tests/unit/game-math.test.ts
 * checks it against the exact maths of contracts/game-math/, which this script does not use for slots. Run it once after editing a
 * profile and commit the JSON:  npx tsx scripts/games/generate-catalogue.ts
 * The operator edits catalogue.json (titles, tags, demo, enabled) or uses `npm run admin -- games:*`.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameMath } from '../../contracts/game-math';
import type { GameDefinition, SlotDefinition, SlotSymbol } from '../../contracts/games';
import { simulationRandom, type RandomSource } from '../../contracts/house/random';
import type { CatalogueEntry } from '../../server/modules/games/catalogue';
import { slotTheoreticalRtp } from './slot-formula';

interface SlotProfile {
  code: string;
  seed: number;
  rows: 3 | 4;
  lines: number;
  stripLength: number;
  high: string[];
  low: string[];
  wild: string;
  scatter: string;
  colors: string[];
  /** Copies of each high / low symbol on a strip (before scaling to the strip length). */
  highWeight: number;
  lowWeight: number;
  /** Wilds per strip on reels 2-5. */
  wilds: number;
  /** Scatters per strip. */
  scatters: number;
  freeSpins: { spins: number; multiplier: number } | null;
  /** Pays of 3, 4, 5 of a kind for the top symbol (others fall off geometrically). */
  topPays: [number, number, number];
  /** Ratio between successive symbols' pays: near 1 is flat (low volatility), lower is spikier. */
  decay: number;
  target: number;
  tags: string[];
  orientation: 'landscape' | 'portrait';
  demo: boolean;
}

const P = (p: Partial<SlotProfile> & Pick<SlotProfile, 'code' | 'seed' | 'high' | 'wild' | 'scatter'>): SlotProfile => ({
  rows: 3,
  lines: 20,
  stripLength: 40,
  low: ['A', 'K', 'Q', 'J'],
  colors: ['#e23d5c', '#f5b700', '#2fa84f', '#2d7dd2', '#9b5de5', '#f08a4b', '#7a5c3e', '#4ecdc4'],
  highWeight: 3,
  lowWeight: 5,
  wilds: 2,
  scatters: 2,
  freeSpins: { spins: 10, multiplier: 2 },
  topPays: [50, 200, 1000],
  decay: 0.6,
  target: 0.96,
  tags: ['SLOT'],
  orientation: 'landscape',
  demo: true,
  ...p,
});

export const SLOT_PROFILES: SlotProfile[] = [
  P({ code: 'slot-sakura-fortune', seed: 11, high: ['🌸', '⛩️', '🎎', '🏮'], wild: '🌕', scatter: '🎐', tags: ['FEATURED', 'SLOT', 'HOT'], target: 0.965 }),
  P({
    code: 'slot-dragon-pearl',
    seed: 12,
    high: ['🐉', '🔮', '🪙', '🧧'],
    wild: '🐲',
    scatter: '💠',
    lines: 25,
    decay: 0.45,
    topPays: [100, 500, 2500],
    target: 0.962,
    tags: ['FEATURED', 'SLOT'],
  }),
  P({
    code: 'slot-neon-sevens',
    seed: 13,
    high: ['7️⃣', '💎', '🔔', 'BAR'],
    low: ['🍒', '🍋', '🍇'],
    wild: '⭐',
    scatter: '💫',
    lines: 10,
    freeSpins: null,
    decay: 0.5,
    target: 0.955,
    tags: ['FEATURED', 'SLOT'],
  }),
  P({ code: 'slot-golden-koi', seed: 14, high: ['🐟', '🪷', '🐸', '🌊'], wild: '🐠', scatter: '🫧', rows: 4, lines: 25, stripLength: 48, target: 0.958 }),
  P({
    code: 'slot-ninja-gold',
    seed: 15,
    high: ['🥷', '🗡️', '📜', '🎋'],
    wild: '💰',
    scatter: '🌀',
    freeSpins: { spins: 8, multiplier: 3 },
    decay: 0.5,
    target: 0.961,
    tags: ['FEATURED', 'SLOT'],
  }),
  P({
    code: 'slot-samurai-spirit',
    seed: 16,
    high: ['⚔️', '🏯', '🐎', '🎌'],
    wild: '👹',
    scatter: '🔥',
    lines: 25,
    freeSpins: { spins: 12, multiplier: 2 },
    target: 0.957,
  }),
  P({
    code: 'slot-lucky-cat',
    seed: 17,
    high: ['🐱', '🪙', '🎏', '🍡'],
    wild: '😺',
    scatter: '🔔',
    lines: 9,
    stripLength: 32,
    freeSpins: { spins: 15, multiplier: 1 },
    decay: 0.7,
    target: 0.968,
    orientation: 'portrait',
    tags: ['FEATURED', 'SLOT'],
  }),
  P({ code: 'slot-fuji-treasure', seed: 18, high: ['🗻', '🎴', '🍶', '🦢'], wild: '🌅', scatter: '🧭', rows: 4, lines: 20, stripLength: 44, target: 0.96 }),
  P({ code: 'slot-ocean-gems', seed: 19, high: ['🐚', '🐙', '🐬', '⚓'], wild: '🔱', scatter: '🐳', lines: 15, decay: 0.65, target: 0.963 }),
  P({
    code: 'slot-fruit-fiesta',
    seed: 20,
    high: ['🍉', '🍍', '🍓', '🍊'],
    low: ['🍒', '🍋', '🍇', '🍏'],
    wild: '🌈',
    scatter: '🎉',
    lines: 10,
    freeSpins: null,
    decay: 0.75,
    topPays: [20, 80, 400],
    target: 0.97,
    orientation: 'portrait',
  }),
  P({
    code: 'slot-space-jackpot',
    seed: 21,
    high: ['🚀', '🪐', '👽', '🛸'],
    wild: '☄️',
    scatter: '🌌',
    lines: 25,
    decay: 0.4,
    topPays: [150, 750, 5000],
    freeSpins: { spins: 10, multiplier: 3 },
    target: 0.95,
    demo: false,
  }),
  P({ code: 'slot-pharaoh-secrets', seed: 22, high: ['🐫', '🏺', '👁️', '🐍'], wild: '🔆', scatter: '📿', rows: 4, lines: 30, stripLength: 50, target: 0.956 }),
  P({
    code: 'slot-viking-raid',
    seed: 23,
    high: ['🪓', '🛡️', '⛵', '🐺'],
    wild: '⚡',
    scatter: '🏔️',
    lines: 20,
    decay: 0.5,
    freeSpins: { spins: 7, multiplier: 3 },
    target: 0.959,
  }),
  P({
    code: 'slot-candy-rush',
    seed: 24,
    high: ['🍭', '🍩', '🧁', '🍬'],
    low: ['🟣', '🟢', '🔵', '🟡'],
    wild: '🍫',
    scatter: '🎂',
    lines: 20,
    decay: 0.8,
    topPays: [25, 100, 500],
    target: 0.966,
    orientation: 'portrait',
  }),
  P({
    code: 'slot-wild-west',
    seed: 25,
    high: ['🤠', '🐴', '🌵', '🔫'],
    wild: '⭐',
    scatter: '💰',
    lines: 10,
    stripLength: 36,
    freeSpins: { spins: 10, multiplier: 2 },
    target: 0.954,
  }),
  P({
    code: 'slot-jungle-king',
    seed: 26,
    high: ['🦁', '🐘', '🦜', '🐒'],
    wild: '👑',
    scatter: '🌴',
    rows: 4,
    lines: 40,
    stripLength: 52,
    decay: 0.55,
    target: 0.962,
  }),
  P({
    code: 'slot-crystal-moon',
    seed: 27,
    high: ['🌙', '🔮', '🦉', '✨'],
    wild: '💎',
    scatter: '🌠',
    lines: 20,
    freeSpins: { spins: 12, multiplier: 2 },
    decay: 0.65,
    target: 0.967,
  }),
  P({
    code: 'slot-zodiac-gems',
    seed: 28,
    high: ['🐭', '🐮', '🐯', '🐰'],
    low: ['🐲', '🐍', '🐴', '🐑', '🐵'],
    wild: '🧿',
    scatter: '🎆',
    lines: 25,
    stripLength: 46,
    target: 0.958,
  }),
  P({
    code: 'slot-tanuki-bonanza',
    seed: 29,
    high: ['🦝', '🍄', '🍁', '🌰'],
    wild: '🍃',
    scatter: '🎑',
    lines: 20,
    freeSpins: { spins: 10, multiplier: 2 },
    decay: 0.6,
    target: 0.963,
    demo: false,
  }),
  P({
    code: 'slot-firework-festival',
    seed: 30,
    high: ['🎆', '🎇', '👘', '🍧'],
    wild: '🎊',
    scatter: '🎐',
    lines: 15,
    decay: 0.55,
    freeSpins: { spins: 8, multiplier: 2 },
    target: 0.96,
    tags: ['FEATURED', 'SLOT', 'NEW'],
  }),
  P({
    code: 'slot-tea-garden',
    seed: 31,
    high: ['🍵', '🌿', '🫖', '🍡'],
    wild: '🌺',
    scatter: '🦋',
    lines: 10,
    freeSpins: null,
    decay: 0.8,
    topPays: [15, 60, 300],
    target: 0.972,
  }),
  P({
    code: 'slot-robot-factory',
    seed: 32,
    high: ['🤖', '⚙️', '🔋', '🔧'],
    low: ['🔩', '💡', '📡', '🧲'],
    wild: '🦾',
    scatter: '🛰️',
    rows: 4,
    lines: 20,
    stripLength: 44,
    decay: 0.5,
    freeSpins: { spins: 10, multiplier: 2 },
    target: 0.955,
    tags: ['SLOT', 'NEW'],
  }),
];

/** Lines from simplest (straight) to more winding: rows change by at most one per reel. */
export function paylines(rows: number, count: number): number[][] {
  const all: number[][] = [];
  const walk = (line: number[]) => {
    if (line.length === 5) return void all.push(line);
    const last = line[line.length - 1];
    for (const next of [last, last - 1, last + 1]) if (next >= 0 && next < rows) walk([...line, next]);
  };
  for (let r = 0; r < rows; r++) walk([r]);
  const changes = (l: number[]) => l.slice(1).filter((v, i) => v !== l[i]).length;
  const symmetric = (l: number[]) => (l[0] === l[4] && l[1] === l[3] ? 0 : 1);
  const middle = (rows - 1) / 2;
  all.sort(
    (a, b) => changes(a) - changes(b) || symmetric(a) - symmetric(b) || Math.abs(a[0] - middle) - Math.abs(b[0] - middle) || a.join().localeCompare(b.join()),
  );
  if (all.length < count) throw new Error(`only ${all.length} lines for ${rows} rows`);
  return all.slice(0, count);
}

function shuffle<T>(items: T[], rng: RandomSource): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

function buildSlot(p: SlotProfile): { definition: SlotDefinition; rtp: number } {
  const rng = simulationRandom(p.seed * 7919);
  const ids = [...p.high.map((_, i) => `H${i + 1}`), ...p.low.map((_, i) => `L${i + 1}`)];
  const reels: string[][] = [];
  for (let r = 0; r < 5; r++) {
    const pool: string[] = [];
    p.high.forEach((_, i) => {
      for (let k = 0; k < p.highWeight + i; k++) pool.push(`H${i + 1}`);
    });
    p.low.forEach((_, i) => {
      for (let k = 0; k < p.lowWeight + i; k++) pool.push(`L${i + 1}`);
    });
    if (r > 0) for (let k = 0; k < p.wilds; k++) pool.push('W');
    // Longer strips are padded with low symbols: rarer high symbols, a different hit rate.
    for (let k = 0; pool.length < p.stripLength - p.scatters; k++) pool.push(`L${(k % p.low.length) + 1}`);
    shuffle(pool, rng);
    const body = pool.slice(0, Math.max(pool.length, p.stripLength - p.scatters));
    // Scatters go in at even spacing so a reel never shows two at once (the RTP formula relies on it).
    const strip: string[] = [];
    const every = Math.floor(body.length / p.scatters);
    body.forEach((id, i) => {
      if (i % every === Math.floor(every / 2) && strip.filter((s) => s === 'S').length < p.scatters) strip.push('S');
      strip.push(id);
    });
    reels.push(strip);
  }
  const rawPays = (i: number): number[] => {
    const f = p.decay ** i;
    return [0, 0, p.topPays[0] * f, p.topPays[1] * f, p.topPays[2] * f];
  };
  const make = (scale: number): SlotDefinition => {
    const symbols: SlotSymbol[] = [
      ...p.high.map((glyph, i) => ({
        id: `H${i + 1}`,
        kind: 'normal' as const,
        glyph,
        color: p.colors[i % p.colors.length],
        pays: rawPays(i).map((v) => (v ? Math.max(1, Math.round(v * scale)) : 0)),
      })),
      ...p.low.map((glyph, i) => ({
        id: `L${i + 1}`,
        kind: 'normal' as const,
        glyph,
        color: p.colors[(i + 4) % p.colors.length],
        pays: rawPays(i + p.high.length).map((v) => (v ? Math.max(1, Math.round(v * scale)) : 0)),
      })),
      { id: 'W', kind: 'wild', glyph: p.wild, color: '#ffd700', pays: [0, 0, 0, 0, 0] },
      { id: 'S', kind: 'scatter', glyph: p.scatter, color: '#ff4da6', pays: [0, 0, 2, 10, 50].map((v) => Math.round(v * Math.min(1, scale))) },
    ];
    return {
      kind: 'slot',
      rows: p.rows,
      reels,
      symbols,
      paylines: paylines(p.rows, p.lines),
      freeSpins: p.freeSpins ? { scatters: 3, ...p.freeSpins } : null,
      betLevels: [1, 2, 5, 10, 20, 50].map((m) => m * p.lines),
    };
  };
  void ids;
  // Scale the paytable (RTP is linear in it) and keep the whole-number version closest to the target.
  const unit = slotTheoreticalRtp(make(1)).rtp;
  let best = make(1);
  let bestRtp = unit;
  const guess = p.target / unit;
  for (let k = -200; k <= 200; k++) {
    const candidate = make(guess * (1 + k / 1000));
    const rtp = slotTheoreticalRtp(candidate).rtp;
    if (Math.abs(rtp - p.target) < Math.abs(bestRtp - p.target)) {
      best = candidate;
      bestRtp = rtp;
    }
  }
  return { definition: best, rtp: bestRtp };
}

const TABLES: Array<Omit<CatalogueEntry, 'rtp' | 'sortOrder'>> = [
  {
    gameCode: 'roulette-european',
    titles: null,
    tags: ['FEATURED', 'LIVE', 'HOT'],
    gameType: 'roulette',
    orientation: 'landscape',
    isDemoAvailable: true,
    isEnabled: true,
    imagePath: '/games/art/roulette-european.svg',
    definition: { kind: 'roulette', variant: 'european', minBet: 10, maxBet: 5000, betUnit: 10, chips: [10, 50, 100, 500, 1000], maxTotalBet: 20000 },
  },
  {
    gameCode: 'roulette-french',
    titles: null,
    tags: ['LIVE'],
    gameType: 'roulette',
    orientation: 'landscape',
    isDemoAvailable: true,
    isEnabled: true,
    imagePath: '/games/art/roulette-french.svg',
    definition: { kind: 'roulette', variant: 'french', minBet: 10, maxBet: 5000, betUnit: 10, chips: [10, 50, 100, 500, 1000], maxTotalBet: 20000 },
  },
  {
    gameCode: 'roulette-vip',
    titles: null,
    tags: ['LIVE'],
    gameType: 'roulette',
    orientation: 'landscape',
    isDemoAvailable: false,
    isEnabled: true,
    imagePath: '/games/art/roulette-vip.svg',
    definition: { kind: 'roulette', variant: 'european', minBet: 100, maxBet: 50000, betUnit: 100, chips: [100, 500, 1000, 5000, 10000], maxTotalBet: 200000 },
  },
  {
    gameCode: 'blackjack-classic',
    titles: null,
    tags: ['FEATURED', 'LIVE'],
    gameType: 'blackjack',
    orientation: 'landscape',
    isDemoAvailable: true,
    isEnabled: true,
    imagePath: '/games/art/blackjack-classic.svg',
    definition: { kind: 'blackjack', decks: 6, dealerHitsSoft17: false, minBet: 10, maxBet: 5000, betUnit: 10, chips: [10, 50, 100, 500, 1000] },
  },
  {
    gameCode: 'blackjack-vegas',
    titles: null,
    tags: ['LIVE'],
    gameType: 'blackjack',
    orientation: 'landscape',
    isDemoAvailable: true,
    isEnabled: true,
    imagePath: '/games/art/blackjack-vegas.svg',
    definition: { kind: 'blackjack', decks: 8, dealerHitsSoft17: true, minBet: 10, maxBet: 5000, betUnit: 10, chips: [10, 50, 100, 500, 1000] },
  },
  {
    gameCode: 'blackjack-vip',
    titles: null,
    tags: ['LIVE'],
    gameType: 'blackjack',
    orientation: 'landscape',
    isDemoAvailable: false,
    isEnabled: true,
    imagePath: '/games/art/blackjack-vip.svg',
    definition: { kind: 'blackjack', decks: 6, dealerHitsSoft17: false, minBet: 100, maxBet: 50000, betUnit: 100, chips: [100, 500, 1000, 5000, 10000] },
  },
  {
    gameCode: 'baccarat-classic',
    titles: null,
    tags: ['FEATURED', 'LIVE'],
    gameType: 'baccarat',
    orientation: 'landscape',
    isDemoAvailable: true,
    isEnabled: true,
    imagePath: '/games/art/baccarat-classic.svg',
    definition: { kind: 'baccarat', decks: 8, tiePays: 8, minBet: 20, maxBet: 5000, betUnit: 20, chips: [20, 100, 500, 1000] },
  },
  {
    gameCode: 'baccarat-speed',
    titles: null,
    tags: ['LIVE'],
    gameType: 'baccarat',
    orientation: 'portrait',
    isDemoAvailable: true,
    isEnabled: true,
    imagePath: '/games/art/baccarat-speed.svg',
    definition: { kind: 'baccarat', decks: 6, tiePays: 9, minBet: 20, maxBet: 5000, betUnit: 20, chips: [20, 100, 500, 1000] },
  },
  {
    gameCode: 'baccarat-vip',
    titles: null,
    tags: ['LIVE'],
    gameType: 'baccarat',
    orientation: 'landscape',
    isDemoAvailable: false,
    isEnabled: true,
    imagePath: '/games/art/baccarat-vip.svg',
    definition: { kind: 'baccarat', decks: 8, tiePays: 8, minBet: 100, maxBet: 50000, betUnit: 100, chips: [100, 500, 1000, 5000, 10000] },
  },
];

/**
 * Declared RTP of a table game's main bet (roulette straight up, which every bet but the French even
 * chances shares; baccarat banker; blackjack basic strategy without split): the exact value of its
 * maths (contracts/game-math/), not a simulation's estimate.
 */
function tableRtp(def: GameDefinition): number {
  if (def.kind === 'slot') throw new Error('not a table');
  return gameMath(def).rtp;
}

export function buildCatalogue(): CatalogueEntry[] {
  const slots = SLOT_PROFILES.map((p): CatalogueEntry => {
    const { definition, rtp } = buildSlot(p);
    const titles = p.code === 'slot-robot-factory' ? { ja: 'ロボットファクトリー', en: 'Robot Factory' } : null;
    return {
      gameCode: p.code,
      titles,
      tags: p.tags,
      gameType: 'slot',
      orientation: p.orientation,
      isDemoAvailable: p.demo,
      isEnabled: true,
      imagePath: `/games/art/${p.code}.svg`,
      sortOrder: 0,
      rtp: Math.round(rtp * 1e6) / 1e6,
      definition,
    };
  });
  const tables = TABLES.map((t): CatalogueEntry => ({ ...t, sortOrder: 0, rtp: Math.round(tableRtp(t.definition) * 1e6) / 1e6 }));
  return [...slots, ...tables].map((g, i) => ({ ...g, sortOrder: (i + 1) * 10 }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const catalogue = buildCatalogue();
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/modules/games/catalogue.json');
  writeFileSync(file, `${JSON.stringify(catalogue, null, 1)}\n`);
  for (const g of catalogue) console.log(`${g.gameCode.padEnd(26)} rtp ${(g.rtp * 100).toFixed(3)}%`);
}
