import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { highLimits } from './auth-helpers';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** Step 1 of sign-up checks the password with the server's own rules before the captcha (docs/decisions/0009-screens-that-fit.md). */
describe(`POST /password-check (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...highLimits });
  });
  afterAll(() => t.close());

  const check = (payload: Record<string, unknown>) => t.api({ method: 'POST', url: '/password-check', payload });

  it('accepts a long uncommon password', async () => {
    const res = await check({ password: 'Tangerine-Kite-4821' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acceptable: true });
  });

  it('refuses a password on the common list, case-insensitively, with COMMON_PASSWORD', async () => {
    for (const password of ['password1', 'PassWord1', 'qwerty123']) {
      const res = await check({ password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().code).toBe('COMMON_PASSWORD');
    }
  });

  it('refuses a too short, missing or extra-field body with REQUEST_VALIDATION_ERROR', async () => {
    for (const payload of [{ password: 'short' }, {}, { password: 'Tangerine-Kite-4821', extra: 1 }, { password: 12345678 }]) {
      const res = await check(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
    }
  });

  it('creates nothing: no account exists afterwards', async () => {
    await check({ password: 'Tangerine-Kite-4821' });
    const count = await t.testDb.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
