/**
 * The house's game kinds, listed once (zod-free: the site's stores read it too). The contracts'
 * HouseGameKindSchema, the catalogue's gameType and the site's fallback icons derive from this list;
 * what each kind needs besides (engine, math, client, art, bench) is still keyed by kind where it lives.
 */
export const GAME_KINDS = ['slot', 'roulette', 'blackjack', 'baccarat'] as const;
export type GameKind = (typeof GAME_KINDS)[number];
