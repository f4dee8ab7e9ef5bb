import { describe, expect, it } from 'vitest';
import type { BlackjackDefinition, Card, SlotDefinition } from '../../contracts/games';
import { SMALL_SLOT } from '../fixtures/small-slot';
import { gameMath } from '../../contracts/game-math';
import { slotMath } from '../../contracts/game-math/slot';
import { baccaratOutcomes, basicStrategyMove } from '../../contracts/game-math/tables';
import { basicStrategy } from '../../contracts/house/blackjack';
import { loadCatalogue } from '../../server/modules/games/catalogue';
import { declaredVsExact, exactMath } from '../../server/modules/games/math';
import { definitionHash } from '../../server/modules/games/service';
import figures from '../../contracts/game-math/figures.json';

/**
 * The exact maths of contracts/game-math/ (decision 0020) against cases worked out independently,
 * and every declared RTP of the catalogue against it within 0.01 points, a planted error failing.
 */
const catalogue = loadCatalogue();

describe('exact maths against independent cases', () => {
  // Worked by hand: 3 reels, 1 row, 1 payline.
  //   A on reel 1 (1/4), then A or W on reels 2 (2/4) and 3 (2/4): 1/16, pays 10.
  //   B on reel 1 (2/4), then B or W on reel 2 (2/4) and reel 3 (3/4): 3/16, pays 5.
  //   S on reels 1 and 2 (1/4 x 1/4): 1/16, pays 2 total bets (reel 3 has none).
  //   RTP = (10 + 15 + 2) / 16 = 27/16; hit = 5/16; E[W^2] = (100 + 75 + 4) / 16.
  const hand: SlotDefinition = {
    kind: 'slot',
    rows: 1,
    reels: [
      ['A', 'B', 'S', 'B'],
      ['A', 'W', 'B', 'S'],
      ['A', 'B', 'B', 'W'],
    ],
    symbols: [
      { id: 'A', kind: 'normal', glyph: 'A', color: '#f00', pays: [0, 0, 10] },
      { id: 'B', kind: 'normal', glyph: 'B', color: '#0f0', pays: [0, 0, 5] },
      { id: 'W', kind: 'wild', glyph: 'W', color: '#ff0', pays: [0, 0, 0] },
      { id: 'S', kind: 'scatter', glyph: 'S', color: '#f0f', pays: [0, 2, 20] },
    ],
    paylines: [[0, 0, 0]],
    freeSpins: null,
    betLevels: [1],
  };

  it('a hand-computed 3-reel slot: RTP 27/16, hit 5/16, variance 179/16 - (27/16)^2, largest 10', () => {
    const m = slotMath(hand);
    expect(m.slot!.combinations).toBe(64);
    expect(m.rtp).toBeCloseTo(27 / 16, 12);
    expect(m.hitFrequency).toBeCloseTo(5 / 16, 12);
    expect(m.variance).toBeCloseTo(179 / 16 - (27 / 16) ** 2, 12);
    expect(m.largestWin).toBe(10);
  });

  it('the same slot with 2 scatters awarding 1 free spin at x2: RTP 27/16 + (1/16)(16/15)(2 x 27/16)', () => {
    // Each spin triggers with 1/16; a trigger starts 1/(1 - 1/16) = 16/15 free spins on average.
    const m = slotMath({ ...hand, freeSpins: { scatters: 2, spins: 1, multiplier: 2 } });
    expect(m.rtp).toBeCloseTo(27 / 16 + (1 / 16) * (16 / 15) * 2 * (27 / 16), 12);
    expect(m.slot!.triggerChance).toBeCloseTo(1 / 16, 12);
    // Every triggering spin pays (its scatters), so the hit frequency is the paid spin's.
    expect(m.hitFrequency).toBeCloseTo(5 / 16, 12);
    expect(m.largestWin).toBe(20);
  });

  it("a 5-reel, 3-row slot with wilds, scatters and retriggering free spins: the engine's exhaustive enumeration (0.932279)", () => {
    // 0.932279: from playing the engine on each of its 59,049 stop combinations (also in tests/unit/rtp.test.ts).
    const small = SMALL_SLOT;
    const m = slotMath(small);
    expect(m.slot!.combinations).toBe(59_049);
    expect(Math.abs(m.rtp - 0.932279)).toBeLessThan(5e-7);
  });

  it('roulette: every bet returns 36/37; French even chances 73/74 (la partage)', () => {
    const european = gameMath({ kind: 'roulette', variant: 'european', minBet: 10, maxBet: 100, betUnit: 10, chips: [10], maxTotalBet: 100 });
    const french = gameMath({ kind: 'roulette', variant: 'french', minBet: 10, maxBet: 100, betUnit: 10, chips: [10], maxTotalBet: 100 });
    expect(european.bets).toHaveLength(8);
    for (const b of european.bets) expect(b.rtp, b.bet).toBeCloseTo(36 / 37, 14);
    for (const b of french.bets) expect(b.rtp, b.bet).toBeCloseTo(b.bet === 'even chance' ? 73 / 74 : 36 / 37, 14);
    // Straight up: wins 1/37 for 36 back; variance 36^2/37 - (36/37)^2.
    expect(european.hitFrequency).toBeCloseTo(1 / 37, 14);
    expect(european.variance).toBeCloseTo(36 ** 2 / 37 - (36 / 37) ** 2, 10);
    expect(european.largestWin).toBe(36);
  });

  it('baccarat, 8 decks: the published probabilities; banker 0.98942, player 0.98765, tie at 8:1 0.85637', () => {
    // Wizard of Odds, "Baccarat basics": 8 decks, banker 0.458597, player 0.446247, tie 0.095156;
    // house edges banker 1.0579%, player 1.2351%, tie (8:1) 14.3596%.
    const p = baccaratOutcomes(8);
    expect(p.banker).toBeCloseTo(0.458597, 6);
    expect(p.player).toBeCloseTo(0.446247, 6);
    expect(p.tie).toBeCloseTo(0.095156, 6);
    const m = gameMath({ kind: 'baccarat', decks: 8, tiePays: 8, minBet: 20, maxBet: 100, betUnit: 20, chips: [20] });
    expect(m.rtp).toBeCloseTo(1 - 0.010579, 6);
    expect(m.bets[1].rtp).toBeCloseTo(1 - 0.012351, 6);
    expect(m.bets[2].rtp).toBeCloseTo(1 - 0.143596, 6);
    expect(m.largestWin).toBe(1.95);
  });

  it('blackjack: the documented basic strategy is the one the engine plays, for every hand and up card', () => {
    const card = (v: number): Card => ({ rank: v === 1 ? 'A' : v === 10 ? 'K' : (String(v) as Card['rank']), suit: 'S' });
    for (const h17 of [false, true]) {
      const def = { dealerHitsSoft17: h17 } as BlackjackDefinition;
      // Every two- and three-card hand (the later cards change only total, softness and doubling).
      for (let a = 1; a <= 10; a++)
        for (let b = 1; b <= 10; b++)
          for (let c = 0; c <= 10; c++) {
            const cards = c ? [a, b, c] : [a, b];
            const sum = cards.reduce((s, v) => s + v, 0);
            const soft = cards.includes(1) && sum + 10 <= 21;
            const total = soft ? sum + 10 : sum;
            if (total >= 21) continue;
            for (let u = 1; u <= 10; u++) {
              expect(basicStrategyMove(total, soft, u === 1 ? 11 : u, cards.length === 2, h17), `${cards} v ${u}`).toBe(
                basicStrategy(cards.map(card), card(u), def),
              );
            }
          }
    }
  });
});

describe('declared RTP (catalogue.json) equals the exact maths within 0.01 points', () => {
  for (const game of catalogue) {
    it(`${game.gameCode}: declared ${(game.rtp * 100).toFixed(4)}%`, { timeout: 120_000 }, () => {
      const check = declaredVsExact(game);
      expect(check.offPoints, `exact ${(check.exact * 100).toFixed(4)}%`).toBeLessThanOrEqual(0.01);
      expect(check.ok).toBe(true);
      // The stored figures the site and the stats show (scripts/game-figures.ts) are these, for this definition.
      const stored = (figures as Record<string, Record<string, unknown>>)[game.gameCode];
      expect(stored, 'figures.json has the game: run npx tsx scripts/game-figures.ts').toBeDefined();
      expect(stored.definitionHash).toBe(definitionHash(game.definition));
      const { definitionHash: _hash, ...rest } = stored;
      expect(rest).toEqual(JSON.parse(JSON.stringify(exactMath(game.definition))));
    });
  }

  it('a planted 1-point error fails: a declared RTP 1 point off, or a paytable changed by 1%', { timeout: 120_000 }, () => {
    for (const code of ['slot-neon-sevens', 'roulette-european', 'baccarat-classic', 'blackjack-classic']) {
      const game = catalogue.find((g) => g.gameCode === code)!;
      expect(declaredVsExact({ ...game, rtp: game.rtp + 0.01 }).ok, `${code} +1 point`).toBe(false);
      expect(declaredVsExact({ ...game, rtp: game.rtp - 0.01 }).ok, `${code} -1 point`).toBe(false);
      // Even 0.02 points off fails: the tolerance is 0.01 points.
      expect(declaredVsExact({ ...game, rtp: game.rtp + 0.0002 }).ok, `${code} +0.02 point`).toBe(false);
    }
    const slot = catalogue.find((g) => g.gameCode === 'slot-neon-sevens')!;
    const def = slot.definition as SlotDefinition;
    const richer: SlotDefinition = { ...def, symbols: def.symbols.map((s) => ({ ...s, pays: s.pays.map((p) => p * 1.01) })) };
    const check = declaredVsExact({ ...slot, definition: richer });
    expect(check.ok).toBe(false);
    expect(check.offPoints).toBeGreaterThan(0.9);
  });

  it('the cache answers the same figures for the same definition', () => {
    const def = catalogue.find((g) => g.gameCode === 'roulette-french')!.definition;
    expect(exactMath(def)).toBe(exactMath(JSON.parse(JSON.stringify(def))));
  });
});
