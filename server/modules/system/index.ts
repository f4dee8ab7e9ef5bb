/**
 * Health probes, channel flags and first-party page-view analytics. The module's entry: other
 * modules and the app import only what this file exports
 * (docs/decisions/0026-module-boundaries.md).
 */
export { default as systemRoutes } from './routes';
