import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/db';
import { enqueue, Outbox, type OutboxOptions, type QueuedMessage, type Transport } from '../../server/modules/outbox/service';
import { createTestDb, onPostgres, type TestDb } from '../support/db';

const options: OutboxOptions = { pollMs: 3_600_000, retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 3, leaseMs: 60_000, batch: 50 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The far side of a transport (an SMTP server, the SMS gateway): records what it accepted and from which worker. */
const recorder = (worker: string, log: Array<{ worker: string; id: number; key: string }>): Transport => ({
  name: `recorder-${worker}`,
  send: async (m: QueuedMessage) => {
    log.push({ worker, id: m.id, key: m.key });
  },
});

/**
 * Two outbox workers on two real PostgreSQL connections, forced to interleave: worker A claims and
 * sends inside a transaction that stays open, and worker B claims while A's rows are still locked.
 * The claim's FOR UPDATE SKIP LOCKED (docs/decisions/0015) is what keeps B off A's messages; without
 * it B waits for A's rows and then claims (and sends) them again. PGlite has one connection, so this
 * interleaving cannot happen there: PostgreSQL only. Seen failing with the lock clause removed
 * (docs/decisions/0027).
 */
describe.skipIf(!onPostgres)('outbox claim: two workers on two PostgreSQL connections, interleaved (PostgreSQL only)', () => {
  let testDb: TestDb;
  let a: Db;
  let b: Db;

  beforeAll(async () => {
    testDb = await createTestDb();
    a = testDb.db;
    b = createDb({ databaseUrl: testDb.url! });
  });
  afterAll(async () => {
    await b?.destroy();
    await testDb?.drop();
  });

  /** Whether a backend of this database is waiting for a lock (B blocked behind A's open claim). */
  const someoneWaits = async () => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(b);
    return rows[0]!.n > 0;
  };

  it('a worker claiming while another holds its claim open never takes the same message', async () => {
    const run = `claim${Date.now()}`;
    const keys = Array.from({ length: 12 }, (_, i) => `${run}:${i}`);
    for (const key of keys) await enqueue(a, { key, channel: i(key), to: `${key.replace(':', '-')}@example.test`, subject: key, text: key });
    const sent: Array<{ worker: string; id: number; key: string }> = [];

    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let claimedA!: () => void;
    const aHolds = new Promise<void>((r) => (claimedA = r));
    // Worker A: claims and sends every due message inside a transaction it keeps open (its row locks held).
    const workerA = a.transaction().execute(async (trx) => {
      const outbox = new Outbox(trx as unknown as Db, { email: recorder('A', sent), sms: recorder('A', sent) }, options);
      const counts = await outbox.drain();
      claimedA();
      await released;
      return counts;
    });
    await aHolds;
    // Worker B on its own connection claims now, while A's claim is open.
    const outboxB = new Outbox(b, { email: recorder('B', sent), sms: recorder('B', sent) }, options);
    let bDone = false;
    const workerB = outboxB.drain().finally(() => (bDone = true));
    for (let i = 0; i < 40 && !bDone && !(await someoneWaits()); i++) await sleep(50);
    release();
    const [countsA, countsB] = await Promise.all([workerA, workerB]);

    expect(countsA.sent).toBe(keys.length);
    expect(countsB.sent).toBe(0);
    expect(sent.filter((s) => s.worker === 'B')).toEqual([]);
    expect(sent.map((s) => s.key).sort()).toEqual([...keys].sort());
    const rows = await a.selectFrom('outbox_messages').select(['idempotency_key', 'status', 'attempts']).where('idempotency_key', 'like', `${run}:%`).execute();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('with more due than A holds, B takes only the others: every message once across both', async () => {
    const run = `split${Date.now()}`;
    const keys = Array.from({ length: 20 }, (_, i) => `${run}:${String(i).padStart(2, '0')}`);
    for (const key of keys) await enqueue(a, { key, channel: 'email', to: `${key.replace(':', '-')}@example.test`, subject: key, text: key });
    const sent: Array<{ worker: string; id: number; key: string }> = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let claimedA!: () => void;
    const aHolds = new Promise<void>((r) => (claimedA = r));
    // A claims one batch of 8 (the first 8 by id) and holds it.
    const workerA = a.transaction().execute(async (trx) => {
      const outbox = new Outbox(trx as unknown as Db, { email: recorder('A', sent), sms: recorder('A', sent) }, { ...options, batch: 8 });
      const ids = (await trx.selectFrom('outbox_messages').select('id').where('idempotency_key', 'like', `${run}:%`).orderBy('id').limit(8).execute()).map(
        (r) => Number(r.id),
      );
      const outcomes = await outbox.deliver(ids);
      claimedA();
      await released;
      return outcomes.size;
    });
    await aHolds;
    const outboxB = new Outbox(b, { email: recorder('B', sent), sms: recorder('B', sent) }, options);
    let bDone = false;
    const workerB = outboxB.drain().finally(() => (bDone = true));
    for (let i = 0; i < 40 && !bDone && !(await someoneWaits()); i++) await sleep(50);
    release();
    const [fromA, countsB] = await Promise.all([workerA, workerB]);
    expect(fromA).toBe(8);
    expect(countsB.sent).toBe(12);
    const byKey = new Map<string, number>();
    for (const s of sent) byKey.set(s.key, (byKey.get(s.key) ?? 0) + 1);
    expect([...byKey.keys()].sort()).toEqual(keys);
    expect([...byKey.values()].every((n) => n === 1)).toBe(true);
  });
});

/** Half the messages by SMS, so both transports of a worker are in play. */
const i = (key: string): 'email' | 'sms' => (Number(key.split(':')[1]) % 2 === 0 ? 'email' : 'sms');
