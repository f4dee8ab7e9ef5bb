import type { GameKind } from '../../../contracts/game-kinds';
import type { DefinitionOf, GameDefinition } from '../../../contracts/games';
import { gameMath, type GameMath } from '../../../contracts/game-math';
import type { CatalogueEntry } from './catalogue';

/**
 * Exact figures per game definition, computed once per process (contracts/game-math/: slots take
 * seconds, blackjack tens of seconds) and shared by the stats endpoint, the bench and the checks.
 */
const cache = new Map<string, GameMath>();

/** What a kind's maths depend on. Table limits do not change them: tables sharing rules share the (slow, for blackjack) figures. */
const MATH_KEY: { [K in GameKind]: (def: DefinitionOf<K>) => string } = {
  slot: (def) => JSON.stringify(def),
  roulette: (def) => `roulette:${def.variant}`,
  baccarat: (def) => `baccarat:${def.decks}:${def.tiePays}`,
  blackjack: (def) => `blackjack:${def.decks}:${def.dealerHitsSoft17}`,
};

export function exactMath(def: GameDefinition): GameMath {
  const key = (MATH_KEY[def.kind] as (def: GameDefinition) => string)(def);
  let math = cache.get(key);
  if (!math) {
    math = gameMath(def);
    cache.set(key, math);
  }
  return math;
}

/** The declared RTP must equal the exact one within 0.01 RTP points (decision 0020). */
export const DECLARED_TOLERANCE_POINTS = 0.01;

export interface DeclaredVsExact {
  gameCode: string;
  declared: number;
  exact: number;
  /** |declared - exact| in RTP points (percent). */
  offPoints: number;
  ok: boolean;
}

export function declaredVsExact(entry: Pick<CatalogueEntry, 'gameCode' | 'rtp' | 'definition'>): DeclaredVsExact {
  const exact = exactMath(entry.definition).rtp;
  const offPoints = Math.abs(entry.rtp - exact) * 100;
  return { gameCode: entry.gameCode, declared: entry.rtp, exact, offPoints, ok: offPoints <= DECLARED_TOLERANCE_POINTS };
}
