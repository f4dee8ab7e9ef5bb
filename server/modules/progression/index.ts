/**
 * Levels, VIP tiers, daily missions and the login streak of the daily bonus; follows the
 * roundPlayed hook. The module's entry: other modules and the app import only what this file
 * exports (docs/decisions/0026-module-boundaries.md).
 */
export { default as progressionRoutes } from './routes';
