import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db';
import { onControlsChanged, refusalOf, stateOf, usageOn, type ProtectionState, type Usage } from './service';

/**
 * The house round's hot path (docs/decisions/0008). Breaks and exclusions are checked inside the
 * round's one statement (`notBlocked`, a primary-key probe of play_controls): exact across servers.
 * Daily limits need today's sums, too dear for every spin, so each server keeps per player what
 * applies and what was used today, read once and then counted up by its own rounds; it is read
 * again when the player changes a control on this server, when the day or a pending change comes
 * due, and at least every REFRESH_MS (rounds played through another server). When the cached count
 * says a round would pass a limit the round goes the long way, which checks against the database.
 */
const REFRESH_MS = 10_000;
const MAX_PLAYERS = 10_000;

interface Cached {
  loadedAt: number;
  state: ProtectionState;
  usage: Usage;
  /** When this must be read again at the latest: the next UTC midnight or a pending change's time. */
  validUntil: number;
}

const caches = new WeakMap<object, Map<string, Cached>>();
const cacheOf = (db: DbOrTrx) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
};

onControlsChanged((db, accountId) => cacheOf(db).delete(accountId));

/** Forget what is cached for a player (a round of theirs went the long way). */
export const forgetPlayer = (db: DbOrTrx, accountId: string) => cacheOf(db).delete(accountId);

async function load(db: Db, accountId: string, now: Date): Promise<Cached> {
  const row = await db.selectFrom('play_controls').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  const state = stateOf(row, now);
  const limited = state.wagerLimit.current !== null || state.timeLimit.current !== null;
  const usage = limited ? await usageOn(db, accountId, now) : { wagered: 0, playMinutes: 0, lastMinute: null };
  const nextDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const dueTimes = [nextDay, state.timeLimit.pending?.effectiveAt, state.wagerLimit.pending?.effectiveAt, state.breakUntil?.getTime(), state.exclusion?.until.getTime()]
    .filter((v) => v !== undefined)
    .map((v) => (typeof v === 'string' ? Date.parse(v) : v));
  return { loadedAt: now.getTime(), state, usage, validUntil: Math.min(...dueTimes) };
}

/**
 * Whether the hot path may play this round of `stake` coins as far as the limits go (no round trip
 * while the cache is fresh). False sends the round the long way, which explains the refusal.
 */
export async function limitsAllow(db: Db, accountId: string, stake: number, now: Date): Promise<boolean> {
  const cache = cacheOf(db);
  let cached = cache.get(accountId);
  const t = now.getTime();
  if (!cached || t >= cached.validUntil || t - cached.loadedAt >= REFRESH_MS || t < cached.loadedAt) {
    cached = await load(db, accountId, now);
    cache.delete(accountId);
    if (cache.size >= MAX_PLAYERS) cache.delete(cache.keys().next().value!);
    cache.set(accountId, cached);
  }
  return refusalOf(cached.state, cached.usage, stake, now) === null;
}

/** Counts a round the hot path played into the player's cached use of the day. */
export function countRound(db: Db, accountId: string, stake: number, now: Date) {
  const cached = cacheOf(db).get(accountId);
  if (!cached) return;
  cached.usage.wagered += stake;
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  if (cached.usage.lastMinute !== minute) {
    cached.usage.playMinutes += 1;
    cached.usage.lastMinute = minute;
  }
}

/**
 * The condition the round's one statement adds to its gate: no break or self-exclusion of the
 * player is in force at the round's time (`account` and `at` are the round row's columns).
 */
export const notBlocked = (account: string, at: string) =>
  sql<boolean>`not exists (select 1 from play_controls pc where pc.account_id = ${sql.ref(account)}
    and (pc.break_until > ${sql.ref(at)} or pc.exclusion_until > ${sql.ref(at)}))`;
