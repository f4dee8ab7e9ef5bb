import { randomInt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { metricsRegistry } from '../../server/metrics';
import { createTestApp, type TestApp } from '../support/app';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const realRedis = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const fallbacks = async () => (await metricsRegistry.getSingleMetric('casino_rate_limit_store_fallbacks_total')!.get()).values.reduce((s, v) => s + v.value, 0);

/** Four wrong sign-ins from one address (its own, so no other test's counters interfere); the limit is 3. */
async function signInFourTimes(t: TestApp) {
  const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const codes: string[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await t.api({
      method: 'POST',
      url: '/signin',
      payload: { email: 'nobody@example.test', password: 'wrong-password-1', siteRef: 'WEB' },
      remoteAddress,
    });
    codes.push(res.json().code);
  }
  return codes;
}

const limits = { SIGNIN_RATE_LIMIT: '3', LOCKOUT_THRESHOLD: '100' };

describe(`rate limits when Redis fails (${db})`, () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('with Redis at a dead port: limits still hold, per process; each such decision is counted and the outage logged', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ ...limits, REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'warn' }, { logStream: { write: (l) => void lines.push(l) } });
    apps.push(t);
    const before = await fallbacks();
    const codes = await signInFourTimes(t);
    expect(codes.slice(0, 3).filter((c) => c === 'TOO_MANY_REQUESTS')).toEqual([]);
    expect(codes[3]).toBe('TOO_MANY_REQUESTS');
    expect((await fallbacks()) - before).toBe(4);
    expect(lines.some((l) => l.includes('rate limits: Redis failed, counting per process'))).toBe(true);
  }, 60_000);

  it('with the real Redis: limits hold through Redis, with no fallback', async () => {
    const t = await createTestApp({ ...limits, REDIS_URL: realRedis });
    apps.push(t);
    // The client connects on its own; give it a moment so no decision is taken before it is ready.
    for (let i = 0; i < 50; i++) {
      const before = await fallbacks();
      await t.api({
        method: 'POST',
        url: '/signin',
        payload: { email: 'nobody@example.test', password: 'wrong-password-1', siteRef: 'WEB' },
        remoteAddress: '10.255.255.254',
      });
      if ((await fallbacks()) === before) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const before = await fallbacks();
    const codes = await signInFourTimes(t);
    expect(codes[2]).not.toBe('TOO_MANY_REQUESTS');
    expect(codes[3]).toBe('TOO_MANY_REQUESTS');
    expect((await fallbacks()) - before).toBe(0);
  }, 60_000);
});
