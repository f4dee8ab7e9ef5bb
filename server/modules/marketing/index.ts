/**
 * Offer emails: opt-in, the daily send, unsubscribe links. The module's entry: other modules and
 * the app import only what this file exports (docs/decisions/0026-module-boundaries.md).
 */
export { marketingCommands } from './admin';
export { default as marketingRoutes } from './routes';
