import { sql } from 'kysely';
import type { Db, DbOrTrx } from '../../db';
import { onControlsChanged, stateOf } from './service';

/**
 * The house round's hot path (docs/decisions/0008). Breaks and exclusions are checked inside the
 * round's one statement (`notBlocked`, a primary-key probe of play_controls): exact across servers.
 * Daily limits are checked exactly by the long way, inside the round's transaction after the wallet
 * lock that orders a player's rounds on every server: a player with a daily limit in force plays
 * every round the long way. The hot path only has to know who has one, which each server keeps per
 * player (one primary-key read), read again when the player changes a control (on this server at
 * once; on another one when its notification arrives, see listener.ts), when a pending change comes
 * due, at the next UTC midnight, and at least every REFRESH_MS (a change written past the service).
 */
const REFRESH_MS = 10_000;
const MAX_PLAYERS = 10_000;

interface Cached {
  loadedAt: number;
  /** A daily play-time or wager limit is in force. */
  limited: boolean;
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

/** Forget what is cached for a player (a round of theirs went the long way, or a control changed elsewhere). */
export const forgetPlayer = (db: DbOrTrx, accountId: string) => cacheOf(db).delete(accountId);

/** Forget every player (the notifications of other servers' changes may have been missed). */
export const forgetAllPlayers = (db: DbOrTrx) => cacheOf(db).clear();

/** Whether this server holds a player's entry (diagnostics and tests). */
export const isCached = (db: DbOrTrx, accountId: string) => cacheOf(db).has(accountId);

async function load(db: Db, accountId: string, now: Date): Promise<Cached> {
  const row = await db.selectFrom('play_controls').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  const state = stateOf(row, now);
  const nextDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const pending = [state.timeLimit.pending?.effectiveAt, state.wagerLimit.pending?.effectiveAt].filter((v) => v !== undefined).map(Date.parse);
  return {
    loadedAt: now.getTime(),
    limited: state.wagerLimit.current !== null || state.timeLimit.current !== null,
    validUntil: Math.min(nextDay, ...pending),
  };
}

/**
 * Whether the hot path may play this round as far as the daily limits go: true when the player has
 * none in force (no round trip while the entry is fresh). False sends the round the long way, which
 * checks the limits against the database under the wallet lock and explains a refusal.
 */
export async function limitsAllow(db: Db, accountId: string, now: Date): Promise<boolean> {
  const cache = cacheOf(db);
  let cached = cache.get(accountId);
  const t = now.getTime();
  if (!cached || t >= cached.validUntil || t - cached.loadedAt >= REFRESH_MS || t < cached.loadedAt) {
    cached = await load(db, accountId, now);
    cache.delete(accountId);
    if (cache.size >= MAX_PLAYERS) cache.delete(cache.keys().next().value!);
    cache.set(accountId, cached);
  }
  return !cached.limited;
}

/**
 * The condition the round's one statement adds to its gate: no break or self-exclusion of the
 * player is in force at the round's time (`account` and `at` are the round row's columns).
 */
export const notBlocked = (account: string, at: string) =>
  sql<boolean>`not exists (select 1 from play_controls pc where pc.account_id = ${sql.ref(account)}
    and (pc.break_until > ${sql.ref(at)} or pc.exclusion_until > ${sql.ref(at)}))`;
