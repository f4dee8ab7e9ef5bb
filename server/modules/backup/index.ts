/**
 * Database backups and restores from the command line. The module's entry: other modules and the
 * app import only what this file exports (docs/decisions/0026-module-boundaries.md).
 */
export { backupCommands } from './admin';
