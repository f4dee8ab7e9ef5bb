/**
 * The games catalogue, game launch (through the provider's launchToken hook, server/lib/hooks.ts)
 * and measured RTP. The module's entry: other modules and the app import only what this file
 * exports (docs/decisions/0026-module-boundaries.md).
 */
export { gamesCommands, staffGameList, updateGame } from './admin';
export { default as gamesRoutes } from './routes';
export { declaredRtps, definitionOf, findGame, seedGames } from './service';
