import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HouseSessionResponseSchema } from '../../contracts/games';
import { seedGames } from '../../server/modules/games/service';
import { checkConservation, postMovement } from '../../server/modules/wallet';
import { isDatabaseUnavailable } from '../../server/db';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';

const dbName = onPostgres ? 'PostgreSQL' : 'PGlite';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Launches a real slot for the player and opens its play session. */
async function slotSession(t: TestApp, player: TestPlayer): Promise<string> {
  const launched = await t.api({ method: 'GET', url: '/launchgame?gameCode=slot-sakura-fortune&language=en', headers: player.headers });
  expect(launched.statusCode, launched.body).toBe(200);
  const token = new URL(launched.json().url, 'http://x').searchParams.get('token');
  const opened = await t.api({ method: 'POST', url: '/house/session', payload: { token } });
  expect(opened.statusCode, opened.body).toBe(200);
  return HouseSessionResponseSchema.parse(opened.json()).session;
}

const fund = (t: TestApp, accountId: string, amount: number) =>
  postMovement(t.testDb.db, { accountId, type: 'ADJUSTMENT', amount, idempotencyKey: `fund-${randomBytes(6).toString('hex')}`, reason: 'test' });

/**
 * Terminating PostgreSQL backends is what a restart or a failover does to the API's connections.
 * Real backends are needed: these run on PostgreSQL only (TEST_DATABASE_URL).
 */
describe.skipIf(!onPostgres)('database faults: terminated backends answer 503 and the process lives on (PostgreSQL only)', () => {
  let t: TestApp;
  let admin: pg.Client;
  let databaseName: string;

  /** Terminates every other connection to the test database; answers how many. */
  async function terminateBackends(): Promise<number> {
    const res = await admin.query<{ pid: number }>(
      'select pg_terminate_backend(pid), pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName],
    );
    for (const row of res.rows) terminated.add(row.pid);
    return res.rowCount ?? 0;
  }
  /** Backends this file terminated (pids), until they are seen gone. */
  const terminated = new Set<number>();

  /**
   * "Once the database is back": the terminated backends have exited and the pool has seen its
   * connections close. A request that takes a connection killed a moment before answers 503 too
   * (the client retries); this waits past that moment.
   */
  async function terminatedBackendsGone(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const alive = await admin.query<{ pid: number }>('select pid from pg_stat_activity where pid = any($1::int[])', [[...terminated]]);
      if (alive.rowCount === 0) break;
      await sleep(50);
    }
    terminated.clear();
    await sleep(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ PHONE_VERIFICATION_REQUIRED: 'false' });
    await seedGames(t.testDb.db);
    databaseName = new URL(t.testDb.url!).pathname.slice(1);
    admin = new pg.Client({ connectionString: t.testDb.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE to requests whose connection is terminated mid-query, then serves again', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => createTestPlayer(t.testDb.db)));
    for (const p of players) await fund(t, p.id, 10_000);
    // Warm the pool so idle connections get terminated too (pg-pool's idle path). The coin
    // statement is read from the database on every call (a balance may be answered from the
    // server's cache, docs/decisions/0013).
    await Promise.all(players.map((p) => t.api({ method: 'GET', url: '/transactions', headers: p.headers })));

    // Hold the journal so the statement reads wait inside PostgreSQL, then cut their connections.
    await admin.query('begin');
    await admin.query('lock table wallet_journal in access exclusive mode');
    const inFlight = players.map((p) => t.api({ method: 'GET', url: '/transactions', headers: p.headers }));
    // One statement read is two queries run side by side (the count and the page), each on its own
    // connection: the backends are counted by their query text, so the cut comes only once every
    // request has both of its queries waiting (4 waiting backends could be 2 requests). This client
    // is inside its transaction, where pg_stat_activity is read once and kept: each look clears it.
    for (let i = 0; ; i++) {
      await admin.query('select pg_stat_clear_snapshot()');
      const waiting = await admin.query<{ counts: number; pages: number }>(
        `select count(*) filter (where query like 'select count(*)%') :: int as counts,
                count(*) filter (where query like 'select * from "wallet_journal"%') :: int as pages
         from pg_stat_activity
         where datname = $1 and wait_event_type = 'Lock' and query like '%from "wallet_journal"%' and pid <> pg_backend_pid()`,
        [databaseName],
      );
      if (waiting.rows[0]!.counts >= players.length && waiting.rows[0]!.pages >= players.length) break;
      if (i > 200) {
        await admin.query('rollback'); // the tests after this one run unhindered
        throw new Error('the statement reads never reached the lock');
      }
      await sleep(25);
    }
    expect(await terminateBackends()).toBeGreaterThanOrEqual(players.length);
    await admin.query('rollback');

    const answered = await Promise.all(inFlight);
    for (const res of answered) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', requestId: expect.any(String) });
      expect(res.headers['retry-after']).toBe('1');
    }

    // The database is back (it never left): new connections, statements prepared afresh, success.
    await terminatedBackendsGone();
    for (const p of players) {
      const res = await t.api({ method: 'GET', url: '/transactions', headers: p.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().records[0].newBalance).toBe(10_000);
    }
  });

  it('answers 503 SERVICE_UNAVAILABLE after a bounded wait when every pool connection is busy, instead of queueing', async () => {
    const player = await createTestPlayer(t.testDb.db);
    await fund(t, player.id, 500);
    // The session is read once and kept (docs/decisions/0013): each statement read then takes a connection.
    expect((await t.api({ method: 'GET', url: '/transactions', headers: player.headers })).statusCode).toBe(200);
    await admin.query('begin');
    await admin.query('lock table wallet_journal in access exclusive mode');
    const started = Date.now();
    // 20 reads take the pool's 20 connections and wait on the lock; the others wait for a connection.
    const done: Array<{ statusCode: number; ms: number }> = [];
    const reads = Array.from({ length: 26 }, () =>
      t.api({ method: 'GET', url: '/transactions', headers: player.headers }).then((res) => {
        done.push({ statusCode: res.statusCode, ms: Date.now() - started });
        return res;
      }),
    );
    while (done.length === 0 && Date.now() - started < 10_000) await sleep(100);
    // Only the readers without a connection are answered while the lock holds: 503, after the pool's wait.
    expect(done.length).toBeGreaterThan(0);
    for (const d of done) {
      expect(d.statusCode).toBe(503);
      expect(d.ms).toBeGreaterThanOrEqual(4_000);
    }
    await admin.query('rollback');
    const answered = await Promise.all(reads);
    const unavailable = answered.filter((res) => res.statusCode === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const res of unavailable) expect(res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', requestId: expect.any(String) });
    for (const res of answered.filter((r) => r.statusCode !== 503)) {
      expect(res.statusCode).toBe(200);
      expect(res.json().records[0].newBalance).toBe(500);
    }
  }, 30_000);

  it('survives a backend terminated between two queries of a transaction (the client error no query was waiting for)', async () => {
    // Before the fix this crashed the process: the checked-out pg client emitted `error` with no listener.
    const outcome = await t.testDb.db
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await terminateBackends();
        await sleep(300); // the socket closes while the transaction holds the client and runs nothing
        await sql`select 2`.execute(trx);
        return 'committed';
      })
      .catch((error: unknown) => error);
    expect(outcome).not.toBe('committed');
    expect(isDatabaseUnavailable(outcome), String(outcome)).toBe(true);
    // The dead client left the pool: the next statements run on a fresh connection.
    const again = await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(t.testDb.db);
    expect(again.rows[0].n).toBe(42);
  });

  it('keeps answering under spins and balance reads while backends are terminated again and again: only 200 or 503 with the code, nothing lost', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => createTestPlayer(t.testDb.db)));
    for (const p of players) await fund(t, p.id, 100_000);
    const sessions = await Promise.all(players.map((p) => slotSession(t, p)));

    const statuses = new Map<number, number>();
    const bodies: unknown[] = [];
    let stop = false;
    const traffic = players.map(async (p, i) => {
      while (!stop) {
        const res =
          Math.random() < 0.7
            ? await t.api({ method: 'POST', url: '/house/play', payload: { session: sessions[i], input: { kind: 'slot', bet: 100 }, requestId: randomUUID() } })
            : await t.api({ method: 'GET', url: '/balance', headers: p.headers });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode !== 200) bodies.push(res.json());
      }
    });
    let terminated = 0;
    for (let round = 0; round < 8; round++) {
      await sleep(150);
      terminated += await terminateBackends();
    }
    await sleep(150);
    stop = true;
    await Promise.all(traffic);

    expect(terminated).toBeGreaterThan(0);
    expect([...statuses.keys()].sort()).toEqual(statuses.has(503) ? [200, 503] : [200]);
    for (const body of bodies) expect(body).toEqual({ code: 'SERVICE_UNAVAILABLE', requestId: expect.any(String) });
    expect(statuses.get(200)).toBeGreaterThan(0);

    // Afterwards (one last termination, then the database is back) every player plays and reads
    // again, and every coin is accounted for.
    await terminateBackends();
    await terminatedBackendsGone();
    for (const [i, p] of players.entries()) {
      const spin = await t.api({
        method: 'POST',
        url: '/house/play',
        payload: { session: sessions[i], input: { kind: 'slot', bet: 100 }, requestId: randomUUID() },
      });
      expect(spin.statusCode, spin.body).toBe(200);
      expect((await t.api({ method: 'GET', url: '/balance', headers: p.headers })).statusCode).toBe(200);
    }
    const report = await checkConservation(t.testDb.db);
    expect(report.problems).toEqual([]);
  });
});

describe(`overload answers 503 early instead of queueing (${dbName})`, () => {
  let t: TestApp;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp({ MAX_REQUESTS_IN_FLIGHT: '3', PHONE_VERIFICATION_REQUIRED: 'false' });
    player = await createTestPlayer(t.testDb.db);
  });
  afterAll(() => t?.close());

  it('refuses requests above MAX_REQUESTS_IN_FLIGHT with 503 SERVICE_UNAVAILABLE, and admits again once they finish', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, () => t.api({ method: 'GET', url: '/balance', headers: player.headers })));
    const ok = burst.filter((r) => r.statusCode === 200);
    const refused = burst.filter((r) => r.statusCode === 503);
    expect(ok.length + refused.length).toBe(30);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', requestId: expect.any(String) });
      expect(r.headers['retry-after']).toBe('1');
    }
    // Every admitted request gave its place back: three at a time pass again.
    for (let i = 0; i < 5; i++) {
      const three = await Promise.all(Array.from({ length: 3 }, () => t.api({ method: 'GET', url: '/balance', headers: player.headers })));
      expect(three.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    }
  });
});
