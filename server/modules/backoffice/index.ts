/**
 * The back-office's API (/backoffice/...): staff sign-in with TOTP, players, adjustments, content,
 * the dashboard. The module's entry: other modules and the app import only what this file exports
 * (docs/decisions/0026-module-boundaries.md).
 */
export { backofficeCommands, isReadOnlyCommand, selfAuditedCommands } from './admin';
export { default as backofficeRoutes } from './routes';
