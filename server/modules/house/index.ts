/**
 * The house game provider: play sessions, provably fair rounds, the seamless wallet over the coin
 * wallet, bet history. Provides the launchToken hook and emits roundPlayed (server/lib/hooks.ts).
 * The module's entry: other modules and the app import only what this file exports
 * (docs/decisions/0026-module-boundaries.md).
 */
export { houseCommands } from './admin';
export { default as houseRoutes } from './routes';
export { openRoundCount } from './rounds';
