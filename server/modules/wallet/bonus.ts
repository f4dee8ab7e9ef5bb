import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { COIN_CURRENCY } from '../../../contracts/constants';
import { DAILY_BONUS_INTERVAL_MS, type Balance, type BonusResult } from '../../../contracts/wallet';
import { isPromotionActive, type Promotion } from '../../../contracts/promotions';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import type { DbOrTrx } from '../../db';
import { postMovement, postMovementIn } from './posting';
import { balanceAndLastBonus } from './balance';
import type { MovementResult } from './types';

/**
 * The bonuses: daily, signup and promotion. Each is an ordinary wallet movement whose idempotency
 * key encodes the rule ("once per claim window", "once per account", "once per promotion"), so the
 * journal's unique key, not timing, decides who gets the coins when requests race. The daily bonus is
 * claimed in progression (claimStreakDailyBonus: the login streak sets its amount), keyed on the last
 * claim that dailyBonusStatus reads here.
 */

export interface DailyBonusStatus {
  lastClaimed: Date | null;
  /** The journal id of the last claim: the next claim window is keyed on it. */
  lastClaimId: number | null;
  nextClaim: Date | null;
  canClaim: boolean;
}

export async function dailyBonusStatus(db: DbOrTrx, accountId: string, now: Date): Promise<DailyBonusStatus> {
  const last = await db
    .selectFrom('wallet_journal')
    .select(['id', 'created_at'])
    .where('account_id', '=', accountId)
    // A literal, not a parameter: the partial index wallet_journal_daily_bonus then fits a prepared plan.
    .where('type', '=', sql.lit('DAILY_BONUS'))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return { lastClaimed: null, lastClaimId: null, nextClaim: null, canClaim: true };
  const nextClaim = new Date(last.created_at.getTime() + DAILY_BONUS_INTERVAL_MS);
  return { lastClaimed: last.created_at, lastClaimId: last.id, nextClaim, canClaim: now.getTime() >= nextClaim.getTime() };
}

/** GET /balance: the balance and the daily bonus's status (balance.ts keeps the read a moment). */
export async function balanceWithBonusStatus(db: Db, accountId: string, now: Date): Promise<Balance> {
  const { balance, lastBonusAt: lastClaimed } = await balanceAndLastBonus(db, accountId, now.getTime());
  const nextClaim = lastClaimed && new Date(lastClaimed.getTime() + DAILY_BONUS_INTERVAL_MS);
  return {
    balance,
    currency: COIN_CURRENCY,
    canClaimBonus: nextClaim === null || now.getTime() >= nextClaim.getTime(),
    lastClaimed: lastClaimed?.toISOString() ?? null,
    nextClaim: nextClaim?.toISOString() ?? null,
  };
}

export const promoBonusKey = (promoSlug: string, accountId: string) => `promo:${promoSlug}:${accountId}`;

/** Whether this player has already claimed the promotion's bonus. */
export async function hasClaimedPromotion(db: DbOrTrx, promoSlug: string, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('wallet_journal').select('id').where('idempotency_key', '=', promoBonusKey(promoSlug, accountId)).executeTakeFirst();
  return Boolean(row);
}

/**
 * Credits a promotion's bonus once per player while the promotion runs. An unknown slug, a promotion
 * without a bonus, or one that has not started or has ended: PROMOTION_NOT_AVAILABLE. A second claim:
 * BONUS_CANNOT_BE_CLAIMED.
 */
export async function claimPromotionBonus(db: Db, accountId: string, promotion: Promotion | undefined, now: Date): Promise<BonusResult> {
  if (!promotion || promotion.bonus === null || !isPromotionActive(promotion, now)) {
    throw new AppError('PROMOTION_NOT_AVAILABLE', 'No running promotion with a bonus has this slug');
  }
  const result = await postMovement(
    db,
    { accountId, type: 'PROMO_BONUS', amount: promotion.bonus, idempotencyKey: promoBonusKey(promotion.slug, accountId), reason: promotion.slug },
    now,
  );
  if (result.replayed) throw new AppError('BONUS_CANNOT_BE_CLAIMED', 'This promotion bonus was already claimed');
  return { bonus: promotion.bonus, currency: COIN_CURRENCY };
}

/**
 * The signup bonus, credited once per account inside the signup transaction (so an account never
 * exists without it, and a failed signup credits nothing). Amount 0 switches it off.
 */
export async function creditSignupBonus(trx: DbOrTrx, accountId: string, amount: number): Promise<MovementResult | null> {
  if (amount <= 0) return null;
  return postMovementIn(trx, { accountId, type: 'SIGNUP_BONUS', amount, idempotencyKey: `signup:${accountId}` });
}

/**
 * An operator's correction: a new ADJUSTMENT entry with the reason, never an edit. A debit below zero
 * is refused (INSUFFICIENT_FUNDS). The key defaults to a fresh one; pass one to make a retry safe.
 */
export async function adjustWallet(db: Db, input: { accountId: string; amount: number; reason: string; idempotencyKey?: string }): Promise<MovementResult> {
  const reason = input.reason.trim();
  if (!reason) throw new Error('An adjustment needs a reason');
  return postMovement(db, {
    accountId: input.accountId,
    type: 'ADJUSTMENT',
    amount: input.amount,
    reason,
    idempotencyKey: input.idempotencyKey ?? `adjust:${randomUUID()}`,
  });
}
