import { z } from 'zod';
import { body, LanguageSchema, languageTextsSchema } from './common';
import { EmailSchema } from './auth';
import { ADJUSTMENT_REASON_CODES, ADJUSTMENT_STATUSES, STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN, STAFF_ROLES } from './backoffice-constants';
import { RaceFileSchema, RaceMetricSchema } from './lobby';
import { PromotionFieldsSchema, PromotionSchema, PromotionSlugSchema, PromotionUpdateSchema } from './promotions';
import { RaffleDefinitionSchema, RaffleRefSchema } from './raffle';
import { TournamentTranslationSchema } from './tournaments';
import { TransactionTypeSchema } from './wallet';

export * from './backoffice-constants';

/**
 * The back-office API under /api/backoffice (docs/decisions/0019): staff sign-in with
 * TOTP, players, four-eyes adjustments, content, dashboard, audit log, staff management.
 */
const isoDate = z.iso.datetime({ offset: true });

export const StaffRoleSchema = z.enum(STAFF_ROLES);
export const AdjustmentReasonCodeSchema = z.enum(ADJUSTMENT_REASON_CODES);
export const AdjustmentStatusSchema = z.enum(ADJUSTMENT_STATUSES);

const SetupTokenSchema = z.string().min(20).max(100);
const TotpOrRecoverySchema = z.string().trim().min(6).max(20);
/** Staff passwords: at least 12 characters; the common-password list is checked on the server. */
export const StaffPasswordSchema = z.string().min(STAFF_PASSWORD_MIN, 'validation.staffPasswordLength').max(STAFF_PASSWORD_MAX);
const ReasonSchema = z.string().trim().min(1).max(500);

export const StaffSetupSchema = body({ token: SetupTokenSchema, password: StaffPasswordSchema });
export const StaffSetupResultSchema = z.object({ totpSecret: z.string(), otpauthUrl: z.string() });
export const StaffSetupConfirmSchema = body({ token: SetupTokenSchema, code: z.string().regex(/^\d{6}$/) });
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const StaffSigninSchema = body({ email: EmailSchema, password: z.string().min(1).max(STAFF_PASSWORD_MAX), code: TotpOrRecoverySchema });
export const StaffMeSchema = z.object({ email: z.string(), role: StaffRoleSchema, language: LanguageSchema });
export const StaffLanguageSchema = body({ language: LanguageSchema });

// Players
export const PlayerSearchQuerySchema = z.strictObject({ query: z.string().trim().min(1).max(254) });
export const PlayerRowSchema = z.object({
  accountRef: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  locked: z.boolean(),
  createdAt: isoDate,
});
export const PlayerSearchResultSchema = z.object({ players: z.array(PlayerRowSchema) });
export const AccountRefParamsSchema = z.strictObject({ accountRef: z.string().regex(/^acc_[A-Za-z0-9]{1,40}$/) });

export const AuditEntrySchema = z.object({
  seq: z.number().int(),
  at: isoDate,
  actor: z.string(),
  role: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const Player360Schema = z.object({
  profile: PlayerRowSchema.extend({ language: z.string(), isTester: z.boolean(), deleted: z.boolean(), lockedAt: isoDate.nullable() }),
  phone: z.object({ number: z.string().nullable(), verified: z.boolean() }),
  balance: z.number().int(),
  statement: z.array(
    z.object({
      transactionId: z.number().int(),
      createdDate: isoDate,
      transactionType: TransactionTypeSchema,
      amount: z.number().int(),
      newBalance: z.number().int(),
      gameCode: z.string().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  rounds: z.array(z.object({ roundId: z.string(), gameCode: z.string(), bet: z.number().int(), win: z.number().int(), at: isoDate, verifyUrl: z.string() })),
  sessions: z.array(z.object({ id: z.number().int(), createdAt: isoDate, expiresAt: isoDate, active: z.boolean() })),
  playControls: z.unknown(),
  playControlHistory: z.array(z.unknown()),
  tournamentResults: z.array(z.object({ ref: z.string(), kind: z.string(), place: z.number().int().nullable(), prize: z.number().int().nullable() })),
  audit: z.array(AuditEntrySchema),
});
export type Player360 = z.infer<typeof Player360Schema>;

export const ReasonBodySchema = body({ reason: ReasonSchema });
export const RevokeResultSchema = z.object({ revoked: z.number().int() });

// Adjustments
export const AdjustmentRequestSchema = body({
  accountRef: z.string().regex(/^acc_[A-Za-z0-9]{1,40}$/),
  amount: z
    .number()
    .int()
    .refine((n) => n !== 0, 'validation.amountNonZero')
    .refine((n) => Math.abs(n) <= 1_000_000_000, 'validation.amountTooLarge'),
  reasonCode: AdjustmentReasonCodeSchema,
  note: ReasonSchema,
});
export type AdjustmentRequest = z.infer<typeof AdjustmentRequestSchema>;
export const AdjustmentResultSchema = z.object({ id: z.string(), status: AdjustmentStatusSchema });
export const AdjustmentSchema = z.object({
  id: z.string(),
  accountRef: z.string(),
  playerEmail: z.string().nullable(),
  amount: z.number().int(),
  reasonCode: AdjustmentReasonCodeSchema,
  note: z.string(),
  status: AdjustmentStatusSchema,
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: isoDate,
  decidedAt: isoDate.nullable(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;
export const AdjustmentListQuerySchema = z.strictObject({ status: AdjustmentStatusSchema.optional() });
export const AdjustmentListSchema = z.object({ adjustments: z.array(AdjustmentSchema) });
export const AdjustmentIdParamsSchema = z.strictObject({ id: z.uuid() });
export const AdjustmentDecisionSchema = body({ reason: ReasonSchema.optional() });

// Audit
export const AuditQuerySchema = z.strictObject({
  actor: z.string().max(254).optional(),
  action: z.string().max(100).optional(),
  target: z.string().max(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const AuditListSchema = z.object({ entries: z.array(AuditEntrySchema), head: z.object({ seq: z.number().int(), hash: z.string() }).nullable() });

// Staff management
export const StaffCreateSchema = body({ email: EmailSchema, role: StaffRoleSchema });
export const StaffCreateResultSchema = z.object({ email: z.string(), role: StaffRoleSchema, setupUrl: z.string() });
export const StaffRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: StaffRoleSchema,
  enrolled: z.boolean(),
  active: z.boolean(),
  createdAt: isoDate,
});
export const StaffListSchema = z.object({ staff: z.array(StaffRowSchema) });
export const StaffIdParamsSchema = z.strictObject({ id: z.uuid() });
export const StaffRoleChangeSchema = body({ role: StaffRoleSchema, reason: ReasonSchema });

// Content
export const BackofficeRaffleCreateSchema = RaffleDefinitionSchema;
export const RaffleRefBodyParamsSchema = z.strictObject({ ref: RaffleRefSchema });
export const ContentRaffleSchema = z.object({
  ref: z.string(),
  status: z.string(),
  startDateUtc: isoDate,
  endDateUtc: isoDate,
  raffleDrawDate: isoDate,
  title: z.string(),
});
export const ContentRaffleListSchema = z.object({ raffles: z.array(ContentRaffleSchema) });
/** Races: the same RaceFileSchema as `tournament:create`. */
const eachLanguageOnce = (ts: Array<{ languageCode: string }>) => new Set(ts.map((t) => t.languageCode)).size === ts.length;
export const BackofficeRaceCreateSchema = RaceFileSchema.refine((r) => eachLanguageOnce(r.translations), {
  message: 'each language once',
  path: ['translations'],
});
export const RaceRefParamsSchema = z.strictObject({ ref: z.string().regex(/^[a-z0-9][a-z0-9-]{2,63}$/) });
/** Editing a race's texts: its translations replace the old ones (not once it is paid or cancelled). */
export const BackofficeRaceTextsSchema = body({
  translations: z.array(TournamentTranslationSchema.strict()).min(1).refine(eachLanguageOnce, 'each language once'),
  reason: ReasonSchema,
});
export const ContentRaceSchema = z.object({
  ref: z.string(),
  status: z.string(),
  metric: RaceMetricSchema.nullable(),
  startDateUtc: isoDate,
  endDateUtc: isoDate,
  title: z.string(),
  translations: z.array(TournamentTranslationSchema),
});
export const ContentRaceListSchema = z.object({ races: z.array(ContentRaceSchema) });
/** Promotions: the same schema as the shipped files (content/promotions). */
export const BackofficePromotionCreateSchema = PromotionSchema;
export const BackofficePromotionUpdateSchema = PromotionUpdateSchema;
export const PromotionSlugParamsSchema = z.strictObject({ slug: PromotionSlugSchema });
export const ContentPromotionSchema = PromotionFieldsSchema.extend({ slug: z.string(), published: z.boolean() });
export const ContentPromotionListSchema = z.object({ promotions: z.array(ContentPromotionSchema) });
export const GameCodeParamsSchema = z.strictObject({ code: z.string().min(1).max(100) });
export const GameUpdateSchema = body({
  enabled: z.boolean().optional(),
  demo: z.boolean().optional(),
  titles: languageTextsSchema(z.string().trim().min(1).max(100)).optional(),
  tags: z
    .array(z.string().regex(/^[A-Za-z0-9_]{1,30}$/))
    .max(10)
    .optional(),
});
export const ContentGameSchema = z.object({
  code: z.string(),
  kind: z.string(),
  enabled: z.boolean(),
  demo: z.boolean(),
  tags: z.array(z.string()),
  titles: z.partialRecord(LanguageSchema, z.string()).nullable(),
  rtp: z.number(),
});
export const ContentGameListSchema = z.object({ games: z.array(ContentGameSchema) });

// Dashboard
const PeriodSchema = z.object({
  signups: z.number().int(),
  activePlayers: z.number().int(),
  coinsIssued: z.object({
    signup: z.number().int(),
    daily: z.number().int(),
    promotion: z.number().int(),
    raffle: z.number().int(),
    race: z.number().int(),
    adjustment: z.number().int(),
  }),
  games: z.array(
    z.object({
      gameCode: z.string(),
      wagered: z.number().int(),
      won: z.number().int(),
      measuredRtp: z.number().nullable(),
      declaredRtp: z.number().nullable(),
    }),
  ),
});
export const DashboardSchema = z.object({ today: PeriodSchema, last30Days: PeriodSchema, openRounds: z.number().int() });
export type Dashboard = z.infer<typeof DashboardSchema>;
