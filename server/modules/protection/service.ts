import { sql } from 'kysely';
import {
  INDEFINITE_MIN_MONTHS,
  LIFT_COOLING_OFF_MS,
  LIMIT_RAISE_DELAY_MS,
  type ExclusionPeriod,
  type LimitState,
  type PlayControlChange,
  type PlayControls,
  type PlayControlsUpdate,
} from '../../../contracts/protection';
import type { DbOrTrx } from '../../db';
import { betsBetween } from '../wallet';
import { AppError } from '../../errors';
import type { ProtectionTables } from './tables';

/**
 * Player protection (docs/decisions/0008): reality checks, daily play-time and wager
 * limits, breaks and self-exclusion, the rules that change them and the refusals they cause.
 *
 * The player's day is the UTC day. Play time: the number of distinct minutes (UTC) of that day in
 * which the player placed at least one real-coin bet (a BET journal row: a round, a blackjack deal
 * or double). Wagered: the coins of that day's BET journal rows.
 */

type Row = ProtectionTables['play_controls'];

/** An indefinite exclusion ends at this time until a lift is asked (a real time keeps every check a comparison). */
export const INDEFINITE_END = new Date('9999-12-31T00:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

export const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
export const nextDayStart = (now: Date) => new Date(dayStart(now).getTime() + DAY_MS);

/** Calendar months ahead in UTC (the same day of the month; a missing day rolls into the next month). */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/** A limit's value at `now`: the waiting raise or removal once its time has come. */
function limitAt(current: number | null, next: number | null, nextAt: Date | null, now: Date): LimitState {
  const cur = current === null ? null : Number(current);
  const nxt = next === null ? null : Number(next);
  if (nextAt === null) return { current: cur, pending: null };
  if (nextAt.getTime() <= now.getTime()) return { current: nxt, pending: null };
  return { current: cur, pending: { value: nxt, effectiveAt: nextAt.toISOString() } };
}

/** What applies to a player at `now` (pending changes that came due applied). */
export interface ProtectionState {
  realityCheckMinutes: number | null;
  timeLimit: LimitState;
  wagerLimit: LimitState;
  breakUntil: Date | null;
  exclusion: { period: ExclusionPeriod; since: Date; until: Date } | null;
}

export function stateOf(row: Row | undefined, now: Date): ProtectionState {
  if (!row)
    return {
      realityCheckMinutes: null,
      timeLimit: { current: null, pending: null },
      wagerLimit: { current: null, pending: null },
      breakUntil: null,
      exclusion: null,
    };
  const t = now.getTime();
  return {
    realityCheckMinutes: row.reality_check_minutes,
    timeLimit: limitAt(row.time_limit, row.time_limit_next, row.time_limit_next_at, now),
    wagerLimit: limitAt(row.wager_limit, row.wager_limit_next, row.wager_limit_next_at, now),
    breakUntil: row.break_until && row.break_until.getTime() > t ? row.break_until : null,
    exclusion:
      row.exclusion_until && row.exclusion_until.getTime() > t
        ? { period: row.exclusion_period as ExclusionPeriod, since: row.exclusion_since!, until: row.exclusion_until }
        : null,
  };
}

async function loadRow(db: DbOrTrx, accountId: string, lock = false): Promise<Row | undefined> {
  let q = db.selectFrom('play_controls').selectAll().where('account_id', '=', accountId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row as Row | undefined;
}

export interface Usage {
  wagered: number;
  playMinutes: number;
  /** The newest minute counted (ms since the epoch, floored to the minute), or null. */
  lastMinute: number | null;
}

/**
 * Today's use (the UTC day of `now`), from the day's bets as the wallet counts them (betsBetween):
 * the coins staked, and the distinct minutes with a bet.
 */
export async function usageOn(db: DbOrTrx, accountId: string, now: Date): Promise<Usage> {
  const day = await betsBetween(db, accountId, dayStart(now), nextDayStart(now));
  return { wagered: day.wagered, playMinutes: day.minutes, lastMinute: day.lastMinute ? day.lastMinute.getTime() : null };
}

/**
 * Why a player may not play now (a real round of `stake` coins; 0 for a launch or a bonus claim),
 * or null. A break or exclusion first (the later end wins), then the limits of the day.
 */
export function refusalOf(state: ProtectionState, usage: Usage, stake: number, now: Date): AppError | null {
  if (state.exclusion) {
    const error = new AppError('SELF_EXCLUDED', 'Self-excluded from play');
    if (state.exclusion.until.getTime() < INDEFINITE_END.getTime()) error.until = state.exclusion.until;
    return error;
  }
  if (state.breakUntil) {
    const error = new AppError('PLAY_BREAK_ACTIVE', 'On a break from play');
    error.until = state.breakUntil;
    return error;
  }
  const wagerLimit = state.wagerLimit.current;
  const timeLimit = state.timeLimit.current;
  const overWager = wagerLimit !== null && (stake > 0 ? usage.wagered + stake > wagerLimit : usage.wagered >= wagerLimit);
  // A round in a minute already counted adds no play time.
  const thisMinute = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS;
  const minutesAfter = usage.playMinutes + (stake > 0 && usage.lastMinute === thisMinute ? 0 : 1);
  const overTime = timeLimit !== null && (stake > 0 ? minutesAfter > timeLimit : usage.playMinutes >= timeLimit);
  if (overWager || overTime) {
    const error = new AppError('PLAY_LIMIT_REACHED', overWager ? 'Daily wager limit reached' : 'Daily play-time limit reached');
    error.until = nextDayStart(now);
    return error;
  }
  return null;
}

/** Why the player may not play now (see refusalOf), or null: one or two reads. */
export async function refusalNow(db: DbOrTrx, accountId: string, stake: number, now: Date): Promise<AppError | null> {
  const row = await loadRow(db, accountId);
  if (!row) return null;
  const state = stateOf(row, now);
  const needsUsage = state.wagerLimit.current !== null || state.timeLimit.current !== null;
  const usage = needsUsage ? await usageOn(db, accountId, now) : { wagered: 0, playMinutes: 0, lastMinute: null };
  return refusalOf(state, usage, stake, now);
}

/** Throws the refusal when the player may not play now (the long way and launches). */
export async function assertMayPlay(db: DbOrTrx, accountId: string, stake: number, now: Date): Promise<void> {
  const refusal = await refusalNow(db, accountId, stake, now);
  if (refusal) throw refusal;
}

/**
 * Whether marketing (promotion emails, bonus reminders) may reach the player now: not during a break
 * or a self-exclusion, nor while a daily limit is reached (what would refuse a bonus claim).
 * Every sender of such messages asks this first (server/modules/marketing).
 */
export async function marketingAllowed(db: DbOrTrx, accountId: string, now: Date): Promise<boolean> {
  return (await refusalNow(db, accountId, 0, now)) === null;
}

/** The players on a break or self-excluded at `at` (a raffle draw leaves them out). */
export async function blockedAt(db: DbOrTrx, at: Date): Promise<Set<string>> {
  const rows = await db
    .selectFrom('play_controls')
    .select('account_id')
    .where((eb) => eb.or([eb('break_until', '>', at), eb('exclusion_until', '>', at)]))
    .execute();
  return new Set(rows.map((r) => r.account_id));
}

/** GET /play-controls. */
export async function playControlsOf(db: DbOrTrx, accountId: string, now: Date): Promise<PlayControls> {
  const state = stateOf(await loadRow(db, accountId), now);
  const usage = await usageOn(db, accountId, now);
  const ex = state.exclusion;
  return {
    realityCheckMinutes: state.realityCheckMinutes as PlayControls['realityCheckMinutes'],
    dailyTimeLimitMinutes: state.timeLimit,
    dailyWagerLimit: state.wagerLimit,
    breakUntil: state.breakUntil?.toISOString() ?? null,
    selfExclusion: ex
      ? {
          period: ex.period,
          since: ex.since.toISOString(),
          until: ex.until.getTime() >= INDEFINITE_END.getTime() ? null : ex.until.toISOString(),
          liftableFrom: ex.until.getTime() >= INDEFINITE_END.getTime() ? addMonths(ex.since, INDEFINITE_MIN_MONTHS).toISOString() : null,
        }
      : null,
    today: { day: dayStart(now).toISOString().slice(0, 10), playMinutes: usage.playMinutes, wagered: usage.wagered },
  };
}

/** The notification every committed change sends (payload: the account id), for the other servers (listener.ts). */
export const CONTROLS_CHANGED_CHANNEL = 'play_controls_changed';

/** Called after every committed change of a player's controls (the hot path's cache, gate.ts). */
type ChangeListener = (db: DbOrTrx, accountId: string) => void;
const listeners: ChangeListener[] = [];
export const onControlsChanged = (listener: ChangeListener) => listeners.push(listener);

/**
 * One change of a player's controls, in a transaction holding the player's row (created empty at
 * the first change): `change` reads the row and returns the columns to write and the history
 * entries, or throws a refusal (then nothing changes).
 */
async function changeControls(
  db: DbOrTrx,
  accountId: string,
  now: Date,
  change: (row: Row) => { set: Partial<Row>; history: Array<Pick<PlayControlChange, 'kind' | 'detail'>> },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('play_controls')
      .values({ account_id: accountId, updated_at: now })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
    const row = (await loadRow(trx, accountId, true))!;
    const { set, history } = change(row);
    if (history.length === 0) return;
    await trx
      .updateTable('play_controls')
      .set({ ...set, updated_at: now })
      .where('account_id', '=', accountId)
      .execute();
    await trx
      .insertInto('play_control_history')
      .values(history.map((h) => ({ account_id: accountId, at: now, kind: h.kind, detail: JSON.stringify(h.detail) })))
      .execute();
    // Delivered when the transaction commits (never for a refused change).
    await sql`select pg_notify(${CONTROLS_CHANGED_CHANNEL}, ${accountId})`.execute(trx);
  });
  for (const listener of listeners) listener(db, accountId);
}

/**
 * A new limit value: lowering (or setting one where there was none) applies at once and drops any
 * waiting raise; raising or removing waits LIMIT_RAISE_DELAY_MS (asking again restarts the wait);
 * asking for the value in force drops a waiting change.
 */
function newLimit(
  state: LimitState,
  requested: number | null,
  now: Date,
): { current: number | null; next: number | null; nextAt: Date | null; effect: 'now' | 'pending' | 'unchanged' } {
  const current = state.current;
  if (requested === current) return { current, next: null, nextAt: null, effect: state.pending ? 'now' : 'unchanged' };
  if (requested !== null && (current === null || requested < current)) return { current: requested, next: null, nextAt: null, effect: 'now' };
  return { current, next: requested, nextAt: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS), effect: 'pending' };
}

/** POST /play-controls. */
export async function updatePlayControls(db: DbOrTrx, accountId: string, update: PlayControlsUpdate, now: Date): Promise<void> {
  await changeControls(db, accountId, now, (row) => {
    const state = stateOf(row, now);
    const set: Partial<Row> = {};
    const history: Array<Pick<PlayControlChange, 'kind' | 'detail'>> = [];
    if (update.realityCheckMinutes !== undefined && update.realityCheckMinutes !== state.realityCheckMinutes) {
      set.reality_check_minutes = update.realityCheckMinutes;
      history.push({ kind: 'reality_check', detail: { from: state.realityCheckMinutes, to: update.realityCheckMinutes } });
    }
    const limits = [['time_limit', update.dailyTimeLimitMinutes, state.timeLimit] as const, ['wager_limit', update.dailyWagerLimit, state.wagerLimit] as const];
    for (const [column, requested, limit] of limits) {
      if (requested === undefined) continue;
      const result = newLimit(limit, requested, now);
      if (result.effect === 'unchanged') continue;
      set[column] = result.current;
      set[`${column}_next`] = result.next;
      set[`${column}_next_at`] = result.nextAt;
      history.push({
        kind: column,
        detail: { from: limit.current, to: requested, effect: result.effect, ...(result.nextAt ? { effectiveAt: result.nextAt.toISOString() } : {}) },
      });
    }
    return { set, history };
  });
}

/** POST /play-controls/break: from now for `days` days; never ends an earlier-ending break sooner. */
export async function takeBreak(db: DbOrTrx, accountId: string, days: number, now: Date): Promise<void> {
  const until = new Date(now.getTime() + days * DAY_MS);
  await changeControls(db, accountId, now, (row) => {
    const state = stateOf(row, now);
    if (state.breakUntil && state.breakUntil.getTime() > until.getTime()) {
      const error = new AppError('PLAY_BREAK_ACTIVE', 'A break cannot be shortened');
      error.until = state.breakUntil;
      throw error;
    }
    return { set: { break_until: until }, history: [{ kind: 'break', detail: { days, until: until.toISOString() } }] };
  });
}

/** POST /play-controls/self-exclusion: never ends an exclusion in force sooner. */
export async function selfExclude(db: DbOrTrx, accountId: string, period: ExclusionPeriod, now: Date): Promise<void> {
  const until = period === 'indefinite' ? INDEFINITE_END : addMonths(now, period === '6m' ? 6 : 12);
  await changeControls(db, accountId, now, (row) => {
    const state = stateOf(row, now);
    if (state.exclusion && state.exclusion.until.getTime() >= until.getTime()) {
      const error = new AppError('SELF_EXCLUDED', 'A self-exclusion cannot be shortened');
      if (state.exclusion.until.getTime() < INDEFINITE_END.getTime()) error.until = state.exclusion.until;
      throw error;
    }
    // A longer exclusion replacing one in force keeps its start (the 6 months of an indefinite one count from it).
    const since = state.exclusion?.since ?? now;
    return {
      set: { exclusion_period: period, exclusion_since: since, exclusion_until: until },
      history: [{ kind: 'self_exclusion', detail: { period, until: until.getTime() >= INDEFINITE_END.getTime() ? null : until.toISOString() } }],
    };
  });
}

/**
 * POST /play-controls/self-exclusion/lift: an indefinite exclusion, once INDEFINITE_MIN_MONTHS have
 * passed since it began, ends after LIFT_COOLING_OFF_MS. Anything else is refused (SELF_EXCLUDED,
 * with the earliest time a lift can be asked for an indefinite one).
 */
export async function liftExclusion(db: DbOrTrx, accountId: string, now: Date): Promise<void> {
  await changeControls(db, accountId, now, (row) => {
    const ex = stateOf(row, now).exclusion;
    if (!ex) throw new AppError('REQUEST_VALIDATION_ERROR', 'No self-exclusion is in force');
    const liftableFrom = addMonths(ex.since, INDEFINITE_MIN_MONTHS);
    if (ex.until.getTime() < INDEFINITE_END.getTime() || now.getTime() < liftableFrom.getTime()) {
      const error = new AppError('SELF_EXCLUDED', 'This self-exclusion cannot be lifted now');
      error.until = ex.until.getTime() < INDEFINITE_END.getTime() ? ex.until : liftableFrom;
      throw error;
    }
    const until = new Date(now.getTime() + LIFT_COOLING_OFF_MS);
    return { set: { exclusion_until: until }, history: [{ kind: 'exclusion_lift', detail: { until: until.toISOString() } }] };
  });
}

/** The history of a player's changes, oldest first (the operator's view and export). */
export async function controlHistory(db: DbOrTrx, accountId: string): Promise<PlayControlChange[]> {
  const rows = await db.selectFrom('play_control_history').select(['at', 'kind', 'detail']).where('account_id', '=', accountId).orderBy('id').execute();
  return rows.map((r) => ({
    at: r.at.toISOString(),
    kind: r.kind as PlayControlChange['kind'],
    detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
  }));
}
