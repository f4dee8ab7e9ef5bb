/**
 * Phone verification by SMS code, and the check that refuses unverified players coin play and
 * bonuses. The module's entry: other modules and the app import only what this file exports
 * (docs/decisions/0026-module-boundaries.md).
 */
export { default as phoneRoutes } from './routes';
export { refuseUnverifiedPhone } from './service';
