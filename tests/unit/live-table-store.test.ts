import { describe, expect, it } from 'vitest';
import { emptyTableState, liveResult, liveTable, type LiveEvent, type LiveRoundState, type LiveTableState } from '../../contracts/live-tables';
import { ApiError, type CallOptions } from '../../src/lib/api';
import {
  clockOffset,
  createLiveLobby,
  AUTO_SEND_MS,
  createLiveTable,
  MUTE_KEY,
  phaseEndsAt,
  secondsLeft,
  STAMP_SHOW_MS,
  type EventSourceLike,
  type LiveDeps,
} from '../../src/stores/liveTable';

/** A stand-in EventSource the test drives: open, send events, cut. */
class FakeSource implements EventSourceLike {
  static all: FakeSource[] = [];
  readyState = 0;
  onopen: EventSourceLike['onopen'] = null;
  onmessage: EventSourceLike['onmessage'] = null;
  onerror: EventSourceLike['onerror'] = null;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.call(this, new Event('open'));
  }
  lastId = 0;
  send(event: LiveEvent) {
    this.onmessage?.call(this, { data: JSON.stringify(event), lastEventId: String(++this.lastId) } as MessageEvent);
  }
  /** The network drops: the browser retries itself (CONNECTING) or gives up (CLOSED). */
  cut(gaveUp = false) {
    this.readyState = gaveUp ? 2 : 0;
    this.onerror?.call(this, new Event('error'));
  }
  close() {
    this.readyState = 2;
  }
}

const ROUND = (over: Partial<LiveRoundState> = {}): LiveRoundState => ({
  roundId: '11111111-1111-4111-8111-111111111111',
  chainId: 1,
  position: 5,
  seedHash: 'h',
  opensAt: 1_000,
  closesAt: 16_000,
  resultAt: 22_000,
  nextAt: 27_000,
  phase: 'betting',
  result: null,
  seed: null,
  ...over,
});
const tableState = (over: Partial<LiveTableState> = {}): LiveTableState => ({ ...emptyTableState('roulette-live'), round: ROUND(), ...over });

function harness(opts: { serverTime?: number; mine?: unknown; answer?: (path: string, o?: CallOptions) => unknown } = {}) {
  FakeSource.all = [];
  let clock = 5_000;
  const calls: Array<{ path: string; options?: CallOptions }> = [];
  const timers: Array<{ fn: () => void; at: number; id: number }> = [];
  let nextId = 0;
  const store = new Map<string, string>();
  const balances: number[] = [];
  let refreshed = 0;
  let uuids = 0;
  const deps: Partial<LiveDeps> = {
    call: async <T>(path: string, options?: CallOptions) => {
      calls.push({ path, options });
      const custom = opts.answer?.(path, options);
      if (custom instanceof Error) throw custom;
      if (custom !== undefined) return custom as T;
      if (path === '/live/tables/roulette-live') {
        return {
          serverTime: opts.serverTime ?? clock,
          lastEventId: '1',
          limits: liveTable('roulette-live')!.limits,
          kind: 'roulette',
          bettingMs: 15000,
          state: tableState(),
          mine: opts.mine ?? null,
        } as T;
      }
      return {} as T;
    },
    EventSource: FakeSource as unknown as LiveDeps['EventSource'],
    now: () => clock,
    uuid: () => `uuid-${++uuids}`,
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    setTimeout: (fn, ms) => {
      const id = ++nextId;
      timers.push({ fn, at: clock + ms, id });
      return id;
    },
    clearTimeout: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    showBalance: (b) => void balances.push(b),
    refreshBalance: () => void refreshed++,
  };
  const advance = (ms: number) => {
    clock += ms;
    for (const t of [...timers].sort((a, b) => a.at - b.at)) {
      if (t.at <= clock) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    }
  };
  return { deps, calls, advance, store, balances, refreshedCount: () => refreshed, setClock: (c: number) => void (clock = c) };
}

describe('the live table store', () => {
  it('reads the snapshot, corrects the clock by the server time and follows the stream with the reducer', async () => {
    const h = harness({ serverTime: 8_000 });
    const table = createLiveTable('roulette-live', h.deps);
    await table.start();
    const view = table.$live.get();
    expect(view.ready).toBe(true);
    expect(view.offset).toBe(3_000);
    expect(FakeSource.all).toHaveLength(1);
    expect(FakeSource.all[0].url).toBe('/api/live/tables/roulette-live/stream?channel=WEB');
    const es = FakeSource.all[0];
    es.open();
    expect(table.$live.get().connection).toBe('open');
    es.send({ type: 'snapshot', state: tableState({ watchers: 3 }) });
    es.send({ type: 'bets', roundId: ROUND().roundId, totals: { red: 100 }, players: 2, latest: [{ name: 'ann', spot: 'red', amount: 100 }] });
    es.send({ type: 'presence', watchers: 7 });
    const state = table.$live.get().state;
    expect(state.totals).toEqual({ red: 100 });
    expect(state.players).toBe(2);
    expect(state.watchers).toBe(7);
    // The countdown reads the server's clock: closes at 16 000, the device says 5 000, the server 8 000.
    expect(secondsLeft(phaseEndsAt(state.round), 5_000, view.offset)).toBe(8);
  });

  it('places chips, sends them as one bet with a request id, and keeps the id for a retry after a lost answer', async () => {
    let fail = true;
    const h = harness({
      answer: (path, o) => {
        if (!path.endsWith('/bets')) return undefined;
        if (fail) return new ApiError('TECHNICAL_ERROR', 0);
        const body = o?.body as { bets: Array<{ spot: string; amount: number }> };
        return { betId: 'b', replayed: false, balance: 900, mine: { roundId: ROUND().roundId, spots: { red: 100 }, total: body.bets[0].amount } };
      },
    });
    const table = createLiveTable('roulette-live', h.deps);
    await table.start();
    table.selectChip(50);
    table.addChip('red');
    table.addChip('red');
    expect(table.$live.get().pending).toEqual({ red: 100 });
    await table.placeBets();
    expect(table.$live.get().error).toBe('games:house.error.failed');
    expect(table.$live.get().pending).toEqual({ red: 100 });
    fail = false;
    await table.placeBets();
    const bets = h.calls.filter((c) => c.path.endsWith('/bets'));
    expect(bets).toHaveLength(2);
    const [first, second] = bets.map((c) => c.options?.body as { requestId: string; roundId: string; bets: unknown });
    expect(second.requestId).toBe(first.requestId);
    expect(second).toEqual({ roundId: ROUND().roundId, requestId: first.requestId, bets: [{ spot: 'red', amount: 100 }] });
    expect(table.$live.get().pending).toEqual({});
    expect(table.$live.get().mine?.total).toBe(100);
    expect(h.balances).toEqual([900]);
  });

  it('sends the chips put down in quick succession as one bet, shortly after the last', async () => {
    const h = harness({
      answer: (path, o) =>
        path.endsWith('/bets')
          ? { betId: 'b', replayed: false, balance: 880, mine: { roundId: ROUND().roundId, spots: { red: 20 }, total: 20 }, body: o?.body }
          : undefined,
    });
    const table = createLiveTable('roulette-live', h.deps);
    await table.start();
    table.addChip('red');
    h.advance(AUTO_SEND_MS - 50);
    table.addChip('red');
    h.advance(AUTO_SEND_MS - 1);
    expect(h.calls.filter((c) => c.path.endsWith('/bets'))).toHaveLength(0);
    h.advance(1);
    await Promise.resolve();
    const bets = h.calls.filter((c) => c.path.endsWith('/bets'));
    expect(bets.map((c) => (c.options?.body as { bets?: unknown } | undefined)?.bets)).toEqual([[{ spot: 'red', amount: 20 }]]);
    await Promise.resolve();
    expect(table.$live.get().mine?.total).toBe(20);
    expect(table.$live.get().pending).toEqual({});
  });

  it('refuses opposing spots, the limits and chips after the close; a refusal by the server gives a new id', async () => {
    const h = harness({ answer: (path) => (path.endsWith('/bets') ? new ApiError('BETTING_CLOSED', 409) : undefined) });
    const table = createLiveTable('roulette-live', h.deps);
    await table.start();
    table.addChip('red');
    table.addChip('black');
    expect(table.$live.get().error).toBe('live:errors.opposing');
    table.selectChip(1000);
    for (let i = 0; i < 5; i++) table.addChip('straight-17');
    table.addChip('straight-17');
    expect(table.$live.get().error).toBe('live:errors.limit');
    expect(table.$live.get().pending['straight-17']).toBe(5000);
    await table.placeBets();
    expect(table.$live.get().error).toBe('errors:BETTING_CLOSED');
    expect(table.$live.get().pending).toEqual({});
    // By the server's clock betting has closed: no chip goes down.
    h.setClock(17_000);
    table.addChip('red');
    expect(table.$live.get().pending).toEqual({});
    expect(table.$live.get().error).toBe('errors:BETTING_CLOSED');
  });

  it("works out the player's win from the result and their bets, refreshes the balance when settled, and clears at the next round", async () => {
    const def = liveTable('roulette-live')!;
    const seed = 'a'.repeat(64);
    const result = liveResult(def, seed);
    const mine = { roundId: ROUND().roundId, spots: { [`straight-${result.kind === 'roulette' ? result.number : 0}`]: 10 }, total: 10 };
    const h = harness({ mine });
    const table = createLiveTable('roulette-live', h.deps);
    await table.start();
    const es = FakeSource.all[0];
    es.send({ type: 'closed', roundId: ROUND().roundId });
    expect(table.$live.get().state.round?.phase).toBe('drawing');
    es.send({ type: 'result', roundId: ROUND().roundId, result, seed, at: 22_000 });
    expect(table.$live.get().myResult).toEqual({ roundId: ROUND().roundId, staked: 10, won: 360 });
    expect(table.$live.get().state.history[0].result).toEqual(result);
    es.send({ type: 'settled', roundId: ROUND().roundId, bets: 1, paid: 360, refunded: false, at: 23_000 });
    expect(h.refreshedCount()).toBe(1);
    es.send({ type: 'round', round: ROUND({ roundId: '22222222-2222-4222-8222-222222222222', position: 6 }) });
    expect(table.$live.get().mine).toBeNull();
    expect(table.$live.get().myResult).toBeNull();
  });

  it("shows stamps for a while, hides them when muted (kept in storage), and rests 2 s between the player's own", async () => {
    const h = harness();
    const table = createLiveTable('roulette-live', h.deps);
    await table.start();
    const es = FakeSource.all[0];
    es.send({ type: 'stamp', stamp: 'nice', name: 'ann', at: 1 });
    expect(table.$live.get().stamps.map((s) => s.stamp)).toEqual(['nice']);
    h.advance(STAMP_SHOW_MS);
    expect(table.$live.get().stamps).toEqual([]);
    table.setMuted(true);
    expect(h.store.get(MUTE_KEY)).toBe('1');
    es.send({ type: 'stamp', stamp: 'wow', name: 'ann', at: 2 });
    expect(table.$live.get().stamps).toEqual([]);
    expect(createLiveTable('roulette-live', h.deps).$live.get().muted).toBe(true);
    await table.sendStamp('gg');
    await table.sendStamp('gg');
    expect(h.calls.filter((c) => c.path.endsWith('/stamps'))).toHaveLength(1);
    h.advance(2_000);
    await table.sendStamp('hello');
    expect(h.calls.filter((c) => c.path.endsWith('/stamps')).map((c) => c.options?.body)).toEqual([{ stamp: 'gg' }, { stamp: 'hello' }]);
  });

  it('says it is reconnecting while the stream is cut, opens a new stream when the browser gave up, and heals with the snapshot', async () => {
    const h = harness();
    const table = createLiveTable('roulette-live', h.deps);
    await table.start();
    FakeSource.all[0].open();
    FakeSource.all[0].send({ type: 'presence', watchers: 4 });
    FakeSource.all[0].cut();
    expect(table.$live.get().connection).toBe('reconnecting');
    // The browser reconnects itself while CONNECTING: no second stream.
    h.advance(5_000);
    expect(FakeSource.all).toHaveLength(1);
    FakeSource.all[0].cut(true);
    h.advance(1_000);
    expect(FakeSource.all).toHaveLength(2);
    // The new stream asks for what followed the last event applied.
    expect(FakeSource.all[1].url).toBe('/api/live/tables/roulette-live/stream?channel=WEB&lastEventId=1');
    const snapshots = h.calls.length;
    FakeSource.all[1].open();
    FakeSource.all[1].send({ type: 'snapshot', state: tableState({ watchers: 9 }) });
    expect(table.$live.get().connection).toBe('open');
    expect(table.$live.get().state.watchers).toBe(9);
    // The player's own bets are read again with the healing snapshot.
    await Promise.resolve();
    expect(h.calls.length).toBe(snapshots + 1);
    table.stop();
  });
});

describe('the Live Casino page store', () => {
  it('reads the tables with the clock offset and reads them again just after the soonest phase ends', async () => {
    const h = harness({
      answer: (path) =>
        path === '/live/tables'
          ? {
              serverTime: 6_000,
              tables: [
                {
                  id: 'roulette-live',
                  kind: 'roulette',
                  bettingMs: 15000,
                  limits: liveTable('roulette-live')!.limits,
                  phase: 'betting',
                  phaseEndsAt: 9_000,
                  watchers: 2,
                  lastResults: [],
                },
              ],
            }
          : undefined,
    });
    const lobby = createLiveLobby(h.deps);
    lobby.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(lobby.$lobby.get().offset).toBe(1_000);
    expect(lobby.$lobby.get().tables).toHaveLength(1);
    // The phase ends at server 9 000 = device 8 000: read again 300 ms after.
    h.advance(3_299);
    expect(h.calls).toHaveLength(1);
    h.advance(1);
    expect(h.calls).toHaveLength(2);
    lobby.stop();
  });

  it('clock offset is the server time against the middle of the round trip', () => {
    expect(clockOffset(10_000, 1_000, 1_200)).toBe(8_900);
  });
});
