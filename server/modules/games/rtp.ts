import type { BaccaratBet, GameDefinition, RouletteBet } from '../../../contracts/games';
import { playBaccarat } from '../../../contracts/house/baccarat';
import { playBlackjackByStrategy } from '../../../contracts/house/blackjack';
import { simulationRandom } from '../../../contracts/house/random';
import { coveredNumbers, POCKETS, rouletteBetReturn } from '../../../contracts/house/roulette';
import { slotRoundWin, slotTheoreticalRtp } from '../../../contracts/house/slot';
import type { CatalogueEntry } from './catalogue';

/**
 * RTP by simulation: plays a game's pure engine (no HTTP, no database) many times and compares the
 * measured return with the declared one. Used by tests/unit/rtp.test.ts and `npm run bench`.
 *
 * Tolerance: the mean return of N independent rounds has standard error sd/sqrt(N), where sd is the
 * standard deviation of one round's return per unit staked (measured in the same run). A game passes
 * when |measured - declared| <= 4.5 standard errors: an engine that matches its maths fails this
 * by chance about 7 times in a million, while a real bias of that size is caught. The simulations use
 * fixed seeds, so a run is reproducible.
 */
export const RTP_TOLERANCE_SE = 4.5;

export interface RtpCheck {
  gameCode: string;
  /** Which bet was simulated (table games check each main bet). */
  bet: string;
  rounds: number;
  declared: number;
  measured: number;
  standardError: number;
  withinTolerance: boolean;
}

function summarise(gameCode: string, bet: string, declared: number, rounds: number, returned: number, staked: number, sumSq: number): RtpCheck {
  const measured = returned / staked;
  const perRoundStake = staked / rounds;
  // Variance of one round's return per unit staked.
  const meanSq = sumSq / rounds;
  const sd = Math.sqrt(Math.max(0, meanSq - (measured * perRoundStake) ** 2)) / perRoundStake;
  const standardError = sd / Math.sqrt(rounds);
  return { gameCode, bet, rounds, declared, measured, standardError, withinTolerance: Math.abs(measured - declared) <= RTP_TOLERANCE_SE * standardError };
}

/** Declared RTP of each main bet of a table game (the catalogue's rtp is the first). */
export function declaredBets(def: GameDefinition, declared: number): Array<{ bet: string; rtp: number }> {
  switch (def.kind) {
    case 'slot':
      return [{ bet: 'spin', rtp: declared }];
    case 'roulette':
      // La partage returns half of an even-chance bet on zero: 1 - (1/37)/2.
      return [{ bet: 'straight', rtp: 36 / 37 }, { bet: 'red', rtp: def.variant === 'french' ? 1 - 1 / 74 : 36 / 37 }];
    case 'baccarat': {
      // Exact probabilities of a hand from a full shoe (Wizard of Odds combinatorial tables).
      const p = def.decks === 8 ? { b: 0.458597, pl: 0.446247, t: 0.095156 } : { b: 0.458653, pl: 0.446274, t: 0.095073 };
      return [
        { bet: 'banker', rtp: p.b * 1.95 + p.t },
        { bet: 'player', rtp: p.pl * 2 + p.t },
        { bet: 'tie', rtp: p.t * (def.tiePays + 1) },
      ];
    }
    case 'blackjack':
      return [{ bet: 'basic strategy', rtp: declared }];
  }
}

interface Tally { returned: number; staked: number; sumSq: number }
const tally = (): Tally => ({ returned: 0, staked: 0, sumSq: 0 });
const add = (t: Tally, stake: number, win: number) => {
  t.returned += win;
  t.staked += stake;
  t.sumSq += win * win;
};

/**
 * Simulates `rounds` rounds of a game's engine with a fixed-seed generator. Table games settle every
 * main bet on the same rounds (each bet's estimate is still over `rounds` independent rounds).
 */
export function simulateGame(entry: Pick<CatalogueEntry, 'gameCode' | 'rtp' | 'definition'>, rounds: number, seed: number): RtpCheck[] {
  const def = entry.definition;
  const rng = simulationRandom(seed);
  const bets = declaredBets(def, entry.rtp);
  const tallies = bets.map(tally);
  if (def.kind === 'slot') {
    const stake = def.betLevels[0];
    for (let i = 0; i < rounds; i++) add(tallies[0], stake, slotRoundWin(def, rng, stake));
  } else if (def.kind === 'roulette') {
    const straight: RouletteBet = { type: 'straight', numbers: [17], amount: 10 };
    const red: RouletteBet = { type: 'red', amount: 10 };
    const covered = [coveredNumbers(straight)!, coveredNumbers(red)!];
    for (let i = 0; i < rounds; i++) {
      const pocket = rng.int(POCKETS);
      add(tallies[0], 10, rouletteBetReturn(def, straight, covered[0], pocket));
      add(tallies[1], 10, rouletteBetReturn(def, red, covered[1], pocket));
    }
  } else if (def.kind === 'baccarat') {
    const all: BaccaratBet[] = [{ type: 'banker', amount: 100 }, { type: 'player', amount: 100 }, { type: 'tie', amount: 100 }];
    for (let i = 0; i < rounds; i++) {
      const hand = playBaccarat(def, rng, all);
      hand.bets.forEach((b, k) => add(tallies[k], 100, b.win));
    }
  } else {
    for (let i = 0; i < rounds; i++) {
      const r = playBlackjackByStrategy(def, rng, 10);
      add(tallies[0], r.stake, r.win);
    }
  }
  return bets.map(({ bet, rtp }, k) => summarise(entry.gameCode, bet, rtp, rounds, tallies[k].returned, tallies[k].staked, tallies[k].sumSq));
}

/** The exact RTP from the reel strips (slots only), to compare with the declared value. */
export const slotExactRtp = (def: GameDefinition) => (def.kind === 'slot' ? slotTheoreticalRtp(def).rtp : null);
