import { z } from 'zod';
import { body } from './common';
import { DAILY_BONUS_INTERVAL_MS, STATEMENT_MAX_PAGE_SIZE, STATEMENT_PAGE_SIZE } from './constants';
import { ADJUSTMENT_REASON_CODES } from './backoffice-constants';

// Kept in constants.ts, which the site imports without zod; exported here too for the server.
export { DAILY_BONUS_INTERVAL_MS, STATEMENT_MAX_PAGE_SIZE, STATEMENT_PAGE_SIZE };

/**
 * The coin wallet on the wire (spec sections 3 and 7, decisions.md): balance and daily-bonus
 * status, the daily and promotion bonus claims, and the coin statement.
 */

/** decisions.md: the values the spec leaves out. The wallet journal's CHECK constraint lists the same. */
export const TRANSACTION_TYPES = [
  'BET',
  'WIN',
  'REFUND',
  'DAILY_BONUS',
  'PROMO_BONUS',
  'SIGNUP_BONUS',
  'ADJUSTMENT',
  'RAFFLE_PRIZE',
  'TOURNAMENT_PRIZE',
  'LEVEL_REWARD',
  'MISSION_REWARD',
  'TIER_BONUS',
] as const;
export const TransactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof TransactionTypeSchema>;

const isoDate = z.iso.datetime({ offset: true });

/** GET /balance. Dates are ISO 8601; null when the player has never claimed the daily bonus. */
export const BalanceSchema = z.object({
  balance: z.number().int(),
  currency: z.string(),
  canClaimBonus: z.boolean(),
  lastClaimed: isoDate.nullable(),
  /** When the daily bonus becomes claimable again (lastClaimed + 24 h); null before the first claim. */
  nextClaim: isoDate.nullable(),
});
export type Balance = z.infer<typeof BalanceSchema>;

/** POST /claimDailyBonus and POST /claimBonus answer the coins credited. */
export const BonusResultSchema = z.object({ bonus: z.number().int(), currency: z.string() });
export type BonusResult = z.infer<typeof BonusResultSchema>;

export const PromoSlugSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
export const ClaimBonusSchema = body({ promoSlug: PromoSlugSchema });

/** GET /promotionBonus?promoSlug=: what the promotion page's claim button needs to know. */
export const PromotionBonusQuerySchema = z.strictObject({ promoSlug: PromoSlugSchema });
export const PromotionBonusSchema = z.object({
  promoSlug: z.string(),
  bonus: z.number().int(),
  currency: z.string(),
  /** The promotion runs now. */
  active: z.boolean(),
  /** This player has already claimed it. */
  claimed: z.boolean(),
});
export type PromotionBonus = z.infer<typeof PromotionBonusSchema>;

/** GET /transactions?page=&pageSize=: pages start at 1. */
export const TransactionsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(STATEMENT_MAX_PAGE_SIZE).default(STATEMENT_PAGE_SIZE),
});

/** One journal entry as the player sees it (spec section 3). Amounts are signed: debits negative. */
export const TransactionSchema = z.object({
  transactionId: z.number().int(),
  createdDate: isoDate,
  transactionType: TransactionTypeSchema,
  amount: z.number().int(),
  newBalance: z.number().int(),
  gameCode: z.string().nullable(),
  sessionId: z.string().nullable(),
  traceId: z.string().nullable(),
  /** An ADJUSTMENT made in the back-office: its reason code (the site shows it in the player's language); otherwise null. */
  adjustmentReason: z.enum(ADJUSTMENT_REASON_CODES).nullable(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** Newest first. totalRecordAmount is the number of entries across every page. */
export const TransactionListSchema = z.object({
  totalRecordAmount: z.number().int(),
  records: z.array(TransactionSchema),
});
export type TransactionList = z.infer<typeof TransactionListSchema>;
