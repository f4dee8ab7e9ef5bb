/**
 * The house's game kinds, listed once (zod-free: the site's stores read it too). Everything a kind
 * needs besides is keyed by kind where it lives, each as a `Record<GameKind, ...>`, a mapped type over
 * GameKind or a switch ending in `kindMissing`, so adding a kind here makes the compiler name every
 * place to fill (docs/conventions.md, "A new game kind"; docs/decisions/0028-game-kinds.md):
 * - contracts/games.ts: the kind's definition, play input and outcome (checked with `EveryKind`);
 * - the engine (contracts/fairness.ts), the bet checks (server/modules/house/rounds.ts), the maths
 *   (contracts/game-math/), the client (HousePlay.tsx), its rules, outcome and replay views, the
 *   fairness page's rules line, the bench and the load kit.
 */
export const GAME_KINDS = ['slot', 'roulette', 'blackjack', 'baccarat'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/**
 * How a kind's round is played: settled by its opening input (one request, the one-statement path),
 * or opened by it and continued by later actions (blackjack's hit, stand and double).
 */
export const KIND_ROUNDS = {
  slot: 'at once',
  roulette: 'at once',
  blackjack: 'in steps',
  baccarat: 'at once',
} as const satisfies Record<GameKind, 'at once' | 'in steps'>;

/** Which missions count a kind's rounds besides "any game": slot missions, or table-game missions. */
export const KIND_FAMILY = {
  slot: 'slot',
  roulette: 'table',
  blackjack: 'table',
  baccarat: 'table',
} as const satisfies Record<GameKind, 'slot' | 'table'>;

/**
 * `true` when the union of kinds `K` is exactly GameKind; otherwise what is missing from it and what
 * it has beyond GAME_KINDS, so the compiler's message names the kind. Used as
 * `export type X = KindsChecked<EveryKind<Union['kind']>>`.
 */
export type EveryKind<K extends string> = [Exclude<GameKind, K>, Exclude<K, GameKind>] extends [never, never]
  ? true
  : { missing: Exclude<GameKind, K>; beyondGameKinds: Exclude<K, GameKind> };
export type KindsChecked<T extends true> = T;

/**
 * The end of a switch over a kind: once every kind has its case the value left is `never`; a kind
 * without one makes the compiler name it here.
 */
export function kindMissing(value: never): never {
  throw new Error(`no case for the game kind of ${JSON.stringify(value)}`);
}
