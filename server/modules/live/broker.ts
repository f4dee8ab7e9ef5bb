import { Redis } from 'ioredis';
import { STAMP_INTERVAL_MS, type LiveEvent } from '../../../contracts/live-tables';

/**
 * Where a table's events go between instances (docs/decisions/0025, "Fan-out"). One stream per table:
 * every event is appended once and gets its id there, so ids strictly increase and every instance
 * delivers the same events in the same order. The stream is also the backlog a reconnecting watcher
 * resumes from. Without Redis (the embedded default, one process) the stream is in memory.
 */
export interface StreamEntry {
  id: string;
  event: LiveEvent;
}

export interface LiveBroker {
  readonly shared: boolean;
  /** Appends the event to the table's stream; resolves with its id. */
  append(tableId: string, event: LiveEvent): Promise<string>;
  /** Starts delivering every event appended from now on, per table in stream order; resolves with each table's last id. */
  follow(tableIds: readonly string[], deliver: (tableId: string, entry: StreamEntry) => void): Promise<Map<string, string>>;
  /** The events after `afterId`, or null when the backlog no longer reaches back to it (or the id is not one of the stream's). */
  since(tableId: string, afterId: string): Promise<StreamEntry[] | null>;
  /** This instance's watchers of a table (instances report every few seconds). */
  reportPresence(tableId: string, count: number): Promise<void>;
  /** Watchers of a table over every instance. */
  presence(tableId: string): Promise<number>;
  /** Whether a player may send a stamp now (at most one per STAMP_INTERVAL_MS, whichever instance they reach). */
  tryStamp(accountId: string): Promise<boolean>;
  close(): Promise<void>;
}

/** How many events each table's stream keeps for reconnecting watchers (about 50 rounds). */
export const BACKLOG = 1000;

const ID = /^(\d{1,16})-(\d{1,10})$/;

/** Stream ids compare as (milliseconds, sequence); null for text that is not such an id. */
export function parseId(id: string): [number, number] | null {
  const m = ID.exec(id);
  return m ? [Number(m[1]), Number(m[2])] : null;
}
export function compareIds(a: string, b: string): number {
  const [am, as] = parseId(a) ?? [0, 0];
  const [bm, bs] = parseId(b) ?? [0, 0];
  return am - bm || as - bs;
}

/** The in-process stream: one process serves every watcher (no REDIS_URL). */
export function memoryBroker(localPresence: (tableId: string) => number): LiveBroker {
  const streams = new Map<string, StreamEntry[]>();
  const lastStamp = new Map<string, number>();
  const trimmedTo = new Map<string, string>();
  let last: [number, number] = [0, 0];
  let deliver: ((tableId: string, entry: StreamEntry) => void) | null = null;
  const nextId = () => {
    const ms = Date.now();
    last = ms > last[0] ? [ms, 0] : [last[0], last[1] + 1];
    return `${last[0]}-${last[1]}`;
  };
  const streamOf = (tableId: string) => {
    let s = streams.get(tableId);
    if (!s) streams.set(tableId, (s = []));
    return s;
  };
  return {
    shared: false,
    async append(tableId, event) {
      const entry = { id: nextId(), event };
      const stream = streamOf(tableId);
      stream.push(entry);
      if (stream.length > BACKLOG) trimmedTo.set(tableId, stream.splice(0, stream.length - BACKLOG).at(-1)!.id);
      deliver?.(tableId, entry);
      return entry.id;
    },
    async follow(tableIds, fn) {
      deliver = fn;
      return new Map(tableIds.map((t) => [t, streamOf(t).at(-1)?.id ?? '0-0']));
    },
    async since(tableId, afterId) {
      if (!parseId(afterId)) return null;
      const stream = streamOf(tableId);
      // From the future (another process's stream) or trimmed away: a snapshot instead.
      if (compareIds(afterId, stream.at(-1)?.id ?? '0-0') > 0 || compareIds(afterId, trimmedTo.get(tableId) ?? '0-0') < 0) return null;
      return stream.filter((e) => compareIds(e.id, afterId) > 0);
    },
    async reportPresence() {},
    async presence(tableId) {
      return localPresence(tableId);
    },
    async tryStamp(accountId) {
      const now = Date.now();
      if (now - (lastStamp.get(accountId) ?? 0) < STAMP_INTERVAL_MS) return false;
      lastStamp.set(accountId, now);
      if (lastStamp.size > 100_000) lastStamp.clear();
      return true;
    },
    async close() {
      deliver = null;
    },
  };
}

/** An instance's presence report older than this no longer counts (it reports every 2 s). */
const PRESENCE_FRESH_MS = 6000;

/**
 * Redis Streams: XADD per event (MAXLEN ~ BACKLOG), one blocking XREAD per instance over every table,
 * XRANGE for a reconnect. Each table is one key (its hash tag), so a Redis Cluster spreads tables over
 * nodes (docs/operations.md). Presence: a hash per table, one field per instance.
 */
export function redisBroker(url: string, instanceId: string, prefix = 'live'): LiveBroker {
  const streamKey = (tableId: string) => `${prefix}:{${tableId}}:events`;
  const presenceKey = (tableId: string) => `${prefix}:{${tableId}}:presence`;
  // Commands fail at once while Redis is away (no offline queue): a table's clock must not wait on it.
  const commands = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false, commandTimeout: 2000 });
  const reader = new Redis(url, { maxRetriesPerRequest: null, connectTimeout: 2000 });
  // An outage is logged by the callers; these handlers keep ioredis from reporting every retry as unhandled.
  commands.on('error', () => undefined);
  reader.on('error', () => undefined);
  /** The events after `afterId` still in the table's stream, or null when it reaches back no further (a snapshot then). */
  const readSince = async (tableId: string, afterId: string): Promise<StreamEntry[] | null> => {
    if (!parseId(afterId)) return null;
    const info = (await commands.call('XINFO', 'STREAM', streamKey(tableId)).catch(() => null)) as unknown[] | null;
    if (!info) return null;
    const field = (name: string) => info[info.indexOf(name) + 1] as string;
    const lastGenerated = field('last-generated-id');
    const maxDeleted = field('max-deleted-entry-id') ?? '0-0';
    // From the future (another stream) or trimmed away: the watcher gets a snapshot instead.
    if (compareIds(afterId, lastGenerated) > 0 || compareIds(afterId, maxDeleted) < 0) return null;
    const entries = await commands.xrange(streamKey(tableId), `(${afterId}`, '+');
    return entries.map(([id, fields]) => ({ id, event: JSON.parse(fields[1]) as LiveEvent }));
  };
  const readingSince = new Map<string, Promise<StreamEntry[] | null>>();
  let closed = false;
  let followed: readonly string[] = [];
  return {
    shared: true,
    async append(tableId, event) {
      const id = await commands.xadd(streamKey(tableId), 'MAXLEN', '~', String(BACKLOG), '*', 'e', JSON.stringify(event));
      return id as string;
    },
    async follow(tableIds, deliver) {
      followed = tableIds;
      const keys = tableIds.map(streamKey);
      // Where each table's stream stands now; unknown while Redis is away (the loop asks again).
      const lastIds = async () => {
        const ids = new Map<string, string>();
        for (const t of tableIds) {
          const [latest] = await commands.xrevrange(streamKey(t), '+', '-', 'COUNT', 1);
          ids.set(t, latest?.[0] ?? '0-0');
        }
        return ids;
      };
      // At start, a moment for the connection (commands fail at once until it is up), not more:
      // an instance starts with Redis away too.
      if (commands.status !== 'ready') {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 2000);
          commands.once('ready', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      let cursor = await lastIds().catch(() => null);
      const started = new Map(cursor ?? tableIds.map((t) => [t, '0-0']));
      const loop = async () => {
        while (!closed) {
          try {
            cursor ??= await lastIds();
            const answer = (await reader.xread('BLOCK', 5000, 'STREAMS', ...keys, ...tableIds.map((t) => cursor!.get(t)!))) as Array<
              [string, Array<[string, string[]]>]
            > | null;
            for (const [key, entries] of answer ?? []) {
              const tableId = tableIds[keys.indexOf(key)];
              for (const [id, fields] of entries) {
                cursor.set(tableId, id);
                deliver(tableId, { id, event: JSON.parse(fields[1]) as LiveEvent });
              }
            }
          } catch {
            if (closed) return;
            // Redis away: try again shortly; watchers resume from their last id once it is back.
            await new Promise((r) => setTimeout(r, 500));
          }
        }
      };
      void loop();
      return started;
    },
    since(tableId, afterId) {
      // A reconnect storm asks the same (table, last id) thousands of times at once: one read answers them all.
      const key = `${tableId} ${afterId}`;
      let reading = readingSince.get(key);
      if (!reading) {
        reading = readSince(tableId, afterId).finally(() => readingSince.delete(key));
        readingSince.set(key, reading);
      }
      return reading;
    },
    async reportPresence(tableId, count) {
      await commands.multi().hset(presenceKey(tableId), instanceId, `${count}:${Date.now()}`).pexpire(presenceKey(tableId), 60_000).exec();
    },
    async presence(tableId) {
      const all = await commands.hgetall(presenceKey(tableId));
      const now = Date.now();
      let sum = 0;
      for (const value of Object.values(all)) {
        const [count, at] = value.split(':').map(Number);
        if (now - at < PRESENCE_FRESH_MS) sum += count;
      }
      return sum;
    },
    async tryStamp(accountId) {
      return (await commands.set(`${prefix}:stamp:${accountId}`, '1', 'PX', STAMP_INTERVAL_MS, 'NX')) === 'OK';
    },
    async close() {
      closed = true;
      // This instance's watchers are gone: they no longer count anywhere.
      await Promise.all(followed.map((t) => commands.hdel(presenceKey(t), instanceId))).catch(() => undefined);
      reader.disconnect();
      await commands.quit().catch(() => undefined);
    },
  };
}
