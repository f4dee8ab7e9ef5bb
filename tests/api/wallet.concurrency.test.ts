import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/db';
import { checkConservation, getBalance, postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer } from '../support/players';

/**
 * Real concurrency needs real connections: these run only against PostgreSQL (TEST_DATABASE_URL),
 * through two connection pools of 20 on the same database, as two API instances would.
 */
describe.skipIf(!onPostgres)('wallet under concurrency (PostgreSQL only)', () => {
  let t: TestApp;
  let secondInstance: Db;
  let instances: Db[];
  beforeAll(async () => {
    t = await createTestApp({ DAILY_BONUS: '1000' });
    secondInstance = createDb({ databaseUrl: t.testDb.url });
    instances = [t.testDb.db, secondInstance];
  });
  afterAll(async () => {
    await secondInstance.destroy();
    await t.close();
  });

  it('credits exactly one of 200 concurrent daily-bonus claims for one player', async () => {
    const p = await createTestPlayer(t.testDb.db);
    const responses = await Promise.all(Array.from({ length: 200 }, () => t.api({ method: 'POST', url: '/claimDailyBonus', headers: p.headers })));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(199);
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().code))).toEqual(new Set(['BONUS_CANNOT_BE_CLAIMED']));
    expect(await getBalance(t.testDb.db, p.id)).toBe(1000);
    const claims = await t.testDb.db.selectFrom('wallet_journal').select('id').where('account_id', '=', p.id).where('type', '=', 'DAILY_BONUS').execute();
    expect(claims).toHaveLength(1);
  });

  it('keeps 20 wallets conserved and never negative under 500 concurrent mixed credits and debits', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => createTestPlayer(t.testDb.db)));
    for (const p of players)
      await postMovement(t.testDb.db, { accountId: p.id, type: 'ADJUSTMENT', amount: 1000, idempotencyKey: `seed:${p.id}`, reason: 'test seed' });

    // A fixed pseudo-random sequence: debits outweigh credits so some must be refused.
    let seed = 42;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const ops = Array.from({ length: 500 }, (_, i) => {
      const p = players[Math.floor(rand() * players.length)];
      const debit = rand() < 0.6;
      const amount = 1 + Math.floor(rand() * 400);
      return { i, accountId: p.id, type: debit ? ('BET' as const) : ('WIN' as const), amount: debit ? -amount : amount, idempotencyKey: `mix:${i}:${p.id}` };
    });
    const outcomes = await Promise.allSettled(ops.map((op) => postMovement(instances[op.i % 2], op)));

    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const o of refused) expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(500);

    const report = await checkConservation(t.testDb.db);
    expect(report.problems).toEqual([]);
    for (const p of players) {
      const expected = 1000 + ops.filter((op, i) => op.accountId === p.id && outcomes[i].status === 'fulfilled').reduce((s, op) => s + op.amount, 0);
      const balance = await getBalance(t.testDb.db, p.id);
      expect(balance).toBe(expected);
      expect(balance).toBeGreaterThanOrEqual(0);
    }
  });

  it('never moves coins twice for a key repeated concurrently, even across instances and wallets', async () => {
    const [a, b] = [await createTestPlayer(t.testDb.db), await createTestPlayer(t.testDb.db)];
    const key = `same-key:${a.id}`;
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postMovement(instances[i % 2], { accountId: i % 3 === 0 ? b.id : a.id, type: 'WIN', amount: 250, idempotencyKey: key }),
      ),
    );
    const ids = new Set(results.map((r) => r.transactionId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.newBalance))).toEqual(new Set([250]));
    expect((await getBalance(t.testDb.db, a.id)) + (await getBalance(t.testDb.db, b.id))).toBe(250);
    expect((await checkConservation(t.testDb.db)).problems).toEqual([]);
  });
});
