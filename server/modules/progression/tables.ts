import type { Generated } from 'kysely';

/** Progression's tables (migration 2026-11-27T14-00_progression, docs/decisions/0018). */
export interface ProgressionTables {
  player_progress: {
    account_id: string;
    /** The highest level whose LEVEL_REWARD was credited (1: none yet). */
    rewarded_level: Generated<number>;
    /** Index into VIP_TIERS (0 = Bronze). */
    vip_tier: Generated<number>;
    /** The DAY_START_TZ day (YYYY-MM-DD) of the last evaluation. */
    vip_evaluated_day: Generated<string | null>;
    /** When the tier last went down (it may drop one tier per 30 days). */
    vip_dropped_at: Generated<Date | null>;
    streak_days: Generated<number>;
    /** The DAY_START_TZ day of the last daily bonus claim. */
    streak_last_day: Generated<string | null>;
    updated_at: Date;
  };
  player_missions: {
    account_id: string;
    day: string;
    slot: number;
    code: string;
    target: number | string;
    reward: number;
    completed_at: Date | null;
    claimed_at: Date | null;
  };
}
