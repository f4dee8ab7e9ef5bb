import type { DbOrTrx } from '../../db';
import type { TransactionType } from './types';
import { ADJUSTMENT_REASON_CODES, type AdjustmentReasonCode } from '../../../contracts/backoffice-constants';

const adjustmentReason = (type: TransactionType, reason: string | null): AdjustmentReasonCode | null =>
  type === 'ADJUSTMENT' && (ADJUSTMENT_REASON_CODES as readonly string[]).includes(reason ?? '') ? (reason as AdjustmentReasonCode) : null;

export interface StatementPage {
  totalRecordAmount: number;
  records: Array<{
    transactionId: number;
    createdDate: string;
    transactionType: TransactionType;
    amount: number;
    newBalance: number;
    gameCode: string | null;
    sessionId: string | null;
    traceId: string | null;
    adjustmentReason: AdjustmentReasonCode | null;
  }>;
}

/** The coin statement: one page of the player's journal, newest first (page 1 is the newest). */
export async function getStatement(db: DbOrTrx, accountId: string, page: number, pageSize: number): Promise<StatementPage> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('wallet_journal')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('wallet_journal')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    totalRecordAmount: Number(count.n),
    records: rows.map((r) => ({
      transactionId: r.id,
      createdDate: r.created_at.toISOString(),
      transactionType: r.type,
      amount: r.amount,
      newBalance: r.balance_after,
      gameCode: r.game_code,
      sessionId: r.session_id,
      traceId: r.trace_id,
      adjustmentReason: adjustmentReason(r.type, r.reason),
    })),
  };
}
