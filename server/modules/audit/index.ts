/**
 * The audit log: hash-chained rows of every staff and CLI state change, written in the causing
 * transaction. The module's entry: other modules and the app import only what this file exports
 * (docs/decisions/0026-module-boundaries.md).
 */
export { type AuditActor, cliActor, listAudit, toAuditEntry, verifyChain, writeAudit } from './log';
