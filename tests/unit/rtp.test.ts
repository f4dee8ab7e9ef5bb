import { describe, expect, it } from 'vitest';
import type { GameDefinition, SlotDefinition } from '../../contracts/games';
import { simulationRandom } from '../../contracts/house/random';
import { playSlot, slotRoundWin, slotTheoreticalRtp } from '../../contracts/house/slot';
import { loadCatalogue, type CatalogueEntry } from '../../server/modules/games/catalogue';
import {
  baccaratExact,
  checkDeclaredRtp,
  DECLARED_TOLERANCE,
  everyRouletteBet,
  LA_PARTAGE_RTP,
  RTP_TOLERANCE_SE,
  rouletteBetExactRtp,
  simulateGame,
  slotEnumeratedRtp,
  type RtpCheck,
} from '../../server/modules/games/rtp';

/**
 * RTP proofs (server/modules/games/rtp.ts), each able to fail. Tolerances:
 * - declared vs exact maths: DECLARED_TOLERANCE = 5e-7 (the catalogue rounds to 6 decimals);
 * - engine simulation vs declared: RTP_TOLERANCE_SE = 4.5 standard errors of the measured mean.
 *   In RTP points (printed in each test's name): about 0.5 for the table games' main bets at
 *   1,000,000 rounds, 0.5 for the small slot below at 4,000,000 rounds, but 2 to 4 for the
 *   catalogue's slots at 1,000,000 rounds (their free spins spread one round's return widely; tight
 *   enough would take 30 times the rounds). A catalogue slot 1 point off is therefore caught by the
 *   exact check (its declared RTP against its reel strips) and the engine by the exhaustive
 *   enumeration of the small slot, whose rules (lines, wilds, scatters, free spins, retriggers,
 *   multiplier, several rows) are the ones every catalogue slot uses.
 */
const ONE_POINT = 0.01;
const catalogue = loadCatalogue();
const points = (x: number) => (x * 100).toFixed(2);
const tolerance = (c: RtpCheck) => RTP_TOLERANCE_SE * c.standardError;

/** All pays of a slot multiplied by `factor`: every win, hence the RTP, scales by it. */
const scalePays = (def: SlotDefinition, factor: number): SlotDefinition => ({
  ...def,
  symbols: def.symbols.map((s) => ({ ...s, pays: s.pays.map((p) => p * factor) })),
});

describe("declared RTP (catalogue.json) equals the exact RTP of the game's maths, within 5e-7", () => {
  it('the catalogue has at least 30 games', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(30);
  });

  for (const game of catalogue) {
    it(`${game.gameCode}: declared ${points(game.rtp)}%`, { timeout: 60_000 }, () => {
      const check = checkDeclaredRtp(game);
      expect(Math.abs(check.exact - check.declared), `${check.bet}: exact ${check.exact}`).toBeLessThanOrEqual(DECLARED_TOLERANCE);
      expect(check.ok).toBe(true);
      // The same check against a value 1 point off fails.
      expect(checkDeclaredRtp({ ...game, rtp: game.rtp + ONE_POINT }).ok).toBe(false);
      expect(checkDeclaredRtp({ ...game, rtp: game.rtp - ONE_POINT }).ok).toBe(false);
    });
  }

  it('roulette: the engine on all 37 pockets returns 36/37 on every legal bet, la partage 73/74 on French even chances', () => {
    const european = catalogue.find((g) => g.gameCode === 'roulette-european')!.definition as Extract<GameDefinition, { kind: 'roulette' }>;
    const french = catalogue.find((g) => g.gameCode === 'roulette-french')!.definition as Extract<GameDefinition, { kind: 'roulette' }>;
    const bets = everyRouletteBet(10);
    const byType: Record<string, number> = {};
    for (const b of bets) byType[b.type] = (byType[b.type] ?? 0) + 1;
    expect(byType).toEqual({
      straight: 37,
      split: 60,
      street: 14,
      corner: 23,
      line: 11,
      dozen: 3,
      column: 3,
      red: 1,
      black: 1,
      odd: 1,
      even: 1,
      low: 1,
      high: 1,
    });
    const evenChance = new Set(['red', 'black', 'odd', 'even', 'low', 'high']);
    for (const bet of bets) {
      expect(rouletteBetExactRtp(european, bet), `european ${bet.type} ${bet.numbers ?? bet.value ?? ''}`).toBeCloseTo(36 / 37, 12);
      expect(rouletteBetExactRtp(french, bet), `french ${bet.type} ${bet.numbers ?? bet.value ?? ''}`).toBeCloseTo(
        evenChance.has(bet.type) ? LA_PARTAGE_RTP : 36 / 37,
        12,
      );
    }
  });

  it('baccarat: the engine over every card sequence of an 8-deck shoe gives the published probabilities; banker commission exact at every legal amount', () => {
    const eight = catalogue.find((g) => g.gameCode === 'baccarat-classic')!.definition as Extract<GameDefinition, { kind: 'baccarat' }>;
    const exact = baccaratExact(eight);
    expect(exact.player + exact.banker + exact.tie).toBeCloseTo(1, 10);
    // Wizard of Odds, baccarat basics (8 decks), to the 6 decimals published.
    expect(exact.banker).toBeCloseTo(0.458597, 6);
    expect(exact.player).toBeCloseTo(0.446247, 6);
    expect(exact.tie).toBeCloseTo(0.095156, 6);
    expect(exact.rtp.banker).toBeCloseTo(exact.banker * 1.95 + exact.tie, 10);
    expect(exact.rtp.tie).toBeCloseTo(exact.tie * (eight.tiePays + 1), 10);
    // The banker bet pays floor(amount x 0.95): exact only when every legal amount is a multiple of 20.
    for (const game of catalogue) if (game.definition.kind === 'baccarat') expect((game.definition.betUnit * 95) % 100).toBe(0);
  });
});

// The engine's simulation of every catalogue game against its exact RTP is `npm run bench -- rtp`
// (bench/rtp.bench.ts; 1,000,000 rounds a game under --short in .ci/run, 3 standard errors).

describe('a small slot with free spins, enumerated over every reel stop combination', () => {
  /** 9^5 = 59,049 stop combinations; 3 rows, 5 lines, a wild, a scatter paying and triggering 3 free spins at x2 (retriggers). */
  const small: SlotDefinition = {
    kind: 'slot',
    rows: 3,
    reels: [
      ['A', 'B', 'S', 'A', 'C', 'B', 'C', 'A', 'C'],
      ['A', 'W', 'B', 'S', 'C', 'A', 'C', 'B', 'C'],
      ['W', 'A', 'C', 'B', 'S', 'A', 'C', 'C', 'B'],
      ['B', 'A', 'W', 'C', 'S', 'C', 'A', 'C', 'B'],
      ['A', 'S', 'B', 'W', 'C', 'A', 'C', 'B', 'C'],
    ],
    symbols: [
      { id: 'A', kind: 'normal', glyph: 'A', color: '#f00', pays: [0, 0, 3, 7, 14] },
      { id: 'B', kind: 'normal', glyph: 'B', color: '#0f0', pays: [0, 0, 6, 12, 25] },
      { id: 'C', kind: 'normal', glyph: 'C', color: '#00f', pays: [0, 0, 1, 3, 6] },
      { id: 'W', kind: 'wild', glyph: 'W', color: '#ff0', pays: [0, 0, 0, 0, 0] },
      { id: 'S', kind: 'scatter', glyph: 'S', color: '#f0f', pays: [0, 0, 0, 2, 10] },
    ],
    paylines: [
      [1, 1, 1, 1, 1],
      [0, 0, 0, 0, 0],
      [2, 2, 2, 2, 2],
      [0, 1, 2, 1, 0],
      [2, 1, 0, 1, 2],
    ],
    freeSpins: { scatters: 4, spins: 3, multiplier: 2 },
    betLevels: [5],
  };
  /** Its declared RTP, to 6 decimals like the catalogue's. */
  const entry: Pick<CatalogueEntry, 'gameCode' | 'rtp' | 'definition'> = { gameCode: 'test-small-slot', rtp: 0.932279, definition: small };
  const SMALL_ROUNDS = 4_000_000;

  it('the engine enumerated, free spins included, gives the declared RTP and the reel-strip formula', { timeout: 60_000 }, () => {
    const enumerated = slotEnumeratedRtp(small);
    expect(enumerated.combinations).toBe(59_049);
    expect(enumerated.triggerChance).toBeGreaterThan(0.04);
    expect(enumerated.freeSpinsPerRound).toBeGreaterThan(0.1);
    expect(Math.abs(enumerated.rtp - entry.rtp)).toBeLessThanOrEqual(DECLARED_TOLERANCE);
    expect(enumerated.rtp).toBeCloseTo(slotTheoreticalRtp(small).rtp, 12);
    expect(checkDeclaredRtp(entry).ok).toBe(true);
  });

  it(`the engine's simulation (${SMALL_ROUNDS.toLocaleString('en')} rounds) is within 4.5 standard errors, under half a point`, { timeout: 60_000 }, () => {
    const [check] = simulateGame(entry, SMALL_ROUNDS, 7);
    expect(tolerance(check)).toBeLessThan(ONE_POINT / 2);
    expect(check.withinTolerance, `measured ${check.measured} vs ${check.declared}`).toBe(true);
  });

  for (const factor of [1.01, 0.99]) {
    it(`a paytable ${factor > 1 ? 'raised' : 'lowered'} by 1% fails every check (enumeration, formula, simulation)`, { timeout: 60_000 }, () => {
      const perturbed = { ...entry, definition: scalePays(small, factor) };
      const enumerated = slotEnumeratedRtp(perturbed.definition);
      expect(Math.abs(enumerated.rtp - entry.rtp)).toBeGreaterThan(0.009);
      expect(checkDeclaredRtp(perturbed).ok).toBe(false);
      const [check] = simulateGame(perturbed, SMALL_ROUNDS, 7);
      expect(check.withinTolerance, `measured ${check.measured} vs ${check.declared}`).toBe(false);
    });
  }

  it("a catalogue slot's paytable changed by 1% fails its declared-RTP check", () => {
    for (const game of catalogue.filter((g) => g.definition.kind === 'slot')) {
      for (const factor of [1.01, 0.99]) {
        const check = checkDeclaredRtp({ ...game, definition: scalePays(game.definition as SlotDefinition, factor) });
        expect(check.ok, `${game.gameCode} x${factor}`).toBe(false);
        expect(Math.abs(check.exact - game.rtp)).toBeGreaterThan(0.009);
      }
    }
  });

  it('without free spins and on 2 rows too: enumeration equals the formula', () => {
    const plain: SlotDefinition = {
      ...small,
      rows: 2,
      paylines: [
        [0, 0, 0, 0, 0],
        [1, 1, 1, 1, 1],
        [0, 1, 0, 1, 0],
      ],
      freeSpins: null,
      betLevels: [3],
    };
    expect(slotEnumeratedRtp(plain).rtp).toBeCloseTo(slotTheoreticalRtp(plain).rtp, 12);
  });

  it('the simulation path and the recorded path of the engine pay the same', () => {
    const def = catalogue.find((g) => g.gameCode === 'slot-dragon-pearl')!.definition as SlotDefinition;
    const a = simulationRandom(42);
    const b = simulationRandom(42);
    for (let i = 0; i < 20_000; i++) expect(slotRoundWin(def, a, def.betLevels[0])).toBe(playSlot(def, b, def.betLevels[0]).totalWin);
  });
});
