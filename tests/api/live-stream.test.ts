import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../contracts/live-tables';
import { BACKLOG, compareIds } from '../../server/modules/live/broker';
import { createTestApp, type TestApp } from '../support/app';
import { openSse } from '../support/sse';

/**
 * The tables' streams (docs/decisions/0025, "Real time"): Server-Sent Events with strictly increasing
 * ids, Last-Event-ID replaying exactly what was missed, a snapshot when the backlog no longer reaches
 * back, a reader that does not read dropped, per-address limits, and two instances on one Redis
 * delivering the same events in the same order.
 */
const TABLE = 'roulette-fast';
const presence = (watchers: number): LiveEvent => ({ type: 'presence', watchers });

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as { port: number };
  return `http://127.0.0.1:${address.port}${t.config.API_BASE}/live/tables/${TABLE}/stream?channel=WEB`;
}

describe('live table streams (one process)', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ LIVE_STREAMS_PER_ADDRESS: '6' });
    url = await listening(t);
  });
  afterAll(async () => t?.close());

  it('starts with a snapshot, then every event with a strictly increasing id', async () => {
    const client = openSse(url);
    expect(await client.status).toBe(200);
    await client.waitFor(1);
    expect(client.events[0].data.type).toBe('snapshot');
    for (let i = 1; i <= 20; i++) await t.app.live.broker.append(TABLE, presence(i));
    const events = await client.waitFor(21);
    for (let i = 1; i < events.length; i++) expect(compareIds(events[i].id, events[i - 1].id)).toBeGreaterThan(0);
    expect(events.slice(1).map((e) => e.data.watchers)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    client.close();
  });

  it('Last-Event-ID replays exactly the missed events, then goes on live', async () => {
    const first = openSse(url);
    await first.waitFor(1);
    await t.app.live.broker.append(TABLE, presence(100));
    await first.waitFor(2);
    first.close();
    await first.closed;
    const lastSeen = first.events[1].id;
    const missed: string[] = [];
    for (let i = 101; i <= 110; i++) missed.push(await t.app.live.broker.append(TABLE, presence(i)));
    const again = openSse(url, { 'last-event-id': lastSeen });
    await again.waitFor(10);
    expect(again.events.map((e) => e.id)).toEqual(missed);
    expect(again.events.map((e) => e.data.watchers)).toEqual(Array.from({ length: 10 }, (_, i) => 101 + i));
    const next = await t.app.live.broker.append(TABLE, presence(111));
    await again.waitFor(11);
    expect(again.events[10].id).toBe(next);
    again.close();
  });

  it('a Last-Event-ID the backlog no longer reaches gives a fresh snapshot', async () => {
    const first = openSse(url);
    await first.waitFor(1);
    const old = first.events[0].id;
    first.close();
    for (let i = 0; i < BACKLOG + 5; i++) await t.app.live.broker.append(TABLE, presence(i % 7));
    const again = openSse(url, { 'last-event-id': old });
    await again.waitFor(1);
    expect(again.events).toHaveLength(1);
    expect(again.events[0].data.type).toBe('snapshot');
    expect((again.events[0].data.state as { watchers: number }).watchers).toBe((BACKLOG + 4) % 7);
    // An id that is not one of the stream's (a future one) likewise.
    const future = openSse(url, { 'last-event-id': '99999999999999-0' });
    await future.waitFor(1);
    expect(future.events[0].data.type).toBe('snapshot');
    again.close();
    future.close();
  });

  it('drops a watcher that does not read, without buffering without bound', async () => {
    const { port } = t.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write(`GET ${new URL(url).pathname}?channel=WEB HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`);
    // It reads the answer's first bytes, then nothing more.
    await new Promise((r) => socket.once('data', r));
    socket.pause();
    const reader = openSse(url);
    await reader.waitFor(1);
    const droppedBefore = t.app.live.hub.dropped;
    const closed = new Promise((r) => socket.once('close', r));
    const big = {
      type: 'bets',
      roundId: 'none',
      totals: {},
      players: 0,
      latest: Array.from({ length: 600 }, () => ({ name: randomBytes(40).toString('hex'), spot: 'red', amount: 10 })),
    } as LiveEvent;
    for (let i = 0; i < 400 && t.app.live.hub.dropped === droppedBefore; i++) {
      await t.app.live.broker.append(TABLE, big);
      // Time for the sockets to move: the reader reads, the other does not.
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(t.app.live.hub.dropped).toBe(droppedBefore + 1);
    socket.resume();
    await closed;
    // The watcher who reads is still served.
    const n = reader.events.length;
    await t.app.live.broker.append(TABLE, presence(3));
    await reader.waitFor(n + 1);
    reader.close();
  });

  it('refuses a stream without a channel, and more streams from one address than the limit', async () => {
    const noChannel = openSse(url.replace('?channel=WEB', ''));
    expect(await noChannel.status).toBe(400);
    const open = Array.from({ length: 6 }, () => openSse(url));
    await Promise.all(open.map((c) => c.waitFor(1)));
    const oneMore = openSse(url);
    expect(await oneMore.status).toBe(429);
    for (const c of open) c.close();
    await Promise.all(open.map((c) => c.closed));
    await new Promise((r) => setTimeout(r, 50));
    const afterwards = openSse(url);
    expect(await afterwards.status).toBe(200);
    afterwards.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.skipIf(!redisUrl)('live table streams on two instances sharing one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, LIVE_STREAM_PREFIX: `test-${randomBytes(4).toString('hex')}` };
    a = await createTestApp(env);
    b = await createTestApp(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('deliver the same events, with the same ids, in the same order, whichever instance appended them', async () => {
    const [urlA, urlB] = [await listening(a), await listening(b)];
    const onA = openSse(urlA);
    const onB = openSse(urlB);
    await Promise.all([onA.waitFor(1), onB.waitFor(1)]);
    const appended = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).app.live.broker.append(TABLE, presence(i))));
    await Promise.all([onA.waitFor(41), onB.waitFor(41)]);
    const tail = (c: typeof onA) => c.events.slice(1).map((e) => [e.id, e.data.watchers]);
    expect(tail(onA)).toEqual(tail(onB));
    expect(new Set(tail(onA).map(([id]) => id))).toEqual(new Set(appended));
    // A watcher of instance a that reconnects to instance b with its last id misses nothing.
    const lastSeen = onA.events[20].id;
    onA.close();
    const moved = openSse(urlB, { 'last-event-id': lastSeen });
    await moved.waitFor(20);
    expect(moved.events.map((e) => e.id)).toEqual(onB.events.slice(21).map((e) => e.id));
    moved.close();
    onB.close();
  });
});
