/**
 * The daily retention job: old sessions, tokens and messages deleted, the journal and rounds kept.
 * The module's entry: other modules and the app import only what this file exports
 * (docs/decisions/0026-module-boundaries.md).
 */
export { retentionCommands } from './admin';
export { default as retentionJob } from './routes';
