import type { ServerResponse } from 'node:http';
import { applyLiveEvent, emptyTableState, type LiveEvent, type LiveTableState } from '../../../contracts/live-tables';
import { compareIds, type LiveBroker, type StreamEntry } from './broker';

/**
 * This instance's side of the tables' streams (docs/decisions/0025, "Real time"): it follows every
 * table's stream, keeps each table's state by the one reducer (so a new watcher's snapshot is exact
 * at an event id, with no database read) and writes each event to its own watchers, serialized once.
 * A watcher that does not read is dropped once its unsent bytes pass MAX_UNSENT, never buffered
 * without bound.
 */
export const MAX_UNSENT = 256 * 1024;
const HEARTBEAT_MS = 15_000;

interface Watcher {
  res: ServerResponse;
  tableId: string;
  /** Events arriving while the watcher's missed events are fetched; null once it is live. */
  pending: StreamEntry[] | null;
  /** The id of the last event written to it. */
  lastId: string;
  address: string;
  accountId: string | null;
}

interface TableFeed {
  state: LiveTableState;
  lastId: string;
  watchers: Set<Watcher>;
}

export const sseChunk = (id: string, event: LiveEvent) => `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`;

export class LiveHub {
  private readonly feeds = new Map<string, TableFeed>();
  private readonly byAddress = new Map<string, number>();
  private readonly byAccount = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | null = null;
  private presenceTimer: NodeJS.Timeout | null = null;
  /** Called with each event this instance delivers (the runner's lease holder and tests listen). */
  onEvent: ((tableId: string, entry: StreamEntry) => void) | null = null;
  dropped = 0;

  constructor(
    readonly tableIds: readonly string[],
    private readonly limits: { perAddress: number; perAccount: number },
  ) {
    for (const id of tableIds) this.feeds.set(id, { state: emptyTableState(id), lastId: '0-0', watchers: new Set() });
  }

  /** Follows the broker from now on, starting from each table's state as the database has it. */
  async start(broker: LiveBroker, initial: (tableId: string) => Promise<LiveTableState>): Promise<void> {
    const lastIds = await broker.follow(this.tableIds, (tableId, entry) => this.deliver(tableId, entry));
    for (const id of this.tableIds) {
      const feed = this.feeds.get(id)!;
      const fromDb = await initial(id);
      // Events that came while the database was read are newer than the read or repeat it: they apply on top.
      feed.state = { ...fromDb, watchers: feed.state.watchers };
      if (compareIds(lastIds.get(id)!, feed.lastId) > 0) feed.lastId = lastIds.get(id)!;
    }
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
    if (broker.shared) {
      this.presenceTimer = setInterval(() => {
        for (const id of this.tableIds) void broker.reportPresence(id, this.watching(id)).catch(() => undefined);
      }, 2000);
      this.presenceTimer.unref();
    }
  }

  state(tableId: string): { state: LiveTableState; lastId: string } {
    const feed = this.feeds.get(tableId)!;
    return { state: feed.state, lastId: feed.lastId };
  }

  watching(tableId: string): number {
    return this.feeds.get(tableId)?.watchers.size ?? 0;
  }

  /** Whether one more stream may open for this address and account (the per-address and per-account limits). */
  mayOpen(address: string, accountId: string | null): boolean {
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) return false;
    return !accountId || (this.byAccount.get(accountId) ?? 0) < this.limits.perAccount;
  }

  private deliver(tableId: string, entry: StreamEntry) {
    const feed = this.feeds.get(tableId);
    if (!feed || compareIds(entry.id, feed.lastId) <= 0) return;
    feed.state = applyLiveEvent(feed.state, entry.event);
    feed.lastId = entry.id;
    let chunk: string | null = null;
    for (const w of feed.watchers) {
      if (w.pending) {
        w.pending.push(entry);
        continue;
      }
      chunk ??= sseChunk(entry.id, entry.event);
      this.write(w, entry.id, chunk);
    }
    this.onEvent?.(tableId, entry);
  }

  private write(w: Watcher, id: string, chunk: string) {
    // Never an event twice or out of order: a replay read from the broker can run ahead of this
    // instance's own feed, whose copies of those events then arrive after it.
    if (w.res.destroyed || (w.lastId && compareIds(id, w.lastId) <= 0)) return;
    w.res.write(chunk);
    w.lastId = id;
    if (w.res.writableLength > MAX_UNSENT) {
      this.dropped++;
      w.res.destroy();
    }
  }

  private beat() {
    for (const feed of this.feeds.values()) for (const w of feed.watchers) if (!w.pending && !w.res.destroyed) w.res.write(': ping\n\n');
  }

  /**
   * A new watcher: from `lastEventId` exactly the missed events when the backlog reaches back to it,
   * else (or without one) a snapshot of the table, then every event as it comes.
   */
  async watch(tableId: string, res: ServerResponse, lastEventId: string | null, broker: LiveBroker, who: { address: string; accountId: string | null }) {
    const feed = this.feeds.get(tableId)!;
    const w: Watcher = { res, tableId, pending: [], lastId: '', address: who.address, accountId: who.accountId };
    feed.watchers.add(w);
    this.count(w, 1);
    res.once('close', () => {
      feed.watchers.delete(w);
      this.count(w, -1);
    });
    let missed: StreamEntry[] | null = null;
    if (lastEventId) missed = await broker.since(tableId, lastEventId).catch(() => null);
    const pending = w.pending ?? [];
    w.pending = null;
    if (missed) {
      // It has everything up to its id: nothing at or before it again (this instance's feed may be behind).
      w.lastId = lastEventId!;
      for (const entry of missed) this.write(w, entry.id, sseChunk(entry.id, entry.event));
      const after = missed.at(-1)?.id ?? lastEventId!;
      for (const entry of pending) if (compareIds(entry.id, after) > 0) this.write(w, entry.id, sseChunk(entry.id, entry.event));
    } else {
      // The state already holds every pending event: the snapshot stands at the feed's last id.
      this.write(w, feed.lastId, sseChunk(feed.lastId, { type: 'snapshot', state: feed.state }));
    }
  }

  private count(w: Watcher, delta: number) {
    const bump = (map: Map<string, number>, key: string) => {
      const n = (map.get(key) ?? 0) + delta;
      if (n <= 0) map.delete(key);
      else map.set(key, n);
    };
    bump(this.byAddress, w.address);
    if (w.accountId) bump(this.byAccount, w.accountId);
  }

  /** Ends every stream (shutdown): the watchers reconnect to another instance with their last id. */
  close() {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.presenceTimer) clearInterval(this.presenceTimer);
    for (const feed of this.feeds.values()) for (const w of feed.watchers) w.res.end();
  }
}
