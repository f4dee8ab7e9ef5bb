import type { SlotDefinition } from '../../contracts/games';
import { compileSlot } from '../../contracts/house/slot';

/*
 * The catalogue generator's RTP formula (generate-catalogue.ts scales each paytable with it). Not
 * the proof of a declared RTP: that is contracts/game-math/ (every reel stop combination, written
 * from the rules), and the engine is checked against it by tests/unit/rtp.test.ts.
 */

/**
 * The exact RTP of a definition, computed from the reel strips (reels are independent and every
 * row of a reel shows each strip position equally often):
 *   line RTP   = E[pay of one line, in line bets]   (all lines share the same distribution)
 *   scatter    = E[scatter pay, in total bets]      (scatter count is a sum of independent reels;
 *                                                    strips space scatters so a reel shows at most one)
 *   free spins = each trigger gives F = N / (1 - pN) spins on average (retriggers), each worth
 *                m * (line + scatter)
 *   RTP = (line + scatter) * (1 + p * m * F)
 */
export function slotTheoreticalRtp(def: SlotDefinition): { rtp: number; line: number; scatter: number; triggerChance: number } {
  const c = compileSlot(def);
  const n = c.reels.length;
  const freq = c.reels.map((strip) => {
    const f = new Float64Array(c.ids.length);
    for (const s of strip) f[s] += 1 / strip.length;
    return f;
  });
  let line = 0;
  for (let s = 0; s < c.ids.length; s++) {
    if (c.kinds[s] !== 'normal') continue;
    let prefix = freq[0][s];
    for (let k = 1; k <= n; k++) {
      const continues = k < n ? freq[k][s] + (c.wild >= 0 ? freq[k][c.wild] : 0) : 0;
      const exactly = prefix * (1 - continues);
      line += exactly * (c.pays[s][k - 1] ?? 0);
      prefix *= continues;
    }
  }
  let scatter = 0;
  let triggerChance = 0;
  if (c.scatter >= 0) {
    // Poisson-binomial distribution of the number of reels showing a scatter.
    let dist = [1];
    for (let r = 0; r < n; r++) {
      const p = Math.min(1, freq[r][c.scatter] * def.rows);
      const next = new Array(dist.length + 1).fill(0);
      dist.forEach((q, k) => {
        next[k] += q * (1 - p);
        next[k + 1] += q * p;
      });
      dist = next;
    }
    dist.forEach((q, k) => {
      if (k > 0) scatter += q * (c.pays[c.scatter][k - 1] ?? 0);
      if (def.freeSpins && k >= def.freeSpins.scatters) triggerChance += q;
    });
  }
  const base = line + scatter;
  let rtp = base;
  if (def.freeSpins) {
    const { spins, multiplier } = def.freeSpins;
    const perTrigger = spins / (1 - triggerChance * spins);
    rtp = base * (1 + triggerChance * multiplier * perTrigger);
  }
  return { rtp, line, scatter, triggerChance };
}
