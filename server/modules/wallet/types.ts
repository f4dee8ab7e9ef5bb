/**
 * The wallet's interface for every other part (bonuses, games, raffles, operator adjustments).
 * Nothing else writes balances. Implemented in ./service.ts.
 */
export { TRANSACTION_TYPES, type TransactionType } from '../../../contracts/wallet';
import type { TransactionType } from '../../../contracts/wallet';

export interface Movement {
  accountId: string;
  type: TransactionType;
  /** Signed integer minor units: negative debits, positive credits. Never zero. */
  amount: number;
  /** Unique per movement; a repeated key returns the first result and moves nothing. */
  idempotencyKey: string;
  gameCode?: string | null;
  /** The game round or play session the movement belongs to. */
  sessionId?: string | null;
  traceId?: string | null;
  /** Operator adjustments record why. */
  reason?: string | null;
}

export interface MovementResult {
  transactionId: number;
  newBalance: number;
  /** True when the idempotency key had been seen: nothing moved this time. */
  replayed: boolean;
}
