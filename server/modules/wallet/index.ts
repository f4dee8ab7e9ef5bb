/**
 * The wallet: the one module that moves coins (see README.md beside this file). Other modules use
 * it only through what this file exports.
 * - posting.ts: movements into the append-only journal, one statement, idempotent by key, never
 *   negative; several wallets at once with typed attachments (attachments.ts);
 * - balance.ts, statement.ts: reading a balance and the coin statement;
 * - conservation.ts: the proof that every balance equals its journal;
 * - wagers.ts: what players staked, for the modules that count it (raffle, XP, races, daily limits);
 * - bonus.ts: the signup and promotion bonuses, the daily bonus's status (progression claims it);
 * - admin.ts, routes.ts: its commands and its routes (GET /balance, GET /transactions).
 */
export { attachment, type Attachment, type AttachmentDb } from './attachments';
export { postMovement, postMovementIn, postMovementsEach, postMovementsIn, type PostGroup, type PostOptions } from './posting';
export { getBalance } from './balance';
export { claimPromotionBonus, creditSignupBonus, dailyBonusStatus, hasClaimedPromotion } from './bonus';
export { findAccountId, walletCommands } from './admin';
export { default as walletRoutes } from './routes';
export { getStatement, type StatementPage } from './statement';
export {
  betsBetween,
  bettorsSince,
  creditsSince,
  isPosted,
  lifetimeWagered,
  playByGameSince,
  refundedBets,
  wageredBy,
  wageredByEveryone,
  type WagerWindow,
} from './wagers';
export { checkConservation, type ConservationProblem, type ConservationReport } from './conservation';
export { TRANSACTION_TYPES, type Movement, type MovementResult, type TransactionType } from './types';
