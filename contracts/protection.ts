import { z } from 'zod';
import { body } from './common';
import { BREAK_DAYS, EXCLUSION_PERIODS, REALITY_CHECK_MINUTES, type ExclusionPeriod } from './constants';

/**
 * Player protection (docs/decisions/0008-player-protection.md): play controls, breaks and self-exclusion on the wire.
 * Lowering a limit takes effect at once; raising or removing one waits LIMIT_RAISE_DELAY_MS.
 */

// Kept in constants.ts, which the site imports without zod; exported here too for the server.
export { BREAK_DAYS, EXCLUSION_PERIODS, REALITY_CHECK_MINUTES, type ExclusionPeriod };

/** A raise or removal of a limit waits this long (shown as pending meanwhile). */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
/** An indefinite exclusion can be asked to end this many months after it began... */
export const INDEFINITE_MIN_MONTHS = 6;
/** ...and then ends after this cooling-off. */
export const LIFT_COOLING_OFF_MS = 7 * 24 * 60 * 60 * 1000;
/** Limits accepted: a day has 1440 minutes; coins as the wallet counts them. */
export const MAX_TIME_LIMIT_MINUTES = 1440;
export const MAX_WAGER_LIMIT = 1_000_000_000_000;

const isoDate = z.iso.datetime({ offset: true });

export const RealityCheckMinutesSchema = z.union([z.literal(15), z.literal(30), z.literal(60)]);

/** POST /play-controls: absent fields stay as they are; null turns a control off. */
export const PlayControlsUpdateSchema = body({
  realityCheckMinutes: RealityCheckMinutesSchema.nullable().optional(),
  dailyTimeLimitMinutes: z.number().int().min(1).max(MAX_TIME_LIMIT_MINUTES).nullable().optional(),
  dailyWagerLimit: z.number().int().min(1).max(MAX_WAGER_LIMIT).nullable().optional(),
});
export type PlayControlsUpdate = z.infer<typeof PlayControlsUpdateSchema>;

export const BreakRequestSchema = body({
  days: z.union(BREAK_DAYS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<1>, z.ZodLiteral<3>, z.ZodLiteral<7>, z.ZodLiteral<14>, z.ZodLiteral<30>]),
});
export const SelfExclusionRequestSchema = body({ period: z.enum(EXCLUSION_PERIODS) });

/** A limit in force (null: none) and a raise or removal waiting for its time (null: none). */
export const LimitStateSchema = z.object({
  current: z.number().int().nullable(),
  pending: z.object({ value: z.number().int().nullable(), effectiveAt: isoDate }).nullable(),
});
export type LimitState = z.infer<typeof LimitStateSchema>;

/** GET /play-controls (and the answer of every change). Times are ISO 8601. */
export const PlayControlsSchema = z.object({
  realityCheckMinutes: RealityCheckMinutesSchema.nullable(),
  dailyTimeLimitMinutes: LimitStateSchema,
  dailyWagerLimit: LimitStateSchema,
  /** The end of the break in force, or null. */
  breakUntil: isoDate.nullable(),
  /** The self-exclusion in force, or null. `until` null: indefinite. */
  selfExclusion: z
    .object({
      period: z.enum(EXCLUSION_PERIODS),
      since: isoDate,
      until: isoDate.nullable(),
      /** Indefinite only: from when it may be asked to end (then it ends after the cooling-off). */
      liftableFrom: isoDate.nullable(),
    })
    .nullable(),
  /** The player's day (UTC): minutes with real play and coins wagered so far. */
  today: z.object({ day: z.string(), playMinutes: z.number().int(), wagered: z.number().int() }),
});
export type PlayControls = z.infer<typeof PlayControlsSchema>;

/** One entry of the history the operator sees (`npm run admin -- protection:show`). */
export const PlayControlChangeSchema = z.object({
  at: isoDate,
  kind: z.enum(['reality_check', 'time_limit', 'wager_limit', 'break', 'self_exclusion', 'exclusion_lift']),
  detail: z.record(z.string(), z.unknown()),
});
export type PlayControlChange = z.infer<typeof PlayControlChangeSchema>;
