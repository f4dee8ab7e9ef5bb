import type { SlotDefinition } from '../games';
import type { GameMath } from './types';

/**
 * A slot's exact figures by enumerating every combination of reel stops (decision 0020). Written
 * from the definition's documented rules (contracts/games.ts), not from the engine's code:
 * - a stop s of a reel shows strip[s], strip[s+1], ... (wrapping), one per row;
 * - a payline pays the symbol on reel 1 (a normal symbol) for the run of that symbol or wilds from
 *   reel 1, pays[k-1] line bets for a run of k (line bet = bet / paylines);
 * - scatters anywhere in the window pay pays[k-1] total bets for k of them; `freeSpins.scatters` or
 *   more award `spins` free spins at `multiplier`, which can award more the same way.
 *
 * The enumeration walks the reels in nested order keeping each payline's run so far, so each
 * combination costs only the lines still running; once no line runs on, the remaining reels' stop
 * combinations are grouped by how many scatters they show (they differ in nothing else). Every one of
 * the prod(strip lengths) combinations is counted once: the total is checked.
 *
 * A round = the paid spin + its free spins. Free spins are fresh spins of the same reels, so the
 * round's win is a branching process over the one-spin distribution: with W the win of one spin (in
 * bets) and A the free spins it awards,
 *   X (a free spin with its retriggers) = m W + sum_{j<=A} X_j,  E[X] = m E[W] / (1 - E[A]),
 *   E[X^2] = (m^2 E[W^2] + 2 m E[WA] E[X] + E[A(A-1)] E[X]^2) / (1 - E[A]),
 *   R (round) = W + sum_{j<=A} X_j,  E[R] = E[W] + E[A] E[X],
 *   E[R^2] = E[W^2] + 2 E[WA] E[X] + E[A] E[X^2] + E[A(A-1)] E[X]^2.
 * Exact, but for the engine's cap of 500 free spins in one round (its probability is below 1e-30
 * for every catalogue slot, whose E[A] is under 0.3).
 */
export function slotMath(def: SlotDefinition): GameMath {
  const L = def.paylines.length;
  const n = def.reels.length;
  const index = new Map(def.symbols.map((s, i) => [s.id, i]));
  const kind = def.symbols.map((s) => s.kind);
  const wild = kind.indexOf('wild');
  const scatter = kind.indexOf('scatter');
  const strips = def.reels.map((strip) =>
    strip.map((id) => {
      const i = index.get(id);
      if (i === undefined) throw new Error(`slot math: unknown symbol ${id}`);
      return i;
    }),
  );
  if (wild >= 0 && strips[0].includes(wild)) throw new Error('slot math: a wild on reel 1 (the rules leave its line undefined)');
  for (const line of def.paylines)
    if (line.length !== n || line.some((row) => row < 0 || row >= def.rows)) throw new Error('slot math: a payline off the window');
  // pay[symbol][k] = line bets paid for a run of k.
  const pay = def.symbols.map((s) => Float64Array.from({ length: n + 1 }, (_, k) => (k > 0 && s.kind === 'normal' ? (s.pays[k - 1] ?? 0) : 0)));
  // Scatter pays in line bets (a total bet is L line bets).
  const scatterPay = (k: number) => (scatter >= 0 && k > 0 ? (def.symbols[scatter].pays[k - 1] ?? 0) * L : 0);
  const fs = def.freeSpins;
  // lineSym[r][s * L + l]: the symbol line l crosses on reel r at stop s; scat[r][s]: scatters shown.
  const lineSym = strips.map((strip, r) => {
    const out = new Int32Array(strip.length * L);
    for (let s = 0; s < strip.length; s++) for (let l = 0; l < L; l++) out[s * L + l] = strip[(s + def.paylines[l][r]) % strip.length];
    return out;
  });
  const scat = strips.map((strip) =>
    Int32Array.from(strip, (_, s) => {
      let k = 0;
      for (let row = 0; row < def.rows; row++) if (strip[(s + row) % strip.length] === scatter) k++;
      return k;
    }),
  );
  // rest[d][k]: how many stop combinations of reels d..n-1 show k scatters (used once no line runs).
  const rest: Float64Array[] = new Array(n + 1);
  rest[n] = Float64Array.of(1);
  for (let d = n - 1; d >= 0; d--) {
    const out = new Float64Array(rest[d + 1].length + def.rows);
    const next = rest[d + 1];
    for (const k of scat[d]) for (let j = 0; j < next.length; j++) out[j + k] += next[j];
    rest[d] = out;
  }

  // Tallies by whether the spin triggers free spins (t = 0, 1), wins in line bets.
  const count = [0, 0];
  const sum = [0, 0];
  const sumSq = [0, 0];
  const zero = [0, 0];
  let largest = 0;
  const record = (w: number, scatters: number, weight: number) => {
    const t = fs && scatters >= fs.scatters ? 1 : 0;
    count[t] += weight;
    sum[t] += weight * w;
    sumSq[t] += weight * w * w;
    if (w === 0) zero[t] += weight;
    if (w > largest) largest = w;
  };

  const first = new Int32Array(L);
  // run[d][l]: length of line l's run after reels 0..d-1 (still running when it equals d).
  const run = Array.from({ length: n + 1 }, () => new Int32Array(L));
  const open = new Int32Array(L);
  const walk = (d: number, acc: number, sc: number) => {
    const runs = run[d];
    let running = 0;
    for (let l = 0; l < L; l++) if (runs[l] === d) open[running++] = l;
    if (running === 0) {
      // No line runs on: the remaining reels change only the scatter count.
      const r = rest[d];
      for (let k = 0; k < r.length; k++) if (r[k] > 0) record(acc + scatterPay(sc + k), sc + k, r[k]);
      return;
    }
    if (d === n - 1) {
      const syms = lineSym[d];
      for (let s = 0; s < strips[d].length; s++) {
        let w = acc;
        for (let i = 0; i < running; i++) {
          const l = open[i];
          const sym = syms[s * L + l];
          w += pay[first[l]][sym === first[l] || sym === wild ? n : d];
        }
        record(w + scatterPay(sc + scat[d][s]), sc + scat[d][s], 1);
      }
      return;
    }
    const next = run[d + 1];
    const syms = lineSym[d];
    for (let s = 0; s < strips[d].length; s++) {
      let w = acc;
      for (let l = 0; l < L; l++) {
        const r = runs[l];
        if (r !== d) {
          next[l] = r;
          continue;
        }
        const sym = syms[s * L + l];
        if (sym === first[l] || sym === wild) next[l] = d + 1;
        else {
          next[l] = d;
          w += pay[first[l]][d];
        }
      }
      walk(d + 1, w, sc + scat[d][s]);
    }
  };
  if (n === 1) {
    for (let s = 0; s < strips[0].length; s++) {
      let w = 0;
      for (let l = 0; l < L; l++) {
        const sym = lineSym[0][s * L + l];
        if (kind[sym] === 'normal') w += pay[sym][1];
      }
      record(w + scatterPay(scat[0][s]), scat[0][s], 1);
    }
  } else {
    for (let s = 0; s < strips[0].length; s++) {
      for (let l = 0; l < L; l++) {
        const sym = lineSym[0][s * L + l];
        first[l] = kind[sym] === 'normal' ? sym : -1;
        // A line whose reel-1 symbol is not a normal symbol pays nothing: its run is over at 0.
        run[1][l] = first[l] >= 0 ? 1 : 0;
      }
      walk(1, 0, scat[0][s]);
    }
  }
  const combinations = strips.reduce((p, strip) => p * strip.length, 1);
  if (count[0] + count[1] !== combinations) throw new Error(`slot math: counted ${count[0] + count[1]} of ${combinations} combinations`);

  // One spin, in bets.
  const N = combinations;
  const EW = (sum[0] + sum[1]) / N / L;
  const EW2 = (sumSq[0] + sumSq[1]) / N / L / L;
  let ER = EW;
  let ER2 = EW2;
  let zeroRound = (zero[0] + zero[1]) / N;
  let freeSpinsPerRound = 0;
  const triggerChance = count[1] / N;
  if (fs && count[1] > 0) {
    const F = fs.spins;
    const m = fs.multiplier;
    const EA = F * triggerChance;
    if (EA >= 1) throw new Error('slot math: free spins never end on average');
    const EAA = F * (F - 1) * triggerChance;
    const EWA = (F * sum[1]) / N / L;
    const EX = (m * EW) / (1 - EA);
    const EX2 = (m * m * EW2 + 2 * m * EWA * EX + EAA * EX * EX) / (1 - EA);
    ER = EW + EA * EX;
    ER2 = EW2 + 2 * EWA * EX + EA * EX2 + EAA * EX * EX;
    freeSpinsPerRound = EA / (1 - EA);
    // P(a free spin and its retriggers all pay nothing): the least root of z = q0 + q1 z^F.
    const q0 = zero[0] / N;
    const q1 = zero[1] / N;
    let z = 0;
    for (let i = 0; i < 10_000; i++) {
      const nz = q0 + q1 * z ** F;
      if (Math.abs(nz - z) < 1e-17) break;
      z = nz;
    }
    zeroRound = q0 + q1 * z ** F;
  }
  const multiplier = fs ? Math.max(1, fs.multiplier) : 1;
  return {
    kind: 'slot',
    bet: 'spin',
    rtp: ER,
    variance: ER2 - ER * ER,
    hitFrequency: 1 - zeroRound,
    largestWin: (largest / L) * (fs && count[1] > 0 ? multiplier : 1),
    method: `every one of the ${combinations.toLocaleString('en')} reel stop combinations enumerated; free spins by their exact expected value`,
    bets: [],
    slot: { combinations, triggerChance, freeSpinsPerRound, baseRtp: EW, largestSpin: largest / L },
  };
}
