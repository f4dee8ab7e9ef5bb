import { z } from 'zod';
import { VIP_TIER_CODES } from './progression-config';

/**
 * Progression on the wire (docs/decisions/0018): levels and VIP tiers, daily missions,
 * the login streak, favourites and recently played, notifications.
 */

export const VipTierSchema = z.enum(VIP_TIER_CODES);

/** GET /progression (signed in). */
export const ProgressionSchema = z.object({
  xp: z.number().int(),
  level: z.number().int(),
  /** XP at which the current level started. */
  levelXp: z.number().int(),
  /** XP the next level needs; null at the top level. */
  nextLevelXp: z.number().int().nullable(),
  vipTier: VipTierSchema,
  /** Consecutive days (DAY_START_TZ) with a daily bonus claimed, ending today or yesterday; 0 otherwise. */
  streakDays: z.number().int(),
  /** The next daily bonus: its streak day and coins (what the bonus button shows before the claim). */
  dailyBonus: z.object({ day: z.number().int(), amount: z.number().int() }),
  /** The tier's monthly bonus: its coins (0 for none) and whether it can be claimed now. */
  tierBonus: z.object({ amount: z.number().int(), claimable: z.boolean() }),
  /** Rewards are paused (a break, a self-exclusion): nothing is offered or paid. */
  paused: z.boolean(),
});
export type Progression = z.infer<typeof ProgressionSchema>;

/** POST /claimDailyBonus: the bonus, its currency and the streak day it was paid for. */
export const StreakBonusResultSchema = z.object({ bonus: z.number().int(), currency: z.string(), streakDays: z.number().int() });

export const MISSION_KINDS = ['ROUNDS', 'WAGERED', 'BIG_WIN', 'DISTINCT_GAMES'] as const;
export const MissionSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(MISSION_KINDS),
  /** Which games count: slots, table games (roulette, blackjack, baccarat) or any. */
  games: z.enum(['slot', 'table', 'any']),
  target: z.number().int(),
  progress: z.number().int(),
  reward: z.number().int(),
  completed: z.boolean(),
  claimed: z.boolean(),
});
export type Mission = z.infer<typeof MissionSchema>;

/** GET /missions: today's three missions (none while play is paused or a daily limit is reached). */
export const MissionListSchema = z.object({
  day: z.string(),
  /** When the day turns (the next midnight in DAY_START_TZ). */
  resetsAt: z.iso.datetime({ offset: true }),
  missions: z.array(MissionSchema),
  /** Why no mission is shown: a break or self-exclusion, or a daily limit reached. */
  paused: z.enum(['BREAK', 'LIMIT']).nullable(),
});
export type MissionList = z.infer<typeof MissionListSchema>;

export const MissionIdParamsSchema = z.strictObject({ id: z.string().regex(/^\d{4}-\d{2}-\d{2}\.[0-2]$/) });
export const MissionClaimSchema = z.object({ bonus: z.number().int(), currency: z.string() });

export const GameCodeParamsSchema = z.strictObject({
  gameCode: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9-]+$/),
});
/** GET /favourites and GET /recently-played: game codes, newest first. */
export const GameCodeListSchema = z.object({ gameCodes: z.array(z.string()) });
export type GameCodeList = z.infer<typeof GameCodeListSchema>;

export const NOTIFICATION_KINDS = ['RAFFLE_WIN', 'RACE_PRIZE', 'LEVEL_UP', 'MISSION_COMPLETED', 'TIER_CHANGED', 'ADJUSTMENT'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** What the message needs: amount, level, tier, raffle ref and title, race title, reason... */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  createdAt: z.iso.datetime({ offset: true }),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof NotificationSchema>;
export const NotificationListSchema = z.object({ unread: z.number().int(), notifications: z.array(NotificationSchema) });
export type NotificationList = z.infer<typeof NotificationListSchema>;
/** POST /notifications/read: the ids read, or every one up to `upTo`. */
export const NotificationsReadSchema = z.strictObject({ upTo: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
