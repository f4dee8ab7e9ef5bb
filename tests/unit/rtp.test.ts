import { describe, expect, it } from 'vitest';
import type { BlackjackDefinition, GameDefinition, SlotDefinition } from '../../contracts/games';
import { SMALL_SLOT } from '../fixtures/small-slot';
import type { StoredFigures } from '../../contracts/game-math';
import figures from '../../contracts/game-math/figures.json';
import { slotMath } from '../../contracts/game-math/slot';
import { ROULETTE_BETS } from '../../contracts/game-math/tables';
import { playBlackjackByStrategy } from '../../contracts/house/blackjack';
import { simulationRandom, type RandomSource } from '../../contracts/house/random';
import { playSlot, slotRoundWin } from '../../contracts/house/slot';
import { loadCatalogue } from '../../server/modules/games/catalogue';
import { definitionHash } from '../../server/modules/games/service';
import { baccaratExact, blackjackAgainstRules, everyRouletteBet, rouletteBetExact, slotEngineExact, type SlotPlay } from '../../scripts/games/rtp';

/**
 * Every catalogue game's engine (contracts/house/, the code real rounds run) against the exact maths
 * of contracts/game-math/ (decision 0020: written from the rules, sharing no code with the engines or
 * the catalogue generator; its stored figures are recomputed and compared with the declared RTPs by
 * game-math.test.ts). RTP and hit frequency are both judged. The engine is driven by scripted random
 * sources (scripts/games/rtp.ts):
 * - slots: played on every class of reel stop combinations the rules say pay alike (each reel's
 *   stops grouped by, for every payline still running, "its symbol / a wild / anything else", and
 *   the scatters shown), free spins by their exact expected value; exact, so RTP and hit frequency
 *   must equal the exact maths within 1e-9: a 0.2-point RTP error (0.002) or a 0.1-point hit-rate
 *   error (0.001) is a million times that;
 * - roulette: every legal bet on each of the 37 pockets; baccarat: every card sequence of a fresh
 *   shoe, weighted by its probability; exact, within 1e-9;
 * - blackjack (7.7 x 10^8 card sequences a hand, too many to play): HANDS hands of the engine and of
 *   a settlement written from the rules on the same random numbers must agree on every hand. A
 *   hand's return moves by at most 4 bets and its stake by 1, so an engine error worth 0.2 RTP
 *   points changes at least 1 hand in 2,500 (a 0.1-point hit-rate error 1 in 1,000): the chance
 *   that 200,000 hands miss it is below e^-80. The engine's measured RTP and hit frequency must also be within 4.5 standard
 *   errors of the exact maths (this ties the rules' settlement to the exact maths, loosely: about
 *   1.2 RTP points at 200,000 hands).
 * Planted errors fail: an engine paying 0.2 RTP points more, one whose hit frequency is under 0.1
 * points off, and (scripts/mutations.ts, `npm run mutate -- slot-line-wins-x1.01 slot-losing-spins-pay`)
 * slot line wins paid x1.01 or some losing spins paying a coin, in every slot.
 */
const catalogue = loadCatalogue();
const stored = figures as Record<string, StoredFigures>;
/** Exact against exact: only floating-point rounding may differ. */
const EXACT = 1e-9;
const HANDS = 200_000;
const points = (x: number) => `${(x * 100).toFixed(4)}%`;

/** The exact maths of a catalogue game, as stored for its current definition (game-math.test.ts recomputes them). */
function exactOf(gameCode: string, def: GameDefinition): StoredFigures {
  const math = stored[gameCode];
  expect(math, `${gameCode}: no stored figures (npx tsx scripts/game-figures.ts)`).toBeDefined();
  expect(math.definitionHash, `${gameCode}: stored figures are for another definition`).toBe(definitionHash(def));
  return math;
}

const slots = catalogue.filter((g) => g.definition.kind === 'slot');

describe('slots: the engine on every class of reel stop combinations equals the exact maths', () => {
  it('the catalogue has its slots, with and without free spins', () => {
    expect(slots.length).toBeGreaterThanOrEqual(20);
    expect(slots.some((g) => (g.definition as SlotDefinition).freeSpins === null)).toBe(true);
  });

  for (const game of slots) {
    const def = game.definition as SlotDefinition;
    it(`${game.gameCode}: every stop class played, RTP and hit frequency exact`, { timeout: 60_000 }, () => {
      const exact = exactOf(game.gameCode, def);
      const engine = slotEngineExact(def);
      expect(engine.combinations).toBe(exact.slot!.combinations);
      // Soft: a failing engine reports its RTP, its hit frequency and its trigger chance, each judged on its own.
      expect.soft(Math.abs(engine.rtp - exact.rtp), `RTP: engine ${points(engine.rtp)}, exact ${points(exact.rtp)}`).toBeLessThanOrEqual(EXACT);
      expect
        .soft(Math.abs(engine.hitFrequency - exact.hitFrequency), `hit frequency: engine ${points(engine.hitFrequency)}, exact ${points(exact.hitFrequency)}`)
        .toBeLessThanOrEqual(EXACT);
      expect.soft(Math.abs(engine.triggerChance - exact.slot!.triggerChance), 'trigger chance').toBeLessThanOrEqual(EXACT);
    });
  }

  // A planted error in the engine, one slot with free spins and one without: the check fails.
  const planted = ['slot-lucky-cat', 'slot-neon-sevens'].map((code) => slots.find((g) => g.gameCode === code)!);
  /** The first two reels' stops of a round's paid spin, seen through the random source. */
  const seeStops = (rng: RandomSource) => {
    const stops: number[] = [];
    const seen: RandomSource = {
      int(n) {
        const v = rng.int(n);
        stops.push(v);
        return v;
      },
    };
    return { seen, stops };
  };
  for (const game of planted) {
    const def = game.definition as SlotDefinition;
    it(`${game.gameCode}: an engine paying 0.2 RTP points more fails`, { timeout: 60_000 }, () => {
      const exact = exactOf(game.gameCode, def);
      const richer: SlotPlay = (d, rng, bet) => slotRoundWin(d, rng, bet) * (1 + 0.002 / exact.rtp);
      const engine = slotEngineExact(def, richer);
      expect(engine.rtp - exact.rtp).toBeCloseTo(0.002, 9);
      expect(Math.abs(engine.rtp - exact.rtp)).toBeGreaterThan(EXACT);
    });
    it(`${game.gameCode}: an engine whose hit frequency is under 0.1 points off fails`, { timeout: 60_000 }, () => {
      const exact = exactOf(game.gameCode, def);
      // A round that wins nothing pays a coin when reels 1 and 2 stop at 0: at most 1 round in
      // len1 x len2 (under 0.05 points here).
      expect(1 / (def.reels[0].length * def.reels[1].length)).toBeLessThan(0.001);
      const some: SlotPlay = (d, rng, bet) => {
        const { seen, stops } = seeStops(rng);
        const win = slotRoundWin(d, seen, bet);
        return win === 0 && stops[0] === 0 && stops[1] === 0 ? 1 : win;
      };
      const engine = slotEngineExact(def, some);
      expect(engine.hitFrequency - exact.hitFrequency).toBeGreaterThan(EXACT);
    });
  }

  it('a small slot (5 reels of 9, 3 rows, wilds, scatters, retriggering free spins at x2): the classes give what every combination gave', () => {
    // 0.932279: its RTP from playing the engine on each of its 59,049 stop combinations one by one.
    const small = SMALL_SLOT;
    const engine = slotEngineExact(small);
    const math = slotMath(small);
    expect(engine.combinations).toBe(59_049);
    expect(Math.abs(engine.rtp - 0.932279)).toBeLessThan(5e-7);
    expect(Math.abs(engine.rtp - math.rtp)).toBeLessThanOrEqual(EXACT);
    expect(Math.abs(engine.hitFrequency - math.hitFrequency)).toBeLessThanOrEqual(EXACT);
    // Two rows, no free spins.
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
    const plainEngine = slotEngineExact(plain);
    const plainMath = slotMath(plain);
    expect(Math.abs(plainEngine.rtp - plainMath.rtp)).toBeLessThanOrEqual(EXACT);
    expect(Math.abs(plainEngine.hitFrequency - plainMath.hitFrequency)).toBeLessThanOrEqual(EXACT);
  });

  it('the recorded path (playSlot, what players see) pays what the counting path (slotRoundWin) pays, every slot', () => {
    for (const game of slots) {
      const def = game.definition as SlotDefinition;
      const a = simulationRandom(42);
      const b = simulationRandom(42);
      for (let i = 0; i < 2_000; i++) expect(slotRoundWin(def, a, def.betLevels[0])).toBe(playSlot(def, b, def.betLevels[0]).totalWin);
    }
  });
});

describe('table games: the engine against the exact maths', () => {
  const ofKind = <K extends GameDefinition['kind']>(kind: K) =>
    catalogue.filter((g) => g.definition.kind === kind) as Array<(typeof catalogue)[number] & { definition: Extract<GameDefinition, { kind: K }> }>;

  it('the catalogue has roulette, baccarat and blackjack tables', () => {
    expect(ofKind('roulette').length).toBeGreaterThan(0);
    expect(ofKind('baccarat').length).toBeGreaterThan(0);
    expect(ofKind('blackjack').length).toBeGreaterThan(0);
  });

  /** The exact maths' name of each layout bet (the six even chances are one: 'even chance'). */
  const MATH_BET: Record<string, string> = Object.fromEntries(ROULETTE_BETS.map((b) => [b.bet, b.bet]));

  for (const game of ofKind('roulette')) {
    it(`${game.gameCode}: every legal bet on each of the 37 pockets, RTP and hit frequency exact`, () => {
      const exact = exactOf(game.gameCode, game.definition);
      const bets = everyRouletteBet(game.definition.minBet);
      expect(bets.length).toBe(157);
      for (const bet of bets) {
        const engine = rouletteBetExact(game.definition, bet);
        const math = exact.bets.find((b) => b.bet === (MATH_BET[bet.type] ?? 'even chance'))!;
        const name = `${bet.type} ${bet.numbers ?? bet.value ?? ''}`;
        expect(Math.abs(engine.rtp - math.rtp), `${name}: engine ${points(engine.rtp)}, exact ${points(math.rtp)}`).toBeLessThanOrEqual(EXACT);
        expect(Math.abs(engine.hitFrequency - math.hitFrequency), `${name} hit frequency`).toBeLessThanOrEqual(EXACT);
      }
      // The main bet (straight up) is the catalogue's figure.
      const straight = rouletteBetExact(game.definition, { type: 'straight', numbers: [17], amount: game.definition.minBet });
      expect(Math.abs(straight.rtp - exact.rtp)).toBeLessThanOrEqual(EXACT);
      expect(Math.abs(straight.hitFrequency - exact.hitFrequency)).toBeLessThanOrEqual(EXACT);
    });
  }

  for (const game of ofKind('baccarat')) {
    it(`${game.gameCode}: every card sequence of a fresh shoe, each bet's RTP and hit frequency exact`, { timeout: 60_000 }, () => {
      const exact = exactOf(game.gameCode, game.definition);
      const engine = baccaratExact(game.definition);
      for (const math of exact.bets) {
        const bet = math.bet as 'banker' | 'player' | 'tie';
        expect(Math.abs(engine.rtp[bet] - math.rtp), `${bet}: engine ${points(engine.rtp[bet])}, exact ${points(math.rtp)}`).toBeLessThanOrEqual(EXACT);
        expect(Math.abs(engine.hit[bet] - math.hitFrequency), `${bet} hit frequency`).toBeLessThanOrEqual(EXACT);
      }
      expect(Math.abs(engine.rtp.banker - exact.rtp)).toBeLessThanOrEqual(EXACT);
    });
  }

  for (const game of ofKind('blackjack')) {
    it(`${game.gameCode}: ${HANDS.toLocaleString('en')} hands, the engine equals the rules on every hand and is within 4.5 SE of the exact maths`, {
      timeout: 60_000,
    }, () => {
      const exact = exactOf(game.gameCode, game.definition);
      const check = blackjackAgainstRules(game.definition, HANDS, 2026);
      expect(check.mismatches, check.firstMismatch ?? '').toBe(0);
      expect(Math.abs(check.rtp - exact.rtp), `RTP ${points(check.rtp)} vs exact ${points(exact.rtp)}`).toBeLessThanOrEqual(4.5 * check.standardError);
      const hitSe = Math.sqrt((exact.hitFrequency * (1 - exact.hitFrequency)) / HANDS);
      expect(Math.abs(check.hitFrequency - exact.hitFrequency), 'hit frequency').toBeLessThanOrEqual(4.5 * hitSe);
    });
  }

  it('blackjack: an engine paying 0.2 RTP points more, or with a hit frequency 0.1 points off, differs from the rules on many hands', () => {
    const def = ofKind('blackjack')[0].definition as BlackjackDefinition;
    const hands = 20_000;
    // A blackjack (about 4.5% of hands) paid 2.55 instead of 2.5: +0.2 RTP points.
    const richer = blackjackAgainstRules(def, hands, 1, (d, rng, bet) => {
      const r = playBlackjackByStrategy(d, rng, bet);
      return r.win === bet * 2.5 ? { ...r, win: bet * 2.55 } : r;
    });
    expect(richer.mismatches).toBeGreaterThan(hands * 0.03);
    // One winning hand in 1,000 paid as a push: under 0.05 hit points (and 0.05 RTP points).
    let n = 0;
    const fewerHits = blackjackAgainstRules(def, hands, 1, (d, rng, bet) => {
      const r = playBlackjackByStrategy(d, rng, bet);
      return r.win > r.stake && ++n % 1000 === 0 ? { ...r, win: r.stake } : r;
    });
    expect(fewerHits.mismatches).toBeGreaterThan(0);
  });
});
