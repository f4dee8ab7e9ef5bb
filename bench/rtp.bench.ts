/**
 * RTP bench (`npm run bench -- rtp`): every catalogue game's engine (contracts/house/, the code real
 * rounds run) simulated for BENCH_RTP_ROUNDS rounds (default 10^7; 10^6 with --short) on its main
 * bet, against the exact maths of contracts/game-math/ (decision 0020). Fails when a game's measured
 * RTP or hit frequency is more than 3 standard errors from the exact one, when its declared RTP is more than 0.01
 * points from it, or when a simulation measured nothing (no round, a NaN).
 *
 * Main bets: slots a spin at the lowest bet level; roulette a straight-up bet (its reference bet);
 * baccarat banker; blackjack the basic strategy (doubles add to the stake). The standard error of
 * measured = sum(returned) / sum(staked) over N independent rounds is
 * sqrt(sum (returned_i - measured x staked_i)^2) / sum(staked) (the ratio estimator's), from the run
 * itself. Seeds are fixed (the catalogue's game i uses seed 20_260 + i), so a run is reproducible: a pass is not luck
 * drawn anew each time, and a change to an engine changes the draw. At 10^6 rounds 3 standard errors
 * are 1.3-2.6 RTP points for a slot: the 0.2-point check of every engine is tests/unit/rtp.test.ts
 * (enumeration, decision 0020); this bench shows each engine's spread and largest rounds.
 */
import { pathToFileURL } from 'node:url';
import { kindMissing } from '../contracts/game-kinds';
import type { BaccaratBet, GameDefinition, RouletteBet } from '../contracts/games';
import { playBaccarat } from '../contracts/house/baccarat';
import { playBlackjackByStrategy } from '../contracts/house/blackjack';
import { simulationRandom } from '../contracts/house/random';
import { coveredNumbers, POCKETS, rouletteBetReturn } from '../contracts/house/roulette';
import { slotRoundWin } from '../contracts/house/slot';
import { loadCatalogue } from '../server/modules/games/catalogue';
import figures from '../contracts/game-math/figures.json';
import type { GameMath } from '../contracts/game-math';
import { DECLARED_TOLERANCE_POINTS, exactMath } from '../server/modules/games/math';
import { definitionHash } from '../server/modules/games/service';

export const Z_LIMIT = 3;

export interface Simulated {
  rounds: number;
  staked: number;
  returned: number;
  measured: number;
  standardError: number;
  hitFrequency: number;
  largest: number;
}

/** Plays `rounds` rounds of the engine on the game's main bet, per unit of base bet. */
export function simulate(def: GameDefinition, rounds: number, seed: number): Simulated {
  const rng = simulationRandom(seed);
  // Running sums per unit base bet: enough for the ratio estimator's standard error, no per-round storage.
  let sumStaked = 0,
    sumReturned = 0,
    sumSS = 0,
    sumRS = 0,
    sumRR = 0;
  let hits = 0;
  let largest = 0;
  const note = (_i: number, base: number, stake: number, back: number, hit: boolean) => {
    const s = stake / base;
    const r = back / base;
    sumStaked += s;
    sumReturned += r;
    sumSS += s * s;
    sumRS += r * s;
    sumRR += r * r;
    if (hit) hits++;
    if (r > largest) largest = r;
  };
  switch (def.kind) {
    case 'slot': {
      const bet = def.betLevels[0];
      for (let i = 0; i < rounds; i++) {
        const win = slotRoundWin(def, rng, bet);
        note(i, bet, bet, win, win > 0);
      }
      break;
    }
    case 'roulette': {
      const bet: RouletteBet = { type: 'straight', numbers: [17], amount: def.minBet };
      const covered = coveredNumbers(bet)!;
      for (let i = 0; i < rounds; i++) {
        const back = rouletteBetReturn(def, bet, covered, rng.int(POCKETS));
        note(i, def.minBet, def.minBet, back, back > def.minBet);
      }
      break;
    }
    case 'baccarat': {
      const bets: BaccaratBet[] = [{ type: 'banker', amount: def.minBet }];
      for (let i = 0; i < rounds; i++) {
        const back = playBaccarat(def, rng, bets).totalWin;
        note(i, def.minBet, def.minBet, back, back > def.minBet);
      }
      break;
    }
    case 'blackjack':
      for (let i = 0; i < rounds; i++) {
        const r = playBlackjackByStrategy(def, rng, def.minBet);
        note(i, def.minBet, r.stake, r.win, r.win > r.stake);
      }
      break;
    default:
      kindMissing(def);
  }
  const measured = sumReturned / sumStaked;
  // sum (r_i - measured s_i)^2, expanded.
  const sq = Math.max(0, sumRR - 2 * measured * sumRS + measured * measured * sumSS);
  return { rounds, staked: sumStaked, returned: sumReturned, measured, standardError: Math.sqrt(sq) / sumStaked, hitFrequency: hits / rounds, largest };
}

const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)}%`;

export async function run(): Promise<void> {
  const rounds = Number(process.env.BENCH_RTP_ROUNDS ?? (process.env.BENCH_SHORT ? 1_000_000 : 10_000_000));
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`BENCH_RTP_ROUNDS must be a positive integer, not ${process.env.BENCH_RTP_ROUNDS}`);
  // Seeds follow the game's place in the whole catalogue, so BENCH_RTP_GAMES=a,b reproduces those rows.
  const catalogue = loadCatalogue();
  const games = process.env.BENCH_RTP_GAMES ? catalogue.filter((g) => process.env.BENCH_RTP_GAMES!.split(',').includes(g.gameCode)) : catalogue;
  if (games.length === 0) throw new Error('no game to simulate');
  console.log(
    `${rounds.toLocaleString('en')} rounds a game, main bet; pass: |simulated - exact| <= ${Z_LIMIT} SE for the RTP and for the hit frequency, and |declared - exact| <= 0.01 points.`,
  );
  const header = ['game', 'exact RTP', 'declared', 'simulated ± SE', 'z', 'hit freq (exact / sim)', 'hit z', 'largest spin exact / round seen', 'verdict'];
  const rows: string[][] = [];
  const failures: string[] = [];
  for (const game of games) {
    const i = catalogue.findIndex((g) => g.gameCode === game.gameCode);
    // The stored figures when computed from this very definition (the unit test recomputes them all), else computed now.
    const stored = (figures as Record<string, GameMath & { definitionHash: string }>)[game.gameCode];
    const math = stored?.definitionHash === definitionHash(game.definition) ? stored : exactMath(game.definition);
    const offPoints = Math.abs(game.rtp - math.rtp) * 100;
    const declared = { ok: offPoints <= DECLARED_TOLERANCE_POINTS, offPoints };
    const sim = simulate(game.definition, rounds, 20_260 + i);
    const z = (sim.measured - math.rtp) / sim.standardError;
    const problems: string[] = [];
    if (sim.rounds !== rounds || !(sim.staked > 0)) problems.push('no rounds measured');
    if (!Number.isFinite(z) || !Number.isFinite(sim.measured)) problems.push(`not a number (z ${z})`);
    else if (Math.abs(z) > Z_LIMIT) problems.push(`simulated ${z.toFixed(2)} SE from exact`);
    // Hit frequency is a proportion: its standard error is sqrt(p(1 - p) / n) at the exact p, a far
    // tighter statistic than the RTP's for a slot (0.05 points at 10^6 rounds against 0.4-0.9).
    const hitSe = Math.sqrt((math.hitFrequency * (1 - math.hitFrequency)) / sim.rounds);
    const hitZ = hitSe > 0 ? (sim.hitFrequency - math.hitFrequency) / hitSe : sim.hitFrequency === math.hitFrequency ? 0 : Number.POSITIVE_INFINITY;
    if (!Number.isFinite(hitZ) || Math.abs(hitZ) > Z_LIMIT) problems.push(`hit frequency ${Number.isFinite(hitZ) ? hitZ.toFixed(2) : hitZ} SE from exact`);
    if (!declared.ok) problems.push(`declared ${declared.offPoints.toFixed(4)} points from exact`);
    if (problems.length) failures.push(`${game.gameCode}: ${problems.join('; ')}`);
    rows.push([
      game.gameCode,
      pct(math.rtp, 4),
      pct(game.rtp, 4),
      `${pct(sim.measured)} ± ${pct(sim.standardError)}`,
      z.toFixed(2),
      `${pct(math.hitFrequency, 2)} / ${pct(sim.hitFrequency, 2)}`,
      hitZ.toFixed(2),
      `${+math.largestWin.toFixed(2)}x / ${+sim.largest.toFixed(2)}x`,
      problems.length ? 'FAIL' : 'ok',
    ]);
    console.log(`  ${rows.at(-1)!.join(' | ')}`);
  }
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => `| ${cells.map((x, c) => x.padEnd(widths[c])).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${rows.map(line).join('\n')}`);
  console.log(
    'Largest: exact, the most one round returns in base bets (slots: one spin at the free-spin multiplier; a round of several winning free spins can pay more); seen: the largest round in the run.',
  );
  if (failures.length) throw new Error(`RTP: ${failures.join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
