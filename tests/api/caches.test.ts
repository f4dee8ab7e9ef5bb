import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { clock } from '../../server/clock';
import { createDb } from '../../server/db';
import { isSessionCached } from '../../server/plugins/session';
import { postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';

/**
 * What each server keeps of the signed-in session and the balance (docs/decisions/0013): a session
 * change reaches every server by its notice, whoever makes it; a balance is answered afresh after a
 * movement on the same server and within BALANCE_CACHE_MS (1 s) after one made elsewhere.
 */
describe(`session and balance caches (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  const T0 = new Date('2030-05-01T10:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => clock.reset());

  const balance = (p: TestPlayer, server: FastifyInstance = t.app) =>
    server.inject({ method: 'GET', url: `${t.config.API_BASE}/balance`, headers: { channel: 'WEB', ...p.headers } });
  const db = () => t.testDb.db;

  /** A second server on the same PostgreSQL database, with its own caches and listening connection. */
  async function withSecondServer(run: (second: FastifyInstance, secondDb: ReturnType<typeof createDb>) => Promise<void>) {
    const secondDb = createDb({ databaseUrl: t.testDb.url });
    const second = await buildApp({ config: t.config, db: secondDb });
    try {
      await second.ready();
      await run(second, secondDb);
    } finally {
      await second.close();
      await secondDb.destroy();
    }
  }

  it('a session read once is kept, and sign-out drops it on this server before it answers', async () => {
    const p = await createTestPlayer(db());
    expect((await balance(p)).statusCode).toBe(200);
    expect(isSessionCached(db(), p.token)).toBe(true);
    const out = await t.app.inject({
      method: 'POST',
      url: `${t.config.API_BASE}/logout`,
      headers: { channel: 'WEB', origin: new URL(t.config.PUBLIC_SITE_URL).origin, ...p.headers },
    });
    expect(out.statusCode).toBe(200);
    expect(isSessionCached(db(), p.token)).toBe(false);
    expect((await balance(p)).statusCode).toBe(401);
  });

  it("an operator's SQL that revokes a session or deletes an account reaches the server by its notice", async () => {
    const p = await createTestPlayer(db());
    const q = await createTestPlayer(db());
    expect((await balance(p)).statusCode).toBe(200);
    expect((await balance(q)).statusCode).toBe(200);
    await sql`update sessions set revoked_at = now() where account_id = ${p.id}`.execute(db());
    await sql`update accounts set deleted_at = now() where id = ${q.id}`.execute(db());
    await vi.waitFor(() => expect([isSessionCached(db(), p.token), isSessionCached(db(), q.token)]).toEqual([false, false]), { timeout: 5_000, interval: 20 });
    expect((await balance(p)).statusCode).toBe(401);
    expect((await balance(q)).statusCode).toBe(401);
  });

  it('a change that does not concern a session sends no notice: the session stays kept', async () => {
    const p = await createTestPlayer(db());
    expect((await balance(p)).statusCode).toBe(200);
    await sql`update accounts set failed_logins = failed_logins + 1 where id = ${p.id}`.execute(db());
    // A notice would arrive within this wait (the revocation above arrived within milliseconds).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isSessionCached(db(), p.token)).toBe(true);
  });

  it('a kept session is not used past its expiry', async () => {
    clock.setAt(T0);
    const p = await createTestPlayer(db());
    expect((await balance(p)).statusCode).toBe(200);
    expect(isSessionCached(db(), p.token)).toBe(true);
    clock.setAt(new Date(T0.getTime() + 30 * 24 * 60 * 60 * 1000));
    expect((await balance(p)).statusCode).toBe(401);
  });

  it('GET /balance answers a movement made on this server at once, and one made elsewhere within 1 s', async () => {
    clock.setAt(T0);
    const p = await createTestPlayer(db());
    await postMovement(db(), { accountId: p.id, type: 'ADJUSTMENT', amount: 1_000, idempotencyKey: `cache-test:${p.id}:1`, reason: 'test' });
    expect((await balance(p)).json().balance).toBe(1_000);
    const claimed = await t.app.inject({
      method: 'POST',
      url: `${t.config.API_BASE}/claimDailyBonus`,
      headers: { channel: 'WEB', origin: new URL(t.config.PUBLIC_SITE_URL).origin, ...p.headers },
    });
    expect(claimed.statusCode).toBe(200);
    const afterClaim = (await balance(p)).json();
    expect(afterClaim.balance).toBe(1_000 + t.config.DAILY_BONUS);
    expect(afterClaim.canClaimBonus).toBe(false);
    if (!onPostgres) return;
    // Another server (or an admin command) moves coins: its own cache is not this server's.
    const elsewhere = createDb({ databaseUrl: t.testDb.url });
    try {
      await postMovement(elsewhere, { accountId: p.id, type: 'ADJUSTMENT', amount: 500, idempotencyKey: `cache-test:${p.id}:2`, reason: 'test' }, T0);
    } finally {
      await elsewhere.destroy();
    }
    clock.setAt(new Date(T0.getTime() + 1_000));
    expect((await balance(p)).json().balance).toBe(1_500 + t.config.DAILY_BONUS);
  });

  it.skipIf(!onPostgres)('sign-out on one server: another that kept the session refuses it as soon as the notice arrives (two servers)', async () => {
    const p = await createTestPlayer(db());
    await withSecondServer(async (second, secondDb) => {
      expect((await balance(p, second)).statusCode).toBe(200);
      expect(isSessionCached(secondDb, p.token)).toBe(true);
      // The clock stands still: no time-to-live can end the entry, only the notice.
      clock.setAt(new Date());
      const out = await t.app.inject({
        method: 'POST',
        url: `${t.config.API_BASE}/logout`,
        headers: { channel: 'WEB', origin: new URL(t.config.PUBLIC_SITE_URL).origin, ...p.headers },
      });
      expect(out.statusCode).toBe(200);
      await vi.waitFor(() => expect(isSessionCached(secondDb, p.token)).toBe(false), { timeout: 5_000, interval: 20 });
      expect((await balance(p, second)).statusCode).toBe(401);
    });
  });

  it.skipIf(!onPostgres)('while its listening connection is down a server keeps no session; it keeps them again once it listens', async () => {
    const p = await createTestPlayer(db());
    await withSecondServer(async (second, secondDb) => {
      expect((await balance(p, second)).statusCode).toBe(200);
      expect(isSessionCached(secondDb, p.token)).toBe(true);
      // Both servers listen on this database: end every listening connection.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(db());
      await vi.waitFor(() => expect(isSessionCached(secondDb, p.token)).toBe(false), { timeout: 5_000, interval: 20 });
      expect((await balance(p, second)).statusCode).toBe(200);
      expect(isSessionCached(secondDb, p.token)).toBe(false);
      // It reconnects within RECONNECT_MS (2 s) and keeps sessions again.
      await vi.waitFor(
        async () => {
          expect((await balance(p, second)).statusCode).toBe(200);
          expect(isSessionCached(secondDb, p.token)).toBe(true);
        },
        { timeout: 10_000, interval: 200 },
      );
    });
  });
});
