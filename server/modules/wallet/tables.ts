import type { Generated } from 'kysely';
import type { TransactionType } from './types';

export interface WalletTables {
  wallets: {
    account_id: string;
    currency: Generated<string>;
    balance: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** Append-only: the database refuses UPDATE and DELETE (see the wallet migration). */
  wallet_journal: {
    id: Generated<number>;
    account_id: string;
    type: TransactionType;
    amount: number;
    balance_after: number;
    idempotency_key: string;
    game_code: string | null;
    session_id: string | null;
    trace_id: string | null;
    reason: string | null;
    created_at: Generated<Date>;
  };
}
