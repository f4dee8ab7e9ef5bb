import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { highLimits, signupBody } from './auth-helpers';
import { isCi } from '../../scripts/pg-reachable';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`accounts API in production (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...highLimits, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms' });
  });
  afterAll(() => t.close());

  it('serves captcha challenges but not their answers, and no dev outbox', async () => {
    const challenge = await t.api({ method: 'POST', url: '/captcha/challenge' });
    expect(challenge.statusCode).toBe(200);
    const answer = await t.api({ method: 'GET', url: `/dev/captcha/${challenge.json().challengeId}` });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ code: 'NOT_FOUND' });
    expect((await t.api({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });

  it('still refuses a sign-up without a solved captcha', async () => {
    const res = await t.api({ method: 'POST', url: '/signup', payload: { ...signupBody(), captchaData: { challengeId: 'guess', answer: 100 } } });
    expect(res.json().code).toBe('INVALID_CAPTCHA');
  });
});

/** Redis at TEST_REDIS_URL (default the local one); the test is skipped when none answers. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
const redisUp = await redisAnswers(redisUrl);

// Under CI (.ci/run sets CI=true) Redis must answer: a CI that skipped this would never have tested it.
it.runIf(!redisUp && isCi(process.env))(`Redis answers at ${redisUrl} (required under CI)`, () => {
  expect(redisUp, `no Redis at ${redisUrl}: under CI the shared rate-limit test must run`).toBe(true);
});

describe.skipIf(!redisUp)(`sign-in rate limit shared by two API instances through Redis (needs Redis at TEST_REDIS_URL) (${db})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, SIGNIN_RATE_LIMIT: '3', RATE_LIMIT_WINDOW_MS: '60000' };
    a = await createTestApp(env);
    b = await createTestApp(env);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts the requests of one IP on both instances together', async () => {
    // A fresh documentation-range address per run, so earlier runs' counters do not interfere.
    const ip = `198.51.100.${randomInt(1, 255)}`;
    const call = (t: TestApp) =>
      t.api({ method: 'POST', url: '/signin', payload: { email: 'nobody@example.test', password: 'whatever', siteRef: 'WEB' }, remoteAddress: ip });
    const redis = new Redis(redisUrl);
    await redis.del(...(await redis.keys(`cc-rate-limit-*${ip}`)), 'cc-none');
    await redis.quit();
    expect((await call(a)).statusCode).toBe(400);
    expect((await call(b)).statusCode).toBe(400);
    expect((await call(a)).statusCode).toBe(400);
    const limited = await call(b);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await call(a)).statusCode).toBe(429);
  });
});
