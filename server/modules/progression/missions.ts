import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { COIN_CURRENCY } from '../../../contracts/constants';
import { KIND_FAMILY, type GameKind } from '../../../contracts/game-kinds';
import type { Mission, MissionList } from '../../../contracts/progression';
import type { Config } from '../../config';
import type { Db, DbOrTrx } from '../../db';
import { AppError } from '../../errors';
import { notifyPlayer } from '../notifications';
import { refusalNow, stateOf } from '../protection';
import { postMovementIn, refundedBets } from '../wallet';
import { dayOf, type PlayerDay } from './day';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Daily missions (docs/decisions/0018): three a day per player, one from each group of the
 * catalogue (missions.json), chosen when the player's day is first looked at and kept for the day.
 * Progress is counted from the day's settled real-coin rounds in the journal (refunded bets left
 * out, demo play never there). A completed mission is claimed once (the row's claimed_at, and the
 * journal key `mission:<account>:<day>:<slot>`).
 * Play safely: while on a break, self-excluded or at a daily limit no mission is shown (nor
 * claimable), and no mission is chosen or shown that needs more coins than the daily wager limit.
 */

type Settings = Pick<Config, 'DAY_START_TZ'>;

export interface CatalogueMission {
  code: string;
  group: number;
  kind: Mission['kind'];
  games: Mission['games'];
  target: number;
  /** The fewest coins a player must wager to complete it (checked against the daily wager limit). */
  minCoins: number;
  reward: number;
}
/** The catalogue, data shipped with the server (read once at start). */
export const MISSIONS = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'missions.json'), 'utf8')) as CatalogueMission[];
const GROUPS = [0, 1, 2];
const byCode = new Map(MISSIONS.map((m) => [m.code, m]));

/** Whether the player may see missions now: no break or exclusion, no daily limit reached. */
async function pausedReason(db: DbOrTrx, accountId: string, now: Date): Promise<MissionList['paused']> {
  const refusal = await refusalNow(db, accountId, 0, now);
  if (!refusal) return null;
  return refusal.code === 'PLAY_LIMIT_REACHED' ? 'LIMIT' : 'BREAK';
}

async function wagerLimitOf(db: DbOrTrx, accountId: string, now: Date): Promise<number | null> {
  const row = await db.selectFrom('play_controls').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  return stateOf(row as never, now).wagerLimit.current;
}

/** A stable pick per player and day, so concurrent first looks choose the same missions. */
function pick<T>(items: T[], seed: string): T {
  const n = createHash('sha256').update(seed).digest().readUInt32BE(0);
  return items[n % items.length];
}

type MissionRow = { slot: number; code: string; target: number | string; reward: number; completed_at: Date | null; claimed_at: Date | null };

/** The day's missions of a player, chosen (within the wager limit) the first time. */
async function missionRows(db: DbOrTrx, accountId: string, day: PlayerDay, wagerLimit: number | null): Promise<MissionRow[]> {
  const read = () =>
    db
      .selectFrom('player_missions')
      .select(['slot', 'code', 'target', 'reward', 'completed_at', 'claimed_at'])
      .where('account_id', '=', accountId)
      .where('day', '=', day.day)
      .orderBy('slot')
      .execute();
  const rows = await read();
  if (rows.length > 0) return rows;
  const chosen = GROUPS.flatMap((group) => {
    const fits = MISSIONS.filter((m) => m.group === group && (wagerLimit === null || m.minCoins <= wagerLimit));
    return fits.length ? [pick(fits, `${accountId}:${day.day}:${group}`)] : [];
  });
  if (chosen.length === 0) return [];
  await db
    .insertInto('player_missions')
    .values(
      chosen.map((m, slot) => ({
        account_id: accountId,
        day: day.day,
        slot,
        code: m.code,
        target: m.target,
        reward: m.reward,
        completed_at: null,
        claimed_at: null,
      })),
    )
    .onConflict((oc) => oc.columns(['account_id', 'day', 'slot']).doNothing())
    .execute();
  return read();
}

interface GamePlay {
  gameCode: string;
  kind: string;
  rounds: number;
  wagered: number;
  bigWinMultiple: number;
}

/** The day's settled real-coin rounds per game: how many, the coins staked, the best win multiple. */
async function playOn(db: DbOrTrx, accountId: string, day: PlayerDay): Promise<GamePlay[]> {
  const { rows } = await sql<{ game_code: string; kind: string | null; rounds: string | number; wagered: string | number; best: string | number | null }>`
    with bets as (
      select j.session_id, j.game_code, sum(-j.amount) as stake
      from wallet_journal j
      where j.account_id = ${accountId}::uuid and j.type = 'BET'
        and j.created_at >= ${day.start}::timestamptz and j.created_at < ${day.end}::timestamptz
        and j.id not in (${refundedBets(accountId)})
        and not exists (select 1 from house_rounds r where r.id::text = j.session_id and r.status = 'open')
      group by j.session_id, j.game_code),
    wins as (
      select j.session_id, sum(j.amount) as win
      from wallet_journal j
      where j.account_id = ${accountId}::uuid and j.type = 'WIN' and j.created_at >= ${day.start}::timestamptz
      group by j.session_id)
    select b.game_code, g.kind, count(*) as rounds, sum(b.stake)::bigint as wagered,
           max(coalesce(w.win, 0)::float8 / nullif(b.stake, 0)) as best
    from bets b left join wins w on w.session_id = b.session_id left join games g on g.code = b.game_code
    group by b.game_code, g.kind`.execute(db);
  return rows.map((r) => ({
    gameCode: r.game_code,
    kind: r.kind ?? '',
    rounds: Number(r.rounds),
    wagered: Number(r.wagered),
    bigWinMultiple: Number(r.best ?? 0),
  }));
}

/** Whether a mission on `games` counts a round of a game of this kind. */
export const counts = (games: Mission['games'], kind: string) =>
  games === 'any' || (kind !== '' && (games === 'slot') === (KIND_FAMILY[kind as GameKind] === 'slot'));

/** A mission's progress from the day's play (capped at its target). */
export function progressOf(m: CatalogueMission, target: number, play: GamePlay[]): number {
  const mine = play.filter((p) => counts(m.games, p.kind));
  let value = 0;
  if (m.kind === 'ROUNDS') value = mine.reduce((s, p) => s + p.rounds, 0);
  else if (m.kind === 'WAGERED') value = mine.reduce((s, p) => s + p.wagered, 0);
  else if (m.kind === 'BIG_WIN') value = mine.some((p) => p.bigWinMultiple >= target) ? target : 0;
  else value = mine.length;
  return Math.min(value, target);
}

/**
 * GET /missions. Marks newly completed missions and tells the player (once each). While paused or
 * at a daily limit: no mission.
 */
export async function missionsOf(db: Db, settings: Settings, accountId: string, now: Date): Promise<MissionList> {
  return (await missionsAndPlay(db, settings, accountId, now)).list;
}

/** The day's missions as GET /missions answers them, and the day's play they were counted from. */
async function missionsAndPlay(db: Db, settings: Settings, accountId: string, now: Date): Promise<{ list: MissionList; play: GamePlay[] }> {
  const day = dayOf(now, settings.DAY_START_TZ);
  const base = { day: day.day, resetsAt: day.end.toISOString() };
  const paused = await pausedReason(db, accountId, now);
  if (paused) return { list: { ...base, missions: [], paused }, play: [] };
  const wagerLimit = await wagerLimitOf(db, accountId, now);
  const rows = await missionRows(db, accountId, day, wagerLimit);
  const play = await playOn(db, accountId, day);
  const missions: Mission[] = [];
  for (const row of rows) {
    const m = byCode.get(row.code);
    if (!m) continue;
    if (wagerLimit !== null && m.minCoins > wagerLimit) continue;
    const target = Number(row.target);
    const progress = progressOf(m, target, play);
    const completed = progress >= target;
    if (completed && !row.completed_at) await markCompleted(db, accountId, day.day, row.slot, m, now);
    missions.push({
      id: `${day.day}.${row.slot}`,
      code: m.code,
      kind: m.kind,
      games: m.games,
      target,
      progress,
      reward: row.reward,
      completed,
      claimed: row.claimed_at !== null,
    });
  }
  return { list: { ...base, missions, paused: null }, play };
}

async function markCompleted(db: Db, accountId: string, day: string, slot: number, m: CatalogueMission, now: Date) {
  await db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('player_missions')
      .set({ completed_at: now })
      .where('account_id', '=', accountId)
      .where('day', '=', day)
      .where('slot', '=', slot)
      .where('completed_at', 'is', null)
      .returning('slot')
      .executeTakeFirst();
    if (marked) await notifyPlayer(trx, accountId, 'MISSION_COMPLETED', { code: m.code, amount: m.reward }, `mission:${accountId}:${day}:${slot}`, now);
  });
}

/** The day's missions a round can still complete, and the games already played today (for DISTINCT_GAMES). */
export interface MissionWatch {
  /** When the player's day ends (ms): the next day has other missions. */
  dayEndsAt: number;
  open: Array<Pick<Mission, 'kind' | 'games' | 'target' | 'progress'>>;
  gamesToday: string[];
}

/** After a real round: marks missions the round completed (so the player hears of it at once). */
export async function checkMissions(db: Db, settings: Settings, accountId: string, now: Date): Promise<MissionWatch> {
  const day = dayOf(now, settings.DAY_START_TZ);
  const none = { dayEndsAt: day.end.getTime(), open: [], gamesToday: [] };
  const open = await db
    .selectFrom('player_missions')
    .select('slot')
    .where('account_id', '=', accountId)
    .where('day', '=', day.day)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  if (!open) return none;
  const { list, play } = await missionsAndPlay(db, settings, accountId, now);
  return { ...none, open: list.missions.filter((m) => !m.completed), gamesToday: play.map((p) => p.gameCode) };
}

/**
 * POST /missions/:id/claim: today's mission, completed, not claimed, not paused; once (the row's
 * claimed_at under its lock, and the journal key). Anything else: BONUS_CANNOT_BE_CLAIMED.
 */
export async function claimMission(db: Db, settings: Settings, accountId: string, id: string, now: Date) {
  const [day, slotText] = id.split('.');
  const slot = Number(slotText);
  const list = await missionsOf(db, settings, accountId, now);
  if (list.paused) throw new AppError('BONUS_CANNOT_BE_CLAIMED', 'Missions are paused');
  const mission = list.missions.find((m) => m.id === id);
  if (!mission || day !== list.day) throw new AppError('BONUS_CANNOT_BE_CLAIMED', 'No such mission today');
  if (!mission.completed) throw new AppError('BONUS_CANNOT_BE_CLAIMED', 'The mission is not completed');
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('player_missions')
      .set({ claimed_at: now })
      .where('account_id', '=', accountId)
      .where('day', '=', day)
      .where('slot', '=', slot)
      .where('claimed_at', 'is', null)
      .returning('reward')
      .executeTakeFirst();
    if (!claimed) throw new AppError('BONUS_CANNOT_BE_CLAIMED', 'The mission was already claimed');
    const result = await postMovementIn(
      trx,
      { accountId, type: 'MISSION_REWARD', amount: claimed.reward, idempotencyKey: `mission:${accountId}:${day}:${slot}`, reason: mission.code },
      now,
    );
    if (result.replayed) throw new AppError('BONUS_CANNOT_BE_CLAIMED', 'The mission was already claimed');
    return { bonus: claimed.reward, currency: COIN_CURRENCY };
  });
}
