import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, highLimits, signIn, signUp, unique, waitForOutbox, sessionToken } from './auth-helpers';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The reset link's token and email, read from the mail in the development outbox. */
function linkFrom(body: string) {
  const match = body.match(/https?:\/\/\S+\/reset-password\?\S+/);
  if (!match) throw new Error(`no reset link in: ${body}`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
}

describe(`accounts API: forgot and reset password (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...highLimits, PUBLIC_SITE_URL: 'https://casino.example' });
  });
  afterAll(() => t.close());

  const forgot = (email: string, languageCode = 'ja') => t.api({ method: 'POST', url: '/forgot-password', payload: { email, languageCode, siteRef: 'WEB' } });
  const reset = (payload: object) => t.api({ method: 'POST', url: '/reset-password', payload });

  it('answers a known and an unknown email identically and in about the same time', async () => {
    const player = await signUp(t);
    const known = await forgot(player.email);
    const unknownRes = await forgot(`nobody${unique()}@example.test`);
    expect(known.statusCode).toBe(200);
    expect(unknownRes.statusCode).toBe(200);
    expect(known.body).toBe(unknownRes.body);
    expect(known.json()).toEqual({ ok: true });
    const strip = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => !['date', 'x-request-id'].includes(k))
        .sort();
    expect(strip(known.headers)).toEqual(strip(unknownRes.headers));

    const time = async (email: string) => {
      const start = performance.now();
      await forgot(email);
      return performance.now() - start;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      knownTimes.push(await time(player.email));
      unknownTimes.push(await time(`nobody${unique()}@example.test`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
    // The token and the mail are made after the reply, so neither path does measurable work first.
    expect(Math.abs(median(knownTimes) - median(unknownTimes))).toBeLessThan(150);
    await waitForOutbox(t, player.email);
  });

  it('mails a Japanese reset link under /reset-password and an English one under /en/reset-password', async () => {
    const player = await signUp(t);
    await forgot(player.email, 'ja');
    const [ja] = await waitForOutbox(t, player.email);
    expect(ja!.subject).toBe('【コインカジノ】パスワード再設定のご案内');
    expect(ja!.body).toContain(`${player.displayName} 様`);
    expect(ja!.body).toContain('30分間有効');
    const jaLink = linkFrom(ja!.body);
    expect(jaLink.url.origin + jaLink.url.pathname).toBe('https://casino.example/reset-password');
    expect(jaLink.email).toBe(player.email);

    const other = await signUp(t, { languageCode: 'en' });
    await forgot(other.email, 'en');
    const [en] = await waitForOutbox(t, other.email);
    expect(en!.subject).toBe('Reset your Coin Casino password');
    expect(en!.body).toContain(`Hello ${other.displayName},`);
    expect(en!.body).toContain('for 30 minutes');
    expect(linkFrom(en!.body).url.pathname).toBe('/en/reset-password');
    // The token is stored only as its hash.
    const stored = await t.testDb.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(linkFrom(en!.body).token);
  });

  it('sends nothing for an unknown email', async () => {
    const email = `ghost${unique()}@example.test`;
    await forgot(email);
    expect(await waitForOutbox(t, email, 300)).toEqual([]);
  });

  it('resets the password once, ends every session, and the old password stops working', async () => {
    const player = await signUp(t);
    const session = sessionToken(await signIn(t, player.email, player.password));
    await forgot(player.email);
    const { token, email } = linkFrom((await waitForOutbox(t, player.email))[0]!.body);
    const mismatch = await reset({ email, token, password: 'Fresh-pass-1', confirmPassword: 'Other-pass-1' });
    expect(mismatch.json().issues).toContainEqual({ path: 'confirmPassword', message: 'validation.passwordsMismatch' });
    expect((await reset({ email, token, password: 'qwerty123' })).json().code).toBe('COMMON_PASSWORD');
    expect((await reset({ email, token, password: 'short' })).json().code).toBe('REQUEST_VALIDATION_ERROR');

    const ok = await reset({ email, token, password: 'Fresh-pass-1', confirmPassword: 'Fresh-pass-1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
    expect((await t.api({ method: 'GET', url: '/account', headers: bearer(session) })).statusCode).toBe(401);
    expect((await signIn(t, player.email, player.password)).json().code).toBe('INVALID_USER_OR_EMAIL');
    expect((await signIn(t, player.email, 'Fresh-pass-1')).statusCode).toBe(200);

    const reused = await reset({ email, token, password: 'Another-pass-2' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_RESET_TOKEN');
  });

  it('refuses an expired token, a token for another email, a made-up token, and earlier links after a reset', async () => {
    const player = await signUp(t);
    const other = await signUp(t);
    await forgot(player.email);
    const first = linkFrom((await waitForOutbox(t, player.email))[0]!.body);
    expect((await reset({ email: other.email, token: first.token, password: 'Fresh-pass-1' })).json().code).toBe('INVALID_RESET_TOKEN');
    expect((await reset({ email: player.email, token: 'made-up-token', password: 'Fresh-pass-1' })).json().code).toBe('INVALID_RESET_TOKEN');

    // 30 minutes later the link no longer works.
    await t.testDb.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await reset({ email: player.email, token: first.token, password: 'Fresh-pass-1' })).json().code).toBe('INVALID_RESET_TOKEN');

    await forgot(player.email);
    await forgot(player.email);
    let mails = await waitForOutbox(t, player.email);
    for (let i = 0; i < 40 && mails.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
      mails = await waitForOutbox(t, player.email);
    }
    const [newest, older] = mails.map((m) => linkFrom(m.body));
    expect((await reset({ email: player.email, token: newest!.token, password: 'Fresh-pass-1' })).statusCode).toBe(200);
    expect((await reset({ email: player.email, token: older!.token, password: 'Fresh-pass-2' })).json().code).toBe('INVALID_RESET_TOKEN');
    // The reset's token lives 30 minutes (stored expiry).
    const row = await t.testDb.db.selectFrom('password_resets').select(['created_at', 'expires_at']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThan(29 * 60_000);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(30 * 60_000 + 1000);
  });

  it('lifts a lockout when the password is reset', async () => {
    const player = await signUp(t);
    await t.testDb.db
      .updateTable('accounts')
      .set({ failed_logins: 5, locked_until: new Date(Date.now() + 60_000) })
      .where('email', '=', player.email)
      .execute();
    expect((await signIn(t, player.email, player.password)).json().code).toBe('USER_LOCKED_OUT');
    await forgot(player.email);
    const { token } = linkFrom((await waitForOutbox(t, player.email))[0]!.body);
    expect((await reset({ email: player.email, token, password: 'Fresh-pass-1' })).statusCode).toBe(200);
    expect((await signIn(t, player.email, 'Fresh-pass-1')).statusCode).toBe(200);
  });
});
