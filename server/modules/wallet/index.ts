/**
 * The wallet: the one module that moves coins (see README.md beside this file). Other modules use
 * it only through what this file exports.
 * - posting.ts: movements into the append-only journal, one statement, idempotent by key, never
 *   negative; several wallets at once with typed attachments (attachments.ts);
 * - balance.ts, statement.ts: reading a balance and the coin statement;
 * - conservation.ts: the proof that every balance equals its journal;
 * - bonus.ts: the daily, signup and promotion bonuses.
 */
export type { DbOrTrx } from '../../db';
export { attachment, type Attachment, type AttachmentDb } from './attachments';
export { postMovement, postMovementIn, postMovementsEach, postMovementsIn, type PostGroup, type PostOptions } from './posting';
export { getBalance } from './balance';
export { dailyBonusStatus } from './bonus';
export { getStatement, type StatementPage } from './statement';
export { checkConservation, type ConservationProblem, type ConservationReport } from './conservation';
export { TRANSACTION_TYPES, type Movement, type MovementResult, type TransactionType } from './types';
