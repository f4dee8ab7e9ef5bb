/**
 * Raffles (tournaments of kind RAFFLE): tickets from wagers, verifiable draws, the demo raffles.
 * The module's entry: other modules and the app import only what this file exports
 * (docs/decisions/0026-module-boundaries.md).
 */
export { raffleCommands } from './admin';
export { seedRaffles } from './demo';
export { drawRaffle } from './draw';
export { default as raffleRoutes } from './routes';
export { cancelRaffle, createRaffle, findRaffle, listRaffles } from './service';
