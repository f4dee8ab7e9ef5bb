/**
 * A player's favourite and recently played games. The module's entry: other modules and the app
 * import only what this file exports (docs/decisions/0026-module-boundaries.md).
 */
export { default as favouriteRoutes } from './routes';
export { recordLaunch } from './service';
