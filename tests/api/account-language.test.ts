import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The settings' language is stored on the account and used for what the account is sent (issue 15). */
describe(`POST /account/language (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const setLanguage = (headers: Record<string, string>, payload: Record<string, unknown>) => t.api({ method: 'POST', url: '/account/language', payload, headers });
  const language = async (headers: Record<string, string>) => (await t.api({ method: 'GET', url: '/account', headers })).json().languageCode;

  it('stores the chosen language: GET /account answers it, and the next SMS code is in it', async () => {
    const p = await createTestPlayer(t.testDb.db, { phoneVerified: false });
    expect(await language(p.headers)).toBe('ja');
    const res = await setLanguage(p.headers, { languageCode: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await language(p.headers)).toBe('en');

    const phoneNumber = `+8190${String(randomInt(10_000_000, 99_999_999))}`;
    const code = await t.api({ method: 'POST', url: '/RequestOtpSms', payload: { phoneNumber, messageText: 'Your code is {code}' }, headers: p.headers });
    expect(code.statusCode, code.body).toBe(200);
    const outbox = await t.api({ method: 'GET', url: `/dev/outbox?channel=sms&to=${encodeURIComponent(phoneNumber)}` });
    expect(outbox.json().messages[0].body).toMatch(/^Coin Casino: your verification code is \d{6}/);

    expect((await setLanguage(p.headers, { languageCode: 'ja' })).statusCode).toBe(200);
    expect(await language(p.headers)).toBe('ja');
  });

  it('refuses an unknown language or an extra field with REQUEST_VALIDATION_ERROR and changes nothing', async () => {
    const p = await createTestPlayer(t.testDb.db);
    for (const payload of [{ languageCode: 'fr' }, {}, { languageCode: 'en', extra: true }]) {
      const res = await setLanguage(p.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
    }
    expect(await language(p.headers)).toBe('ja');
  });

  it('answers 401 UNAUTHORIZED signed out', async () => {
    const res = await setLanguage({}, { languageCode: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});
