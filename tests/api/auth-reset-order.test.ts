import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { highLimits, signUp, waitForOutbox } from './auth-helpers';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** Counts the (deliberately slow) password hashes the server computes. */
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../server/modules/auth/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/modules/auth/passwords')>();
  return {
    ...actual,
    hashPassword: async (password: string) => {
      hashes.count++;
      return actual.hashPassword(password);
    },
  };
});

describe(`/reset-password checks the token before hashing the new password (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...highLimits });
  });
  afterAll(() => t.close());

  it('computes no hash for a wrong, used or foreign token, and one for a valid token', async () => {
    const player = await signUp(t);
    const other = await signUp(t);
    const before = hashes.count;
    const wrong = await t.api({
      method: 'POST',
      url: '/reset-password',
      payload: { email: player.email, token: 'guessed-token', password: 'Brand-new-pass-1' },
    });
    expect(wrong.json().code).toBe('INVALID_RESET_TOKEN');
    expect(hashes.count).toBe(before);

    await t.api({ method: 'POST', url: '/forgot-password', payload: { email: player.email, languageCode: 'en', siteRef: 'WEB' } });
    const [mail] = await waitForOutbox(t, player.email);
    const token = new URL(mail.body.match(/https?:\/\/\S+\/reset-password\?\S+/)![0]).searchParams.get('token')!;
    const foreign = await t.api({ method: 'POST', url: '/reset-password', payload: { email: other.email, token, password: 'Brand-new-pass-1' } });
    expect(foreign.json().code).toBe('INVALID_RESET_TOKEN');
    expect(hashes.count).toBe(before);

    const ok = await t.api({ method: 'POST', url: '/reset-password', payload: { email: player.email, token, password: 'Brand-new-pass-1' } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(hashes.count).toBe(before + 1);
    const again = await t.api({ method: 'POST', url: '/reset-password', payload: { email: player.email, token, password: 'Brand-new-pass-2' } });
    expect(again.json().code).toBe('INVALID_RESET_TOKEN');
    expect(hashes.count).toBe(before + 1);
  });
});
