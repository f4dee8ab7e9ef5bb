import { kindMissing } from './game-kinds';
import type { BlackjackAction, GameDefinition, PlayInput, RoundOutcome, VerifyRoundResponse } from './games';
import { playBaccarat } from './house/baccarat';
import { playBlackjack } from './house/blackjack';
import { fairRandom, pureHmac, serverSeedHash, type HmacFn, type RandomSource } from './house/random';
import { playRoulette } from './house/roulette';
import { playSlot } from './house/slot';

/**
 * Provably fair rounds, shared by the API (which plays them) and the site's fairness page (which
 * recomputes them). Given the revealed server seed, the client seed, the nonce, the game's
 * definition and the player's input, `recomputeRound` gives back exactly the outcome the API
 * recorded. See contracts/house/random.ts for how numbers are drawn.
 */
export { fairRandom, pureHmac, serverSeedHash, sha256, hmacSha256, toHex, blockMessage } from './house/random';
export type { HmacFn, RandomSource } from './house/random';

export interface PlayedRound {
  outcome: RoundOutcome;
  /** Total staked. */
  stake: number;
  /** Total returned to the player (stake included when it comes back). */
  win: number;
  settled: boolean;
}

/** The opening input of a round and the blackjack actions after it, played from one random stream. */
export function playRound(definition: GameDefinition, rng: RandomSource, input: PlayInput, actions: BlackjackAction[] = []): PlayedRound {
  if (definition.kind !== input.kind) throw new Error(`input ${input.kind} does not fit a ${definition.kind} game`);
  switch (definition.kind) {
    case 'slot': {
      if (input.kind !== 'slot') throw new Error('unreachable');
      const r = playSlot(definition, rng, input.bet);
      return { outcome: { kind: 'slot', ...r }, stake: input.bet, win: r.totalWin, settled: true };
    }
    case 'roulette': {
      if (input.kind !== 'roulette') throw new Error('unreachable');
      const r = playRoulette(definition, rng, input.bets);
      return { outcome: r, stake: input.bets.reduce((s, b) => s + b.amount, 0), win: r.totalWin, settled: true };
    }
    case 'baccarat': {
      if (input.kind !== 'baccarat') throw new Error('unreachable');
      const r = playBaccarat(definition, rng, input.bets);
      return {
        outcome: { ...r, playerCards: [...r.playerCards], bankerCards: [...r.bankerCards], bets: [...r.bets] },
        stake: input.bets.reduce((s, b) => s + b.amount, 0),
        win: r.totalWin,
        settled: true,
      };
    }
    case 'blackjack': {
      if (input.kind !== 'blackjack' || input.action !== 'deal') throw new Error('a blackjack round opens with deal');
      const { stake, ...outcome } = playBlackjack(definition, rng, input.bet, actions);
      return { outcome, stake, win: outcome.totalWin, settled: outcome.result !== null };
    }
    default:
      return kindMissing(definition);
  }
}

export interface VerifyCheck {
  /** The revealed server seed hashes to the hash committed before play. */
  hashMatches: boolean;
  /** Recomputing gives the recorded outcome. */
  outcomeMatches: boolean;
  recomputed: PlayedRound;
}

/** Recomputes a round from its verify record (GET /house/rounds/:roundId/verify). Needs the revealed server seed. */
export function recomputeRound(round: VerifyRoundResponse, hmac: HmacFn = pureHmac): VerifyCheck {
  if (!round.serverSeed) throw new Error('The server seed is not revealed yet: rotate the seed first.');
  const rng = fairRandom(round.serverSeed, round.clientSeed, round.nonce, hmac);
  const recomputed = playRound(round.definition, rng, round.input, round.actions);
  return {
    hashMatches: serverSeedHash(round.serverSeed) === round.serverSeedHash,
    outcomeMatches: JSON.stringify(canonical(recomputed.outcome)) === JSON.stringify(canonical(round.outcome)),
    recomputed,
  };
}

/** Key order independent comparison (JSON from the database may reorder object keys). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
