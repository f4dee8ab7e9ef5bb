import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { highLimits, signIn, signUp, signupBody, unique } from './auth-helpers';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`accounts API: lockout after repeated failed sign-ins (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...highLimits, LOCKOUT_THRESHOLD: '3', LOCKOUT_MS: '1500' });
  });
  afterAll(() => t.close());

  it('locks the account after 3 failures in a row (USER_LOCKED_OUT, even with the right password), then lifts by itself', async () => {
    const player = await signUp(t);
    expect((await signIn(t, player.email, 'wrong-1')).json().code).toBe('INVALID_USER_OR_EMAIL');
    expect((await signIn(t, player.email, 'wrong-2')).json().code).toBe('INVALID_USER_OR_EMAIL');
    const third = await signIn(t, player.email, 'wrong-3');
    expect(third.statusCode).toBe(423);
    expect(third.json().code).toBe('USER_LOCKED_OUT');
    const right = await signIn(t, player.email, player.password);
    expect(right.statusCode).toBe(423);
    expect(right.json().code).toBe('USER_LOCKED_OUT');
    // Stored in the accounts row, so every API instance sees the same lock.
    const row = await t.testDb.db.selectFrom('accounts').select(['failed_logins', 'locked_until']).where('email', '=', player.email).executeTakeFirstOrThrow();
    expect(row.failed_logins).toBe(3);
    expect(row.locked_until!.getTime()).toBeGreaterThan(Date.now());

    await new Promise((r) => setTimeout(r, 1600));
    const after = await signIn(t, player.email, player.password);
    expect(after.statusCode).toBe(200);
    const reset = await t.testDb.db
      .selectFrom('accounts')
      .select(['failed_logins', 'locked_until'])
      .where('email', '=', player.email)
      .executeTakeFirstOrThrow();
    expect(reset).toEqual({ failed_logins: 0, locked_until: null });
  });

  it('starts counting afresh once a lock has lifted, and a success resets the count', async () => {
    const player = await signUp(t);
    for (let i = 0; i < 3; i++) await signIn(t, player.email, `wrong-${i}`);
    await new Promise((r) => setTimeout(r, 1600));
    // One failure after the lock lifted is the first of a new series, not the fourth.
    expect((await signIn(t, player.email, 'wrong-again')).json().code).toBe('INVALID_USER_OR_EMAIL');
    expect((await signIn(t, player.email, player.password)).statusCode).toBe(200);
    expect((await signIn(t, player.email, 'wrong-a')).json().code).toBe('INVALID_USER_OR_EMAIL');
    expect((await signIn(t, player.email, 'wrong-b')).json().code).toBe('INVALID_USER_OR_EMAIL');
    expect((await signIn(t, player.email, player.password)).statusCode).toBe(200);
  });

  it('does not lock another account', async () => {
    const victim = await signUp(t);
    const bystander = await signUp(t);
    for (let i = 0; i < 3; i++) await signIn(t, victim.email, `wrong-${i}`);
    expect((await signIn(t, bystander.email, bystander.password)).statusCode).toBe(200);
  });
});

describe(`accounts API: per-IP rate limits (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SIGNIN_RATE_LIMIT: '4',
      SIGNUP_RATE_LIMIT: '3',
      FORGOT_PASSWORD_RATE_LIMIT: '2',
      CAPTCHA_RATE_LIMIT: '8',
      UNIQUE_CHECK_RATE_LIMIT: '3',
      RATE_LIMIT_WINDOW_MS: '60000',
      CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: true }, APP: { maintenence: false, captcha: false } }),
    });
  });
  afterAll(() => t.close());

  it('limits sign-in per IP with TOO_MANY_REQUESTS; another IP is not affected', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (
          await t.api({
            method: 'POST',
            url: '/signin',
            payload: { email: `x${i}@example.test`, password: 'whatever', siteRef: 'WEB' },
            remoteAddress: '203.0.113.1',
          })
        ).statusCode,
      );
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    const limited = await t.api({
      method: 'POST',
      url: '/signin',
      payload: { email: 'x@example.test', password: 'whatever', siteRef: 'WEB' },
      remoteAddress: '203.0.113.1',
    });
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    const other = await t.api({
      method: 'POST',
      url: '/signin',
      payload: { email: 'x@example.test', password: 'whatever', siteRef: 'WEB' },
      remoteAddress: '203.0.113.2',
    });
    expect(other.json().code).toBe('INVALID_USER_OR_EMAIL');
  });

  it('limits sign-up per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await t.api({ method: 'POST', url: '/signup', payload: signupBody(), remoteAddress: '203.0.113.3', headers: { channel: 'APP' } })).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('limits forgot-password per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (
          await t.api({
            method: 'POST',
            url: '/forgot-password',
            payload: { email: `f${unique()}@example.test`, languageCode: 'en', siteRef: 'WEB' },
            remoteAddress: '203.0.113.4',
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 429]);
  });

  it('limits captcha challenges per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await t.api({ method: 'POST', url: '/captcha/challenge', remoteAddress: '203.0.113.5' })).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 200)).toBe(true);
    expect(codes[8]).toBe(429);
  });

  it('limits the uniqueness check per IP (it would otherwise tell which emails have accounts)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (
          await t.api({
            method: 'POST',
            url: '/IsEmailUsernameUnique',
            payload: { email: `u${unique()}@example.test`, displayName: `u${unique()}`, siteRef: 'WEB' },
            remoteAddress: '203.0.113.7',
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('ignores a client-sent X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    const signin = (forwardedFor: string) =>
      t.api({
        method: 'POST',
        url: '/signin',
        payload: { email: 'y@example.test', password: 'whatever', siteRef: 'WEB' },
        remoteAddress: '203.0.113.8',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signin(`198.51.100.${i}`)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 429]);
  });

  it('does not limit other calls', async () => {
    for (let i = 0; i < 6; i++) expect((await t.api({ method: 'GET', url: '/account', remoteAddress: '203.0.113.6' })).statusCode).toBe(401);
    for (let i = 0; i < 6; i++) expect((await t.api({ method: 'POST', url: '/logout', remoteAddress: '203.0.113.6' })).statusCode).toBe(200);
  });
});
