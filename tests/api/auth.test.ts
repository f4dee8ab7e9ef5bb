import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, cookiesFrom, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';
import { bearer, highLimits, signIn, signUp, signupBody, solveCaptcha, unique, sessionToken } from './auth-helpers';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`accounts API: sign-up, sign-in, sessions, change password, delete (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...highLimits,
      CHANNELS: JSON.stringify({
        WEB: { maintenence: false, captcha: true },
        APP: { maintenence: false, captcha: false, bearer: true },
        DOWN: { maintenence: true, captcha: false },
      }),
    });
  });
  afterAll(() => t.close());

  const signup = async (overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.api({ method: 'POST', url: '/signup', payload: { ...signupBody(overrides), captchaData: await solveCaptcha(t) }, headers });

  describe('sign-up validation (spec section 5)', () => {
    it.each([
      ['3 characters', 'abc'],
      ['14 characters', 'abcdefghij1234'],
      ['kanji', '山田太郎'],
      ['hiragana and katakana', 'やまだタロウ'],
      ['a long vowel mark', 'ゲーマー'],
      ['upper and lower case letters and digits', 'Player007'],
    ])('accepts a username of %s', async (_name, displayName) => {
      const res = await signup({ displayName: displayName === 'abc' ? `a${unique().slice(0, 2)}` : displayName });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().displayName).toBeTruthy();
    });

    it.each([
      ['2 characters', 'ab', 'validation.usernameLength'],
      ['15 characters', 'abcdefghij12345', 'validation.usernameLength'],
      ['a symbol', 'abc_def', 'validation.usernameChars'],
      ['a space', 'abc def', 'validation.usernameChars'],
      ['an emoji', 'abc😀def', 'validation.usernameChars'],
      ['punctuation', 'abc!', 'validation.usernameChars'],
      ['an empty value', '', 'validation.usernameRequired'],
    ])('refuses a username of %s with REQUEST_VALIDATION_ERROR', async (_name, displayName, message) => {
      const res = await signup({ displayName });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
      expect(res.json().issues).toContainEqual({ path: 'displayName', message });
    });

    it('counts characters, not bytes: 14 kanji pass, 15 do not', async () => {
      expect((await signup({ displayName: '漢'.repeat(14) })).statusCode).toBe(200);
      expect((await signup({ displayName: '漢'.repeat(15) })).statusCode).toBe(400);
    });

    it.each([
      ['no @', 'not-an-email', 'validation.emailInvalid'],
      ['no domain', 'someone@', 'validation.emailInvalid'],
      ['empty', '', 'validation.emailRequired'],
    ])('refuses an email with %s', async (_name, email, message) => {
      const res = await signup({ email });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual({ path: 'email', message });
    });

    it('refuses a 5-character password and accepts a 6-character one', async () => {
      const short = await signup({ password: 'Xy9#a' });
      expect(short.statusCode).toBe(400);
      expect(short.json().issues).toContainEqual({ path: 'password', message: 'validation.passwordLength' });
      expect((await signup({ password: 'Xy9#ab' })).statusCode).toBe(200);
    });

    it.each(['password', '123456', 'qwerty123', 'Sakura2020', 'iloveyou'])('refuses the common password %s with COMMON_PASSWORD', async (password) => {
      const res = await signup({ password });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('COMMON_PASSWORD');
    });

    it('refuses a sign-up without the 18+ and terms consent', async () => {
      for (const isAgeOver18 of [false, undefined]) {
        const res = await signup({ isAgeOver18 });
        expect(res.statusCode).toBe(400);
        expect(res.json().issues).toContainEqual({ path: 'isAgeOver18', message: 'validation.termsRequired' });
      }
    });

    it('refuses unknown fields and unknown languages', async () => {
      expect((await signup({ isAdmin: true })).json().code).toBe('REQUEST_VALIDATION_ERROR');
      expect((await signup({ languageCode: 'fr' })).json().code).toBe('REQUEST_VALIDATION_ERROR');
    });
  });

  describe('uniqueness', () => {
    it('IsEmailUsernameUnique answers unique for free values, and the taken one otherwise (case-insensitive)', async () => {
      const player = await signUp(t);
      const check = (email: string, displayName: string) =>
        t.api({ method: 'POST', url: '/IsEmailUsernameUnique', payload: { email, displayName, siteRef: 'WEB' } });
      const free = await check(`free${unique()}@example.test`, `free${unique()}`);
      expect(free.statusCode).toBe(200);
      expect(free.json()).toEqual({ unique: true });
      const email = await check(player.email.toUpperCase(), `free${unique()}`);
      expect(email.statusCode).toBe(409);
      expect(email.json().code).toBe('EMAIL_ALREADY_EXISTS');
      const name = await check(`free${unique()}@example.test`, player.displayName.toUpperCase());
      expect(name.statusCode).toBe(409);
      expect(name.json().code).toBe('DISPLAYNAME_ALREADY_EXISTS');
      const invalid = await check('nope', 'ab');
      expect(invalid.json().code).toBe('REQUEST_VALIDATION_ERROR');
    });

    it('sign-up refuses a taken email or display name', async () => {
      const player = await signUp(t);
      const sameEmail = await signup({ email: player.email });
      expect(sameEmail.statusCode).toBe(409);
      expect(sameEmail.json().code).toBe('EMAIL_ALREADY_EXISTS');
      const sameName = await signup({ displayName: player.displayName });
      expect(sameName.json().code).toBe('DISPLAYNAME_ALREADY_EXISTS');
    });

    it('lets only one of two simultaneous sign-ups with the same email or name through', async () => {
      const first = signupBody();
      const sameEmail = signupBody({ email: first.email });
      const [a, b] = await Promise.all([signup(first), signup(sameEmail)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.statusCode === 409)!.json().code).toBe('EMAIL_ALREADY_EXISTS');
      const second = signupBody();
      const [c, d] = await Promise.all([signup(second), signup({ displayName: second.displayName })]);
      expect([c.statusCode, d.statusCode].sort()).toEqual([200, 409]);
      expect([c, d].find((r) => r.statusCode === 409)!.json().code).toBe('DISPLAYNAME_ALREADY_EXISTS');
    });

    it('stores the password as an argon2id hash (19 MiB, t=2, p=1), never in clear', async () => {
      const player = await signUp(t);
      const row = await t.testDb.db
        .selectFrom('accounts')
        .select(['password_hash', 'language', 'site_ref'])
        .where('email', '=', player.email)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password_hash).not.toContain(player.password);
      expect(row.language).toBe('ja');
    });
  });

  describe('captcha', () => {
    it('gives a slider puzzle: two PNG pictures, the piece size and row, 2 minutes to solve', async () => {
      const res = await t.api({ method: 'POST', url: '/captcha/challenge' });
      expect(res.statusCode).toBe(200);
      const c = res.json();
      expect(c.background).toMatch(/^data:image\/png;base64,/);
      expect(c.piece).toMatch(/^data:image\/png;base64,/);
      const png = Buffer.from(c.background.split(',')[1], 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(c.width);
      expect(png.readUInt32BE(20)).toBe(c.height);
      expect(c.pieceY + c.pieceSize).toBeLessThanOrEqual(c.height);
      const ttl = new Date(c.expiresAt).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(110_000);
      expect(ttl).toBeLessThanOrEqual(120_000);
      expect(JSON.stringify(c)).not.toMatch(/answer/i);
    });

    it('accepts an answer a few pixels off, refuses one too far', async () => {
      expect((await t.api({ method: 'POST', url: '/signup', payload: { ...signupBody(), captchaData: await solveCaptcha(t, 4) } })).statusCode).toBe(200);
      expect((await t.api({ method: 'POST', url: '/signup', payload: { ...signupBody(), captchaData: await solveCaptcha(t, -3) } })).statusCode).toBe(200);
      const wrong = await t.api({ method: 'POST', url: '/signup', payload: { ...signupBody(), captchaData: await solveCaptcha(t, 12) } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('INVALID_CAPTCHA');
    });

    it('uses a challenge up after one attempt, right or wrong', async () => {
      const solved = await solveCaptcha(t);
      expect((await t.api({ method: 'POST', url: '/signup', payload: { ...signupBody(), captchaData: solved } })).statusCode).toBe(200);
      const reused = await t.api({ method: 'POST', url: '/signup', payload: { ...signupBody(), captchaData: solved } });
      expect(reused.json().code).toBe('INVALID_CAPTCHA');
      const wrongFirst = await solveCaptcha(t, 40);
      await t.api({ method: 'POST', url: '/signup', payload: { ...signupBody(), captchaData: wrongFirst } });
      const thenRight = await t.api({
        method: 'POST',
        url: '/signup',
        payload: { ...signupBody(), captchaData: { ...wrongFirst, answer: wrongFirst.answer - 40 } },
      });
      expect(thenRight.json().code).toBe('INVALID_CAPTCHA');
    });

    it('refuses an expired challenge', async () => {
      const solved = await solveCaptcha(t);
      await t.testDb.db
        .updateTable('captcha_challenges')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', solved.challengeId)
        .execute();
      const res = await t.api({ method: 'POST', url: '/signup', payload: { ...signupBody(), captchaData: solved } });
      expect(res.json().code).toBe('INVALID_CAPTCHA');
    });

    it('refuses an unknown challenge and a missing captcha when the channel requires one', async () => {
      const unknown = await t.api({ method: 'POST', url: '/signup', payload: { ...signupBody(), captchaData: { challengeId: 'nope', answer: 10 } } });
      expect(unknown.json().code).toBe('INVALID_CAPTCHA');
      const missing = await t.api({ method: 'POST', url: '/signup', payload: signupBody() });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe('INVALID_CAPTCHA');
      expect(await t.testDb.db.selectFrom('accounts').select('id').where('email', '=', signupBody().email).execute()).toEqual([]);
    });

    it('does not ask for a captcha on a channel whose captcha flag is off', async () => {
      const res = await t.api({ method: 'POST', url: '/signup', payload: signupBody(), headers: { channel: 'APP' } });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('answers NOT_FOUND for the answer of an unknown challenge on the dev endpoint', async () => {
      const res = await t.api({ method: 'GET', url: '/dev/captcha/unknown' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    });
  });

  describe('maintenance', () => {
    it('blocks sign-up and sign-in on a channel under maintenance with MAINTENANCE', async () => {
      const player = await signUp(t);
      const up = await t.api({ method: 'POST', url: '/signup', payload: signupBody(), headers: { channel: 'DOWN' } });
      expect(up.statusCode).toBe(503);
      expect(up.json().code).toBe('MAINTENANCE');
      const inn = await signIn(t, player.email, player.password, { channel: 'DOWN' });
      expect(inn.statusCode).toBe(503);
      expect(inn.json().code).toBe('MAINTENANCE');
    });
  });

  describe('sign-in and sessions', () => {
    it('signs in on the web: display name but no authToken in the body, HttpOnly SameSite=Lax session cookie and readable session_info', async () => {
      const player = await signUp(t);
      const res = await signIn(t, player.email.toUpperCase(), player.password);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ displayName: player.displayName });
      const authToken = sessionToken(res);
      expect(Buffer.from(authToken, 'base64url').length).toBeGreaterThanOrEqual(16);
      const session = res.cookies.find((c) => c.name === 'session')!;
      expect(session.httpOnly).toBe(true);
      expect(session.sameSite).toBe('Lax');
      const info = res.cookies.find((c) => c.name === 'session_info')!;
      expect(info.httpOnly).toBeFalsy();
      expect(JSON.parse(decodeURIComponent(info.value))).toEqual({ displayName: player.displayName });
      const stored = await t.testDb.db.selectFrom('sessions').select('token_hash').execute();
      expect(stored.map((s) => s.token_hash)).not.toContain(authToken);
    });

    it('hands the token in the body (authToken) only to a channel configured with bearer: true, and it works as a Bearer token', async () => {
      const player = await signUp(t);
      const res = await signIn(t, player.email, player.password, { channel: 'APP' });
      expect(res.statusCode).toBe(200);
      const { authToken, displayName } = res.json();
      expect(displayName).toBe(player.displayName);
      expect(authToken).toBe(sessionToken(res));
      const account = await t.api({ method: 'GET', url: '/account', headers: { channel: 'APP', origin: '', ...bearer(authToken) } });
      expect(account.statusCode).toBe(200);
      expect(account.json().displayName).toBe(player.displayName);
    });

    it('marks the session cookies Secure when the site is reached over https (through a trusted proxy)', async () => {
      const proxied = await createTestApp({ ...highLimits, TRUST_PROXY: 'true' });
      try {
        const player = await signUp(proxied);
        const res = await signIn(proxied, player.email, player.password, { 'x-forwarded-proto': 'https' });
        expect(res.cookies.find((c) => c.name === 'session')!.secure).toBe(true);
        expect(res.cookies.find((c) => c.name === 'session_info')!.secure).toBe(true);
        const plain = await signIn(proxied, player.email, player.password);
        expect(plain.cookies.find((c) => c.name === 'session')!.secure).toBeFalsy();
      } finally {
        await proxied.close();
      }
    });

    it('does not believe a client-sent X-Forwarded-Proto without a trusted proxy', async () => {
      const player = await signUp(t);
      const res = await signIn(t, player.email, player.password, { 'x-forwarded-proto': 'https' });
      expect(res.cookies.find((c) => c.name === 'session')!.secure).toBeFalsy();
    });

    it('answers INVALID_USER_OR_EMAIL for a wrong password and for an unknown email alike', async () => {
      const player = await signUp(t);
      const wrong = await signIn(t, player.email, 'not-the-password');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('INVALID_USER_OR_EMAIL');
      const unknownEmail = await signIn(t, `nobody${unique()}@example.test`, 'whatever');
      expect(unknownEmail.json()).toEqual(wrong.json());
      expect((await signIn(t, player.email, '')).json().code).toBe('REQUEST_VALIDATION_ERROR');
    });

    it('gives the account summary by cookie and by Bearer token, UNAUTHORIZED without', async () => {
      const player = await signUp(t, { languageCode: 'en' });
      const res = await signIn(t, player.email, player.password);
      const byCookie = await t.api({ method: 'GET', url: '/account', headers: { cookie: cookiesFrom(res) } });
      expect(byCookie.statusCode).toBe(200);
      expect(byCookie.json()).toMatchObject({ displayName: player.displayName, email: player.email, languageCode: 'en', isTester: false });
      expect(byCookie.json().accountRef).toMatch(/^acc_/);
      const byBearer = await t.api({ method: 'GET', url: '/account', headers: bearer(sessionToken(res)) });
      expect(byBearer.json()).toEqual(byCookie.json());
      const anonymous = await t.api({ method: 'GET', url: '/account' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHORIZED');
    });

    it('issues a new token at every sign-in and ends the one the browser held', async () => {
      const player = await signUp(t);
      const first = await signIn(t, player.email, player.password);
      const second = await signIn(t, player.email, player.password, { cookie: cookiesFrom(first) });
      expect(sessionToken(second)).not.toBe(sessionToken(first));
      expect((await t.api({ method: 'GET', url: '/account', headers: bearer(sessionToken(first)) })).statusCode).toBe(401);
      expect((await t.api({ method: 'GET', url: '/account', headers: bearer(sessionToken(second)) })).statusCode).toBe(200);
      // A sign-in on another device leaves this one alone.
      const third = await signIn(t, player.email, player.password);
      expect(sessionToken(third)).not.toBe(sessionToken(second));
      expect((await t.api({ method: 'GET', url: '/account', headers: bearer(sessionToken(second)) })).statusCode).toBe(200);
    });

    it('logout ends the session on the server and clears both cookies', async () => {
      const player = await signUp(t);
      const res = await signIn(t, player.email, player.password);
      const other = await signIn(t, player.email, player.password);
      const out = await t.api({ method: 'POST', url: '/logout', headers: { cookie: cookiesFrom(res) } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ ok: true });
      for (const name of ['session', 'session_info']) {
        const cleared = out.cookies.find((c) => c.name === name)!;
        expect(cleared.value).toBe('');
        expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
      }
      expect((await t.api({ method: 'GET', url: '/account', headers: bearer(sessionToken(res)) })).statusCode).toBe(401);
      expect((await t.api({ method: 'GET', url: '/account', headers: bearer(sessionToken(other)) })).statusCode).toBe(200);
      // Logging out without a session is harmless.
      expect((await t.api({ method: 'POST', url: '/logout' })).statusCode).toBe(200);
    });
  });

  describe('change password', () => {
    it('changes the password (204, no body), ends every session, this one included, and hands this browser a new one', async () => {
      const player = await signUp(t);
      const here = sessionToken(await signIn(t, player.email, player.password));
      const elsewhere = sessionToken(await signIn(t, player.email, player.password));
      const res = await t.api({
        method: 'POST',
        url: '/change-password',
        headers: bearer(here),
        payload: { currentPassword: player.password, newPassword: 'Brand-new-9' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await t.api({ method: 'GET', url: '/account', headers: bearer(here) })).statusCode).toBe(401);
      expect((await t.api({ method: 'GET', url: '/account', headers: bearer(elsewhere) })).statusCode).toBe(401);
      const fresh = res.cookies.find((c) => c.name === 'session')!.value;
      expect(fresh).not.toBe(here);
      expect((await t.api({ method: 'GET', url: '/account', headers: { cookie: `session=${fresh}` } })).statusCode).toBe(200);
      expect((await signIn(t, player.email, player.password)).json().code).toBe('INVALID_USER_OR_EMAIL');
      expect((await signIn(t, player.email, 'Brand-new-9')).statusCode).toBe(200);
    });

    it('refuses a wrong current password, a common or short new one, and anonymous callers', async () => {
      const player = await signUp(t);
      const token = sessionToken(await signIn(t, player.email, player.password));
      const call = (payload: object, headers: Record<string, string> = bearer(token)) => t.api({ method: 'POST', url: '/change-password', headers, payload });
      const wrong = await call({ currentPassword: 'wrong-one', newPassword: 'Brand-new-9' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('INVALID_CURRENT_PASSWORD');
      expect((await call({ currentPassword: player.password, newPassword: 'password1' })).json().code).toBe('COMMON_PASSWORD');
      expect((await call({ currentPassword: player.password, newPassword: 'abc' })).json().code).toBe('REQUEST_VALIDATION_ERROR');
      expect((await call({ currentPassword: player.password, newPassword: 'Brand-new-9' }, {})).json().code).toBe('UNAUTHORIZED');
      expect((await signIn(t, player.email, player.password)).statusCode).toBe(200);
    });
  });

  describe('delete account', () => {
    it('erases personal data, keeps the row with deleted_at, ends every session and frees email and name', async () => {
      const player = await signUp(t);
      const here = sessionToken(await signIn(t, player.email, player.password));
      const elsewhere = sessionToken(await signIn(t, player.email, player.password));
      const before = await t.testDb.db.selectFrom('accounts').selectAll().where('email', '=', player.email).executeTakeFirstOrThrow();
      const wrong = await t.api({ method: 'POST', url: '/delete-account', headers: bearer(here), payload: { password: 'nope-nope' } });
      expect(wrong.json().code).toBe('INVALID_CURRENT_PASSWORD');
      const res = await t.api({ method: 'POST', url: '/delete-account', headers: bearer(here), payload: { password: player.password } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const after = await t.testDb.db.selectFrom('accounts').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
      expect(after).toMatchObject({ email: null, display_name: null, password_hash: null, phone_number: null, account_ref: before.account_ref });
      expect(after.deleted_at).toBeInstanceOf(Date);
      for (const token of [here, elsewhere]) expect((await t.api({ method: 'GET', url: '/account', headers: bearer(token) })).statusCode).toBe(401);
      expect((await signIn(t, player.email, player.password)).json().code).toBe('INVALID_USER_OR_EMAIL');
      // The email and the display name are free again.
      const again = await t.api({
        method: 'POST',
        url: '/signup',
        payload: { ...signupBody({ email: player.email, displayName: player.displayName }), captchaData: await solveCaptcha(t) },
      });
      expect(again.statusCode, again.body).toBe(200);
    });

    it('refuses to delete a tester account with TESTER_ACCOUNT_DELETION_FORBIDDEN', async () => {
      const player = await signUp(t);
      await t.testDb.db.updateTable('accounts').set({ is_tester: true }).where('email', '=', player.email).execute();
      const token = sessionToken(await signIn(t, player.email, player.password));
      const res = await t.api({ method: 'POST', url: '/delete-account', headers: bearer(token), payload: { password: player.password } });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('TESTER_ACCOUNT_DELETION_FORBIDDEN');
      expect((await t.api({ method: 'GET', url: '/account', headers: bearer(token) })).json().isTester).toBe(true);
    });

    it('refuses anonymous callers, and a player without a password cannot delete with a guess', async () => {
      expect((await t.api({ method: 'POST', url: '/delete-account', payload: { password: 'x' } })).json().code).toBe('UNAUTHORIZED');
      const passwordless = await createTestPlayer(t.testDb.db);
      const res = await t.api({ method: 'POST', url: '/delete-account', headers: passwordless.headers, payload: { password: 'anything' } });
      expect(res.json().code).toBe('INVALID_CURRENT_PASSWORD');
    });
  });
});
