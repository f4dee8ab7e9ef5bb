/**
 * A player's notifications (toast and bell): other modules notify, the player reads. The module's
 * entry: other modules and the app import only what this file exports
 * (docs/decisions/0026-module-boundaries.md).
 */
export { default as notificationRoutes } from './routes';
export { notifyPlayer } from './service';
