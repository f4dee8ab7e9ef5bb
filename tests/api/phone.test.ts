import { randomInt } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/modules/auth/passwords';
import { clock } from '../../server/clock';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const PASSWORD = 'phone-test-pw-1';

/** Eight digits that follow 90/80/70 in a Japanese mobile number (the first is never 0). */
const subscriber = () => `${randomInt(1, 10)}${String(randomInt(0, 1e7)).padStart(7, '0')}`;
/** A fresh Japanese mobile number in E.164. */
const newNumber = () => `+81${['90', '80', '70'][randomInt(3)]}${subscriber()}`;

/** Moves the phone clock: every call in a test sees `at(offsetMs)` from the test's start. */
let base = Date.now();
const at = (offsetMs: number) => clock.set(() => new Date(base + offsetMs));

describe(`phone verification API (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMS_DAILY_LIMIT_PER_NUMBER: '3', SMS_DAILY_LIMIT_PER_ACCOUNT: '4', LOCKOUT_THRESHOLD: '3' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    clock.reset();
    base = Date.now();
  });

  const player = async (opts: { language?: 'ja' | 'en'; password?: boolean } = {}) => {
    const p = await createTestPlayer(t.testDb.db, { phoneVerified: false });
    const values: { language?: string; password_hash?: string } = {};
    if (opts.language) values.language = opts.language;
    if (opts.password) values.password_hash = await hashPassword(PASSWORD);
    if (Object.keys(values).length) await t.testDb.db.updateTable('accounts').set(values).where('id', '=', p.id).execute();
    return p;
  };
  const post = (p: TestPlayer | null, url: string, payload: object) => t.api({ method: 'POST', url, payload, headers: p ? p.headers : {} });
  const status = async (p: TestPlayer) => (await t.api({ method: 'GET', url: '/IsPhoneNumberVerified', headers: p.headers })).json();
  const smsTo = async (phoneNumber: string) => {
    const res = await t.api({ method: 'GET', url: `/dev/outbox?channel=sms&to=${encodeURIComponent(phoneNumber)}` });
    return res.json().messages as Array<{ body: string; to: string }>;
  };
  const lastCode = async (phoneNumber: string) => {
    const [latest] = await smsTo(phoneNumber);
    const code = latest?.body.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error(`no code sent to ${phoneNumber}`);
    return code;
  };
  const wrongCode = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, '0');
  const requestCode = (p: TestPlayer, phoneNumber: string) => post(p, '/RequestOtpSms', { phoneNumber, messageText: 'Your code is {code}' });
  /** Asks for a code and verifies it: the player ends with `phoneNumber` verified. */
  const verify = async (p: TestPlayer, phoneNumber: string) => {
    expect((await requestCode(p, phoneNumber)).statusCode).toBe(200);
    const res = await post(p, '/VerifyOTP', { phoneNumber, token: await lastCode(phoneNumber) });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('verifies a number end to end: status, unique check, code by SMS in the server template, verify', async () => {
    const p = await player();
    expect(await status(p)).toEqual({ phoneNumber: null, isVerified: false, isRequired: true });
    const number = newNumber();
    const unique = await post(p, '/IsPhoneNumberUnique', { phoneNumber: number, siteRef: 'WEB' });
    expect(unique.json()).toEqual({ unique: true });

    const sent = await requestCode(p, number);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ phoneNumber: number, resendAfterSeconds: 30, expiresInSeconds: 600 });
    const [sms] = await smsTo(number);
    // Japanese account: the Japanese template; the caller's messageText is never sent.
    expect(sms.body).toMatch(/^【コインカジノ】認証コード：\d{6}（10分間有効）/);
    expect(sms.body).not.toContain('Your code is');
    // On file but unverified: the popup opens at the code step.
    expect(await status(p)).toEqual({ phoneNumber: number, isVerified: false, isRequired: true });

    const code = await lastCode(number);
    const stored = await t.testDb.db.selectFrom('phone_codes').select('code_hash').where('account_id', '=', p.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0].code_hash).not.toContain(code);

    const verified = await post(p, '/VerifyOTP', { phoneNumber: number, token: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ phoneNumber: number, validationCode: expect.stringMatching(/^[\w-]{16,}$/) });
    expect(await status(p)).toEqual({ phoneNumber: number, isVerified: true, isRequired: true });
  });

  it('refuses a used code (single use) and a verified account asking for another code', async () => {
    const p = await player();
    const number = newNumber();
    await requestCode(p, number);
    const code = await lastCode(number);
    expect((await post(p, '/VerifyOTP', { phoneNumber: number, token: code })).statusCode).toBe(200);
    const again = await post(p, '/VerifyOTP', { phoneNumber: number, token: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_ONE_TIME_PASSWORD');
    at(60_000);
    const more = await requestCode(p, newNumber());
    expect(more.statusCode).toBe(409);
    expect(more.json().code).toBe('PHONE_NUMBER_EXISTS');
  });

  it('normalises a number typed with spaces, hyphens or the leading zero to E.164, and texts an English account in English', async () => {
    const p = await player({ language: 'en' });
    const digits = subscriber();
    const e164 = `+8190${digits}`;
    const res = await requestCode(p, `+81 (0)90-${digits.slice(0, 4)}-${digits.slice(4)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phoneNumber).toBe(e164);
    const [sms] = await smsTo(e164);
    expect(sms.to).toBe(e164);
    expect(sms.body).toMatch(/^Coin Casino: your verification code is \d{6}\. It is valid for 10 minutes\./);
  });

  it.each([
    ['no plus sign', '09012345678'],
    ['letters', '+81abc12345678'],
    ['an empty number', ''],
    ['too many digits', '+8190123456789012'],
    ['a landline that cannot receive SMS', '+81312345678'],
    ['an unknown country code', '+999123456789'],
  ])('refuses %s with REQUEST_VALIDATION_ERROR and sends nothing', async (_name, phoneNumber) => {
    const p = await player();
    const res = await requestCode(p, phoneNumber);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
    expect(res.json().issues[0].path).toBe('phoneNumber');
    const unique = await post(p, '/IsPhoneNumberUnique', { phoneNumber, siteRef: 'WEB' });
    expect(unique.json().code).toBe('REQUEST_VALIDATION_ERROR');
    expect(await t.testDb.db.selectFrom('sms_sends').select('id').where('account_id', '=', p.id).execute()).toHaveLength(0);
  });

  it('refuses a missing number, a missing or over-long token and unknown fields', async () => {
    const p = await player();
    for (const payload of [{ messageText: 'x' }, { phoneNumber: newNumber(), extra: 1 }]) {
      expect((await post(p, '/RequestOtpSms', payload)).json().code).toBe('REQUEST_VALIDATION_ERROR');
    }
    for (const payload of [{ phoneNumber: newNumber() }, { phoneNumber: newNumber(), token: '1234567' }]) {
      expect((await post(p, '/VerifyOTP', payload)).json().code).toBe('REQUEST_VALIDATION_ERROR');
    }
  });

  it('answers UNAUTHORIZED to a signed-out caller', async () => {
    expect((await t.api({ method: 'GET', url: '/IsPhoneNumberVerified' })).statusCode).toBe(401);
    const res = await post(null, '/RequestOtpSms', { phoneNumber: newNumber() });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses a code once 10 minutes have passed', async () => {
    const p = await player();
    const number = newNumber();
    at(0);
    await requestCode(p, number);
    const code = await lastCode(number);
    at(10 * 60_000);
    const res = await post(p, '/VerifyOTP', { phoneNumber: number, token: code });
    expect(res.json().code).toBe('INVALID_ONE_TIME_PASSWORD');
    at(10 * 60_000 - 1);
    expect((await post(p, '/VerifyOTP', { phoneNumber: number, token: code })).statusCode).toBe(200);
  });

  it('allows at most 5 wrong tries per code: the right code is refused after them, a new code works', async () => {
    const p = await player();
    const number = newNumber();
    at(0);
    await requestCode(p, number);
    const code = await lastCode(number);
    for (let i = 0; i < 5; i++) {
      const res = await post(p, '/VerifyOTP', { phoneNumber: number, token: wrongCode(code) });
      expect(res.json().code).toBe('INVALID_ONE_TIME_PASSWORD');
    }
    const sixth = await post(p, '/VerifyOTP', { phoneNumber: number, token: code });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('TOO_MANY_REQUESTS');
    at(30_000);
    await requestCode(p, number);
    expect((await post(p, '/VerifyOTP', { phoneNumber: number, token: await lastCode(number) })).statusCode).toBe(200);
  });

  it('counts concurrent guesses atomically: never more than 5 reach the comparison', async () => {
    const p = await player();
    const number = newNumber();
    await requestCode(p, number);
    const code = await lastCode(number);
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(p, '/VerifyOTP', { phoneNumber: number, token: wrongCode(code) })));
    const codes = answers.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'INVALID_ONE_TIME_PASSWORD')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(7);
    const row = await t.testDb.db.selectFrom('phone_codes').select('attempts').where('account_id', '=', p.id).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });

  it('refuses a resend within 30 seconds on the server; the resent code supersedes the first', async () => {
    const p = await player();
    const number = newNumber();
    at(0);
    expect((await requestCode(p, number)).statusCode).toBe(200);
    const first = await lastCode(number);
    at(29_999);
    const early = await requestCode(p, number);
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe('TOO_MANY_REQUESTS');
    // Nor can the wait be dodged by switching to another number.
    expect((await requestCode(p, newNumber())).json().code).toBe('TOO_MANY_REQUESTS');
    // Nor by another account asking for the same number.
    expect((await requestCode(await player(), number)).json().code).toBe('TOO_MANY_REQUESTS');
    expect(await smsTo(number)).toHaveLength(1);
    at(30_001);
    expect((await requestCode(p, number)).statusCode).toBe(200);
    const second = await lastCode(number);
    if (second !== first) {
      expect((await post(p, '/VerifyOTP', { phoneNumber: number, token: first })).json().code).toBe('INVALID_ONE_TIME_PASSWORD');
    }
    expect((await post(p, '/VerifyOTP', { phoneNumber: number, token: second })).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous requests send a code', async () => {
    const p = await player();
    const number = newNumber();
    const answers = await Promise.all([requestCode(p, number), requestCode(p, number)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(await smsTo(number)).toHaveLength(1);
  });

  it('caps the codes a number receives per 24 hours, across accounts (SMS_DAILY_LIMIT_PER_NUMBER=3)', async () => {
    const number = newNumber();
    at(0);
    for (let i = 0; i < 3; i++) {
      at(i * 60_000);
      expect((await requestCode(await player(), number)).statusCode).toBe(200);
    }
    at(4 * 60_000);
    const capped = await requestCode(await player(), number);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().code).toBe('TOO_MANY_REQUESTS');
    // A rolling 24 hours: once the first send is a day old, one more goes out.
    at(24 * 60 * 60_000 + 1);
    expect((await requestCode(await player(), number)).statusCode).toBe(200);
  });

  it('caps the codes an account sends per 24 hours, across numbers (SMS_DAILY_LIMIT_PER_ACCOUNT=4)', async () => {
    const p = await player();
    for (let i = 0; i < 4; i++) {
      at(i * 60_000);
      expect((await requestCode(p, newNumber())).statusCode).toBe(200);
    }
    at(5 * 60_000);
    expect((await requestCode(p, newNumber())).json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('keeps one verified account per number: PHONE_NUMBER_EXISTS for the unique check, a request and a late verify', async () => {
    const [a, b, c] = [await player(), await player(), await player()];
    const number = newNumber();
    // c asks for a code before a verifies the number...
    at(0);
    await requestCode(c, number);
    const cCode = await lastCode(number);
    at(30_000);
    await verify(a, number);
    // ...so c's code for it is now refused by the unique index.
    const late = await post(c, '/VerifyOTP', { phoneNumber: number, token: cCode });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('PHONE_NUMBER_EXISTS');

    const unique = await post(b, '/IsPhoneNumberUnique', { phoneNumber: number, siteRef: 'WEB' });
    expect(unique.statusCode).toBe(409);
    expect(unique.json().code).toBe('PHONE_NUMBER_EXISTS');
    expect((await requestCode(b, number)).json().code).toBe('PHONE_NUMBER_EXISTS');
    // The owner's own number is not "taken" for them.
    expect((await post(a, '/IsPhoneNumberUnique', { phoneNumber: number, siteRef: 'WEB' })).json()).toEqual({ unique: true });
  });

  it('binds a code to its number and its account: it verifies neither another number nor another account', async () => {
    const [a, b] = [await player(), await player()];
    const [numberA, numberB] = [newNumber(), newNumber()];
    at(0);
    await requestCode(a, numberA);
    const codeA = await lastCode(numberA);
    await requestCode(b, numberB);
    // Another number with the right code, for the same account.
    expect((await post(a, '/VerifyOTP', { phoneNumber: numberB, token: codeA })).json().code).toBe('INVALID_ONE_TIME_PASSWORD');
    // Another account presenting a's number and a's code.
    expect((await post(b, '/VerifyOTP', { phoneNumber: numberA, token: codeA })).json().code).toBe('INVALID_ONE_TIME_PASSWORD');
    expect((await status(b)).isVerified).toBe(false);
    // The rightful owner still can.
    expect((await post(a, '/VerifyOTP', { phoneNumber: numberA, token: codeA })).statusCode).toBe(200);
  });

  describe('changing and resetting the number (password required)', () => {
    it('changes a verified number: password, code to the new number, change; the old number is freed', async () => {
      const p = await player({ password: true });
      const [oldNumber, newOne] = [newNumber(), newNumber()];
      at(0);
      await verify(p, oldNumber);
      // The resend wait is per flow: a change may follow a verification at once.
      at(1_000);
      const sent = await post(p, '/request-otp-sms-for-phone-number-change', { password: PASSWORD, phoneNumber: newOne, messageText: 'x {code}' });
      expect(sent.statusCode, sent.body).toBe(200);
      // Until the code is confirmed the old number stays verified.
      expect(await status(p)).toMatchObject({ phoneNumber: oldNumber, isVerified: true });
      const code = await lastCode(newOne);
      // A change code is not a verification code.
      expect((await post(p, '/VerifyOTP', { phoneNumber: newOne, token: code })).json().code).toBe('INVALID_ONE_TIME_PASSWORD');
      const changed = await post(p, '/change-phone-number', { password: PASSWORD, phoneNumber: newOne, token: code });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toEqual({ phoneNumber: newOne });
      expect(await status(p)).toMatchObject({ phoneNumber: newOne, isVerified: true });
      at(60_000);
      const other = await player();
      await verify(other, oldNumber);
    });

    it('answers INVALID_CURRENT_PASSWORD, PHONE_NUMBER_NOT_VERIFIED and PHONE_NUMBER_EXISTS where they apply', async () => {
      const p = await player({ password: true });
      const number = newNumber();
      const notYet = await post(p, '/request-otp-sms-for-phone-number-change', { password: PASSWORD, phoneNumber: newNumber() });
      expect(notYet.statusCode).toBe(403);
      expect(notYet.json().code).toBe('PHONE_NUMBER_NOT_VERIFIED');
      expect((await post(p, '/change-phone-number', { password: PASSWORD, phoneNumber: number, token: '123456' })).json().code).toBe(
        'PHONE_NUMBER_NOT_VERIFIED',
      );
      at(0);
      await verify(p, number);
      const wrong = await post(p, '/request-otp-sms-for-phone-number-change', { password: 'not-it', phoneNumber: newNumber() });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('INVALID_CURRENT_PASSWORD');
      expect((await post(p, '/request-otp-sms-for-phone-number-change', { password: PASSWORD, phoneNumber: number })).json().code).toBe('PHONE_NUMBER_EXISTS');
      const taken = newNumber();
      at(60_000);
      await verify(await player(), taken);
      expect((await post(p, '/request-otp-sms-for-phone-number-change', { password: PASSWORD, phoneNumber: taken })).json().code).toBe('PHONE_NUMBER_EXISTS');
      // A right code with a wrong password changes nothing.
      const next = newNumber();
      at(120_000);
      await post(p, '/request-otp-sms-for-phone-number-change', { password: PASSWORD, phoneNumber: next });
      const refused = await post(p, '/change-phone-number', { password: 'not-it', phoneNumber: next, token: await lastCode(next) });
      expect(refused.json().code).toBe('INVALID_CURRENT_PASSWORD');
      expect((await status(p)).phoneNumber).toBe(number);
    });

    it('resets the number so the player verifies again; a second reset is PHONE_NUMBER_NOT_INCLUDED', async () => {
      const p = await player({ password: true });
      const number = newNumber();
      at(0);
      await verify(p, number);
      expect((await post(p, '/reset-phone-number', { password: 'not-it' })).json().code).toBe('INVALID_CURRENT_PASSWORD');
      const reset = await post(p, '/reset-phone-number', { password: PASSWORD });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ ok: true });
      expect(await status(p)).toEqual({ phoneNumber: null, isVerified: false, isRequired: true });
      const again = await post(p, '/reset-phone-number', { password: PASSWORD });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('PHONE_NUMBER_NOT_INCLUDED');
      at(60_000);
      await verify(p, number);
      expect((await status(p)).isVerified).toBe(true);
    });

    it('throttles wrong passwords per account (LOCKOUT_THRESHOLD=3): then even the right one waits', async () => {
      const p = await player({ password: true });
      at(0);
      await verify(p, newNumber());
      for (let i = 0; i < 3; i++) {
        expect((await post(p, '/reset-phone-number', { password: `wrong-${i}` })).json().code).toBe('INVALID_CURRENT_PASSWORD');
      }
      const locked = await post(p, '/reset-phone-number', { password: PASSWORD });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().code).toBe('TOO_MANY_REQUESTS');
      at(15 * 60_000 + 1);
      expect((await post(p, '/reset-phone-number', { password: PASSWORD })).statusCode).toBe(200);
    });

    it('refuses a player without a password (INVALID_CURRENT_PASSWORD)', async () => {
      const p = await player();
      expect((await post(p, '/reset-phone-number', { password: 'anything' })).json().code).toBe('INVALID_CURRENT_PASSWORD');
    });
  });
});

describe(`phone verification API configuration (${db})`, () => {
  it('reports isRequired false when PHONE_VERIFICATION_REQUIRED=false', async () => {
    const t = await createTestApp({ PHONE_VERIFICATION_REQUIRED: 'false' });
    try {
      const p = await createTestPlayer(t.testDb.db, { phoneVerified: false });
      const res = await t.api({ method: 'GET', url: '/IsPhoneNumberVerified', headers: p.headers });
      expect(res.json()).toEqual({ phoneNumber: null, isVerified: false, isRequired: false });
    } finally {
      await t.close();
    }
  });
});
