import type { Adjustment, AdjustmentRequest } from '../../../contracts/backoffice';
import type { AdjustmentReasonCode } from '../../../contracts/backoffice-constants';
import type { Db, DbOrTrx } from '../../db';
import { AppError } from '../../errors';
import { clock } from '../../clock';
import { postMovementIn } from '../wallet';
import { writeAudit, type AuditActor } from '../audit';
import { notifyPlayer } from '../notifications';
import { playerByRef } from './players';
import type { SignedInStaff } from './staff';

/**
 * Wallet adjustments by staff (docs/decisions/0019). Up to the threshold (absolute coins)
 * they apply at once; above it they wait for a second finance or admin member, never the
 * requester. Either way the coins move once, through the wallet's journal (idempotency key
 * `adjustment:<id>`), in the transaction that marks the adjustment APPLIED and writes its audit row.
 * The journal row's reason is the reason code, which the player's statement shows in their language.
 */

/** Called after an adjustment has been applied and committed (the player notification hooks in here). */
export type AdjustmentAppliedHook = (applied: {
  adjustmentId: string;
  accountId: string;
  amount: number;
  reasonCode: AdjustmentReasonCode;
}) => void | Promise<void>;
export const adjustmentAppliedHooks: AdjustmentAppliedHook[] = [];

async function runHooks(applied: Parameters<AdjustmentAppliedHook>[0]) {
  for (const hook of adjustmentAppliedHooks) {
    try {
      await hook(applied);
    } catch {
      // A notification failing must not undo or fail an applied adjustment.
    }
  }
}

const actorOf = (staff: SignedInStaff, meta: { ip: string; requestId: string }): AuditActor => ({
  actor: staff.email,
  role: staff.role,
  ip: meta.ip,
  requestId: meta.requestId,
});

async function apply(trx: DbOrTrx, adj: { id: string; account_id: string; amount: number; reason_code: AdjustmentReasonCode }) {
  const moved = await postMovementIn(trx, {
    accountId: adj.account_id,
    type: 'ADJUSTMENT',
    amount: adj.amount,
    reason: adj.reason_code,
    idempotencyKey: `adjustment:${adj.id}`,
  });
  await trx.updateTable('adjustments').set({ transaction_id: moved.transactionId }).where('id', '=', adj.id).execute();
  // The player hears of it once (the key is the journal row), in the same transaction as the coins.
  await notifyPlayer(trx, adj.account_id, 'ADJUSTMENT', { amount: adj.amount, reasonCode: adj.reason_code }, `adjust:${moved.transactionId}`);
  return moved;
}

export async function requestAdjustment(db: Db, threshold: number, staff: SignedInStaff, meta: { ip: string; requestId: string }, input: AdjustmentRequest) {
  const player = await playerByRef(db, input.accountRef);
  if (player.deleted_at) throw new AppError('NOT_FOUND', 'The account is deleted');
  const status: 'APPLIED' | 'PENDING' = Math.abs(input.amount) <= threshold ? 'APPLIED' : 'PENDING';
  const result = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('adjustments')
      .values({
        account_id: player.id,
        amount: input.amount,
        reason_code: input.reasonCode,
        note: input.note,
        status,
        requested_by: staff.id,
        ...(status === 'APPLIED' ? { decided_by: staff.id, decided_at: clock.now() } : {}),
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    let after: Record<string, unknown> = { id: row.id, amount: input.amount, reasonCode: input.reasonCode, status };
    if (status === 'APPLIED') {
      const moved = await apply(trx, { id: row.id, account_id: player.id, amount: input.amount, reason_code: input.reasonCode });
      after = { ...after, transactionId: moved.transactionId, newBalance: moved.newBalance };
    }
    await writeAudit(trx, actorOf(staff, meta), {
      action: status === 'APPLIED' ? 'adjustment.apply' : 'adjustment.request',
      target: `player:${input.accountRef}`,
      after,
      reason: `${input.reasonCode}: ${input.note}`,
    });
    return { id: row.id, status };
  });
  if (status === 'APPLIED') await runHooks({ adjustmentId: result.id, accountId: player.id, amount: input.amount, reasonCode: input.reasonCode });
  return result;
}

/**
 * Approves or rejects a pending adjustment. The status moves from PENDING by a conditional update,
 * so of any number of simultaneous approvals exactly one finds it PENDING and applies it.
 */
export async function decideAdjustment(db: Db, staff: SignedInStaff, meta: { ip: string; requestId: string }, id: string, approve: boolean, reason?: string) {
  const adj = await db
    .selectFrom('adjustments')
    .innerJoin('accounts', 'accounts.id', 'adjustments.account_id')
    .select(['adjustments.id', 'adjustments.requested_by', 'adjustments.status', 'accounts.account_ref'])
    .where('adjustments.id', '=', id)
    .executeTakeFirst();
  if (!adj) throw new AppError('NOT_FOUND', 'No such adjustment');
  if (adj.requested_by === staff.id) throw new AppError('OWN_ADJUSTMENT');
  if (adj.status !== 'PENDING') throw new AppError('ADJUSTMENT_NOT_PENDING');
  const done = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('adjustments')
      .set({ status: approve ? 'APPLIED' : 'REJECTED', decided_by: staff.id, decided_at: clock.now() })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .where('requested_by', '!=', staff.id)
      .returning(['id', 'account_id', 'amount', 'reason_code'])
      .executeTakeFirst();
    if (!row) throw new AppError('ADJUSTMENT_NOT_PENDING');
    let after: Record<string, unknown> = { status: approve ? 'APPLIED' : 'REJECTED' };
    if (approve) {
      const moved = await apply(trx, row);
      after = { ...after, transactionId: moved.transactionId, newBalance: moved.newBalance };
    }
    await writeAudit(trx, actorOf(staff, meta), {
      action: approve ? 'adjustment.approve' : 'adjustment.reject',
      target: `player:${adj.account_ref}`,
      before: { id, status: 'PENDING', amount: row.amount, reasonCode: row.reason_code },
      after,
      reason: reason ?? null,
    });
    return row;
  });
  if (approve) await runHooks({ adjustmentId: done.id, accountId: done.account_id, amount: done.amount, reasonCode: done.reason_code });
  return { id, status: approve ? ('APPLIED' as const) : ('REJECTED' as const) };
}

export async function listAdjustments(db: Db, status?: Adjustment['status']): Promise<Adjustment[]> {
  let q = db
    .selectFrom('adjustments')
    .innerJoin('accounts', 'accounts.id', 'adjustments.account_id')
    .innerJoin('staff as requester', 'requester.id', 'adjustments.requested_by')
    .leftJoin('staff as decider', 'decider.id', 'adjustments.decided_by')
    .select([
      'adjustments.id',
      'accounts.account_ref',
      'accounts.email as player_email',
      'adjustments.amount',
      'adjustments.reason_code',
      'adjustments.note',
      'adjustments.status',
      'requester.email as requested_by',
      'decider.email as decided_by',
      'adjustments.created_at',
      'adjustments.decided_at',
    ])
    .orderBy('adjustments.created_at', 'desc')
    .limit(200);
  if (status) q = q.where('adjustments.status', '=', status);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    accountRef: r.account_ref,
    playerEmail: r.player_email,
    amount: r.amount,
    reasonCode: r.reason_code,
    note: r.note,
    status: r.status,
    requestedBy: r.requested_by,
    decidedBy: r.decided_by,
    createdAt: r.created_at.toISOString(),
    decidedAt: r.decided_at?.toISOString() ?? null,
  }));
}
