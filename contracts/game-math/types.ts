import type { GameKind } from '../game-kinds';

/**
 * Exact figures of a game, computed from its definition alone (contracts/game-math/, decision 0020).
 * Zod-free: the site (rules overlay, fairness pages) may import it.
 *
 * All figures are per unit of the round's base bet (the slot's total bet, the table bet):
 * - rtp: expected coins returned / expected coins staked (blackjack: doubles add to the stake);
 * - variance: of (returned - rtp x staked) per unit base bet, one round. The standard error of a
 *   measured RTP over rounds of base bets b_i is sqrt(variance x sum b_i^2) / sum staked_i;
 * - hitFrequency: probability that a round pays anything (slots: any win; tables: more than the
 *   stake back);
 * - largestWin: the most one round can return, in base bets (slots: the largest single spin,
 *   free-spin multiplier included; rounds with several winning free spins can exceed it).
 */
export interface BetMath {
  bet: string;
  rtp: number;
  variance: number;
  hitFrequency: number;
  largestWin: number;
}

export interface GameMath extends BetMath {
  kind: GameKind;
  /** How the figures were obtained, for the page and the report. */
  method: string;
  /** Table games: every bet the table offers (the main one first). */
  bets: BetMath[];
  /** Slots: enumeration details. */
  slot?: { combinations: number; triggerChance: number; freeSpinsPerRound: number; baseRtp: number; largestSpin: number };
}

/** Moments of one outcome distribution: probabilities of (returned, staked) pairs per unit base bet. */
export function betMath(bet: string, outcomes: Array<{ p: number; returned: number; staked: number }>): BetMath {
  let er = 0;
  let es = 0;
  let total = 0;
  for (const o of outcomes) {
    er += o.p * o.returned;
    es += o.p * o.staked;
    total += o.p;
  }
  if (Math.abs(total - 1) > 1e-9) throw new Error(`${bet}: probabilities sum to ${total}`);
  const rtp = er / es;
  let variance = 0;
  let hit = 0;
  let largest = 0;
  for (const o of outcomes) {
    if (o.p <= 0) continue;
    variance += o.p * (o.returned - rtp * o.staked) ** 2;
    if (o.returned > o.staked) hit += o.p;
    largest = Math.max(largest, o.returned);
  }
  return { bet, rtp, variance, hitFrequency: hit, largestWin: largest };
}
