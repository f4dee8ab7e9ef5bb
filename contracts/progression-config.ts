/**
 * Progression's numbers in one place (docs/decisions/0018), zod-free so the site's levels page shows
 * the same table the server pays from.
 * - LEVELS: the XP a level starts at and the coins credited once when a player reaches it.
 * - VIP_TIERS: the XP earned in the last 30 days a tier needs, its daily bonus multiplier and its
 *   monthly bonus.
 * - STREAK_MULTIPLIERS: the daily bonus multiplier of streak day 1..7 (day 8 on stays at the last).
 */
export interface LevelStep {
  level: number;
  xp: number;
  reward: number;
}

export const LEVELS: readonly LevelStep[] = [
  { level: 1, xp: 0, reward: 0 },
  { level: 2, xp: 50, reward: 500 },
  { level: 3, xp: 150, reward: 700 },
  { level: 4, xp: 300, reward: 900 },
  { level: 5, xp: 500, reward: 1_200 },
  { level: 6, xp: 800, reward: 1_500 },
  { level: 7, xp: 1_200, reward: 1_800 },
  { level: 8, xp: 1_700, reward: 2_100 },
  { level: 9, xp: 2_300, reward: 2_500 },
  { level: 10, xp: 3_000, reward: 3_000 },
  { level: 11, xp: 4_000, reward: 3_500 },
  { level: 12, xp: 5_200, reward: 4_000 },
  { level: 13, xp: 6_600, reward: 4_500 },
  { level: 14, xp: 8_200, reward: 5_000 },
  { level: 15, xp: 10_000, reward: 6_000 },
  { level: 16, xp: 12_500, reward: 7_000 },
  { level: 17, xp: 15_500, reward: 8_000 },
  { level: 18, xp: 19_000, reward: 9_000 },
  { level: 19, xp: 23_000, reward: 10_000 },
  { level: 20, xp: 28_000, reward: 12_000 },
  { level: 21, xp: 34_000, reward: 14_000 },
  { level: 22, xp: 41_000, reward: 16_000 },
  { level: 23, xp: 49_000, reward: 18_000 },
  { level: 24, xp: 58_000, reward: 20_000 },
  { level: 25, xp: 70_000, reward: 25_000 },
  { level: 26, xp: 85_000, reward: 30_000 },
  { level: 27, xp: 100_000, reward: 35_000 },
  { level: 28, xp: 120_000, reward: 40_000 },
  { level: 29, xp: 145_000, reward: 45_000 },
  { level: 30, xp: 175_000, reward: 50_000 },
];

export const VIP_TIER_CODES = ['BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'DIAMOND'] as const;
export type VipTierCode = (typeof VIP_TIER_CODES)[number];

export interface VipTier {
  code: VipTierCode;
  /** XP earned in the last 30 days. */
  xp30: number;
  dailyBonusMultiplier: number;
  monthlyBonus: number;
}

export const VIP_TIERS: readonly VipTier[] = [
  { code: 'BRONZE', xp30: 0, dailyBonusMultiplier: 1, monthlyBonus: 0 },
  { code: 'SILVER', xp30: 500, dailyBonusMultiplier: 1.1, monthlyBonus: 1_000 },
  { code: 'GOLD', xp30: 2_000, dailyBonusMultiplier: 1.25, monthlyBonus: 3_000 },
  { code: 'PLATINUM', xp30: 8_000, dailyBonusMultiplier: 1.5, monthlyBonus: 8_000 },
  { code: 'DIAMOND', xp30: 25_000, dailyBonusMultiplier: 2, monthlyBonus: 20_000 },
];

export const STREAK_MULTIPLIERS: readonly number[] = [1, 1.1, 1.2, 1.3, 1.5, 1.75, 2];

/** The level a player with `xp` has reached (the last step at or below it). */
export function levelOf(xp: number): LevelStep {
  let reached = LEVELS[0];
  for (const step of LEVELS) if (xp >= step.xp) reached = step;
  return reached;
}

/** The next level's step, or null at the top of the table. */
export const nextLevelOf = (level: number): LevelStep | null => LEVELS.find((s) => s.level === level + 1) ?? null;

/** The tier 30-day XP alone would give (index into VIP_TIERS). */
export function tierForXp(xp30: number): number {
  let tier = 0;
  VIP_TIERS.forEach((t, i) => {
    if (xp30 >= t.xp30) tier = i;
  });
  return tier;
}

export const streakMultiplier = (day: number) => STREAK_MULTIPLIERS[Math.min(Math.max(day, 1), STREAK_MULTIPLIERS.length) - 1];

/** The daily bonus of a streak day at a tier: whole coins, rounded down. */
export const dailyBonusAmount = (base: number, streakDay: number, tier: number) =>
  Math.floor(base * streakMultiplier(streakDay) * VIP_TIERS[tier].dailyBonusMultiplier);

/** Coins of real-coin wagers per XP point: the server's XP_COINS_PER_POINT default, and what the levels page says. */
export const XP_COINS_PER_POINT_DEFAULT = 10;
