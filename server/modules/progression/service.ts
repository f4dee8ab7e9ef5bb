import { COIN_CURRENCY } from '../../../contracts/constants';
import { LEVELS, VIP_TIERS, dailyBonusAmount, levelOf, nextLevelOf, tierForXp } from '../../../contracts/progression-config';
import type { Progression } from '../../../contracts/progression';
import type { Config } from '../../config';
import type { Db, DbOrTrx } from '../../db';
import { AppError } from '../../errors';
import { notifyPlayer } from '../notifications';
import { refusalNow } from '../protection';
import { dailyBonusStatus, isPosted, lifetimeWagered, postMovementIn } from '../wallet';
import { dayBefore, dayOf } from './day';
import { checkMissions, type MissionWatch } from './missions';
import type { Selectable } from 'kysely';
import type { ProgressionTables } from './tables';

/**
 * Levels, VIP tiers and the login streak (docs/decisions/0018).
 * XP is counted from the wallet journal at read time, like raffle tickets: the coins of real-coin BET
 * rows, refunded bets left out (demo play never reaches the journal), one XP per XP_COINS_PER_POINT.
 * What must happen once is keyed in the journal (`level:<account>:<level>`, `tier-bonus:<account>:<month>`)
 * and ordered by the player's player_progress row lock.
 */

type Settings = Pick<Config, 'XP_COINS_PER_POINT' | 'DAY_START_TZ' | 'DAILY_BONUS'>;
type ProgressRow = Selectable<ProgressionTables['player_progress']>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A tier drops at most one step in this long. */
const TIER_DROP_GAP_MS = 30 * DAY_MS;

export interface XpTotals {
  xp: number;
  xp30: number;
  /** The coins of the counted bets (XP before the division). */
  coins: number;
}

/** A player's XP in all and in the 30 days before `now`, from the journal. */
export async function xpOf(db: DbOrTrx, settings: Settings, accountId: string, now: Date): Promise<XpTotals> {
  const { total, recent } = await lifetimeWagered(db, accountId, new Date(now.getTime() - 30 * DAY_MS));
  const per = settings.XP_COINS_PER_POINT;
  return { xp: Math.floor(total / per), xp30: Math.floor(recent / per), coins: total };
}

/** Whether rewards are paused for the player: a break or self-exclusion (nothing offered or paid). */
export async function rewardsPaused(db: DbOrTrx, accountId: string, now: Date): Promise<boolean> {
  const refusal = await refusalNow(db, accountId, 0, now);
  return refusal !== null && (refusal.code === 'PLAY_BREAK_ACTIVE' || refusal.code === 'SELF_EXCLUDED');
}

/** The player's progress row, created if missing and locked for the rest of the transaction. */
async function lockedProgress(trx: DbOrTrx, accountId: string, now: Date): Promise<ProgressRow> {
  await trx
    .insertInto('player_progress')
    .values({ account_id: accountId, updated_at: now })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
  return trx.selectFrom('player_progress').selectAll().where('account_id', '=', accountId).forUpdate().executeTakeFirstOrThrow();
}

/**
 * The tier the row should have now: up at once to what 30-day XP earns, down at most one step and
 * only if the last drop is 30 days old. Writes it (and tells the player of a change); needs the row locked.
 */
async function evaluateTier(trx: DbOrTrx, settings: Settings, row: ProgressRow, xp30: number, now: Date): Promise<ProgressRow> {
  const today = dayOf(now, settings.DAY_START_TZ).day;
  const earned = tierForXp(xp30);
  let tier = row.vip_tier;
  let droppedAt = row.vip_dropped_at;
  if (earned > tier) tier = earned;
  else if (earned < tier && (!droppedAt || now.getTime() - droppedAt.getTime() >= TIER_DROP_GAP_MS)) {
    tier -= 1;
    droppedAt = now;
  }
  const updated = { ...row, vip_tier: tier, vip_dropped_at: droppedAt, vip_evaluated_day: today, updated_at: now };
  await trx
    .updateTable('player_progress')
    .set({ vip_tier: tier, vip_dropped_at: droppedAt, vip_evaluated_day: today, updated_at: now })
    .where('account_id', '=', row.account_id)
    .execute();
  if (tier !== row.vip_tier) {
    await notifyPlayer(
      trx,
      row.account_id,
      'TIER_CHANGED',
      { tier: VIP_TIERS[tier].code, up: tier > row.vip_tier ? 1 : 0 },
      `tier:${row.account_id}:${today}:${tier}`,
      now,
    );
  }
  return updated;
}

/**
 * Credits every level reached and not yet rewarded, once (the row lock orders concurrent callers, the
 * journal key `level:<account>:<level>` backs it), tells the player, and re-evaluates the tier.
 * Nothing is paid during a break or self-exclusion: it waits until the player is back.
 */
export async function payLevelRewards(db: Db, settings: Settings, accountId: string, now: Date): Promise<void> {
  if (await rewardsPaused(db, accountId, now)) return;
  await db.transaction().execute(async (trx) => {
    const row = await lockedProgress(trx, accountId, now);
    const { xp, xp30 } = await xpOf(trx, settings, accountId, now);
    const level = levelOf(xp).level;
    if (level <= row.rewarded_level) return;
    for (const step of LEVELS) {
      if (step.level <= row.rewarded_level || step.level > level) continue;
      if (step.reward > 0) {
        await postMovementIn(
          trx,
          { accountId, type: 'LEVEL_REWARD', amount: step.reward, idempotencyKey: `level:${accountId}:${step.level}`, reason: `Level ${step.level}` },
          now,
        );
      }
      await notifyPlayer(trx, accountId, 'LEVEL_UP', { level: step.level, amount: step.reward }, `level:${accountId}:${step.level}`, now);
    }
    await trx.updateTable('player_progress').set({ rewarded_level: level, updated_at: now }).where('account_id', '=', accountId).execute();
    await evaluateTier(trx, settings, { ...row, rewarded_level: level }, xp30, now);
  });
}

/** The month (YYYY-MM, DAY_START_TZ) a tier bonus belongs to. */
const monthOf = (now: Date, tz: string) => dayOf(now, tz).day.slice(0, 7);
const tierBonusKey = (accountId: string, month: string) => `tier-bonus:${accountId}:${month}`;

/** The streak as it stands: its length if the last claim was today or yesterday, else 0. */
function liveStreak(row: Pick<ProgressRow, 'streak_days' | 'streak_last_day'> | undefined, today: string): number {
  if (!row?.streak_last_day) return 0;
  return row.streak_last_day === today || row.streak_last_day === dayBefore(today) ? row.streak_days : 0;
}

/** The streak day the next claim would be (a missed day restarts at 1). */
function nextStreakDay(row: Pick<ProgressRow, 'streak_days' | 'streak_last_day'> | undefined, today: string): number {
  if (!row?.streak_last_day) return 1;
  if (row.streak_last_day === dayBefore(today)) return row.streak_days + 1;
  // Claimed already today (the 24 h window allows no second claim today): the next one comes tomorrow.
  if (row.streak_last_day === today) return row.streak_days + 1;
  return 1;
}

/** GET /progression: evaluates the tier first when it has not been today. */
export async function progressionOf(db: Db, settings: Settings, accountId: string, now: Date): Promise<Progression> {
  const today = dayOf(now, settings.DAY_START_TZ).day;
  const totals = await xpOf(db, settings, accountId, now);
  // Levels reached while rewards were paused are paid once the player is back.
  const rewarded = await db.selectFrom('player_progress').select('rewarded_level').where('account_id', '=', accountId).executeTakeFirst();
  if (levelOf(totals.xp).level > (rewarded?.rewarded_level ?? 1)) await payLevelRewards(db, settings, accountId, now);
  let row = await db.selectFrom('player_progress').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  if (!row || row.vip_evaluated_day !== today) {
    row = await db.transaction().execute(async (trx) => {
      const locked = await lockedProgress(trx, accountId, now);
      return locked.vip_evaluated_day === today ? locked : evaluateTier(trx, settings, locked, totals.xp30, now);
    });
  }
  const step = levelOf(totals.xp);
  const next = nextLevelOf(step.level);
  const paused = await rewardsPaused(db, accountId, now);
  const tier = VIP_TIERS[row.vip_tier];
  const tierClaimed = tier.monthlyBonus > 0 ? await isPosted(db, tierBonusKey(accountId, monthOf(now, settings.DAY_START_TZ))) : true;
  const streakDay = nextStreakDay(row, today);
  return {
    xp: totals.xp,
    level: step.level,
    levelXp: step.xp,
    nextLevelXp: next?.xp ?? null,
    vipTier: tier.code,
    streakDays: liveStreak(row, today),
    dailyBonus: { day: streakDay, amount: paused ? 0 : dailyBonusAmount(settings.DAILY_BONUS, streakDay, row.vip_tier) },
    tierBonus: { amount: paused ? 0 : tier.monthlyBonus, claimable: !paused && tier.monthlyBonus > 0 && !tierClaimed },
    paused,
  };
}

/**
 * POST /claimDailyBonus with the login streak: the amount is the base bonus times the streak day's
 * multiplier and the tier's. The row lock and the claim window's key make it once per window.
 * The caller has already refused a break, an exclusion and a reached limit (assertMayPlay).
 */
export async function claimStreakDailyBonus(db: Db, settings: Settings, accountId: string, now: Date) {
  if (settings.DAILY_BONUS <= 0) throw new AppError('BONUS_CANNOT_BE_CLAIMED', 'The daily bonus is switched off');
  const today = dayOf(now, settings.DAY_START_TZ).day;
  const { xp30 } = await xpOf(db, settings, accountId, now);
  return db.transaction().execute(async (trx) => {
    let row = await lockedProgress(trx, accountId, now);
    if (row.vip_evaluated_day !== today) row = await evaluateTier(trx, settings, row, xp30, now);
    const status = await dailyBonusStatus(trx, accountId, now);
    if (!status.canClaim) throw new AppError('BONUS_CANNOT_BE_CLAIMED', 'The daily bonus was claimed less than 24 hours ago');
    const day = nextStreakDay(row, today);
    const amount = dailyBonusAmount(settings.DAILY_BONUS, day, row.vip_tier);
    const result = await postMovementIn(
      trx,
      { accountId, type: 'DAILY_BONUS', amount, idempotencyKey: `daily:${accountId}:after:${status.lastClaimId ?? 0}`, reason: `Streak day ${day}` },
      now,
    );
    if (result.replayed) throw new AppError('BONUS_CANNOT_BE_CLAIMED', 'Another request claimed this window');
    await trx.updateTable('player_progress').set({ streak_days: day, streak_last_day: today, updated_at: now }).where('account_id', '=', accountId).execute();
    return { bonus: amount, currency: COIN_CURRENCY, streakDays: day };
  });
}

/** POST /progression/tier-bonus: the tier's monthly bonus, once per month (DAY_START_TZ), never while paused. */
export async function claimTierBonus(db: Db, settings: Settings, accountId: string, now: Date) {
  if (await rewardsPaused(db, accountId, now)) throw new AppError('BONUS_CANNOT_BE_CLAIMED', 'Rewards are paused during a break');
  const today = dayOf(now, settings.DAY_START_TZ).day;
  const { xp30 } = await xpOf(db, settings, accountId, now);
  return db.transaction().execute(async (trx) => {
    let row = await lockedProgress(trx, accountId, now);
    if (row.vip_evaluated_day !== today) row = await evaluateTier(trx, settings, row, xp30, now);
    const amount = VIP_TIERS[row.vip_tier].monthlyBonus;
    if (amount <= 0) throw new AppError('BONUS_CANNOT_BE_CLAIMED', 'This tier has no monthly bonus');
    const result = await postMovementIn(
      trx,
      {
        accountId,
        type: 'TIER_BONUS',
        amount,
        idempotencyKey: tierBonusKey(accountId, monthOf(now, settings.DAY_START_TZ)),
        reason: VIP_TIERS[row.vip_tier].code,
      },
      now,
    );
    if (result.replayed) throw new AppError('BONUS_CANNOT_BE_CLAIMED', "This month's tier bonus was already claimed");
    return { bonus: amount, currency: COIN_CURRENCY };
  });
}

/** What a round can move next, as the last check saw it (the round follow-up watches it: after-round.ts). */
export interface RoundWatch extends MissionWatch {
  /** Coins still to wager before the next level (Infinity at the top of the table). */
  coinsToLevel: number;
}

/**
 * After a real-coin round: pays the levels it reached and marks the missions it completed. Called
 * once the round has committed; a failure here never undoes the round (the next round or read
 * catches up, every step being once by key). Answers what is left to reach.
 */
export async function afterRealRound(db: Db, settings: Settings, accountId: string, now: Date): Promise<RoundWatch> {
  const { xp, coins } = await xpOf(db, settings, accountId, now);
  const level = levelOf(xp).level;
  const row = await db.selectFrom('player_progress').select('rewarded_level').where('account_id', '=', accountId).executeTakeFirst();
  if (level > (row?.rewarded_level ?? 1)) await payLevelRewards(db, settings, accountId, now);
  const next = nextLevelOf(level);
  const coinsToLevel = next ? next.xp * settings.XP_COINS_PER_POINT - coins : Number.POSITIVE_INFINITY;
  return { ...(await checkMissions(db, settings, accountId, now)), coinsToLevel };
}
