import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';
import { highLimits, waitForOutbox } from './auth-helpers';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The language a signed-in player switches to is stored on the account, and every SMS and email to it is in that language (docs/decisions/0009-screens-that-fit.md). */
describe(`POST /account/language (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(highLimits);
  });
  afterAll(() => t.close());

  const setLanguage = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.api({ method: 'POST', url: '/account/language', payload, headers });
  const language = async (headers: Record<string, string>) => (await t.api({ method: 'GET', url: '/account', headers })).json().languageCode;

  const sendCode = async (headers: Record<string, string>, pageLanguage: string) => {
    const phoneNumber = `+8190${String(randomInt(10_000_000, 99_999_999))}`;
    // The request says another language every way it can (header, caller text): the SMS ignores them.
    const res = await t.api({
      method: 'POST',
      url: '/RequestOtpSms',
      payload: { phoneNumber, messageText: pageLanguage === 'en' ? 'Your code is {code}' : 'コードは{code}です' },
      headers: { ...headers, 'accept-language': pageLanguage },
    });
    expect(res.statusCode, res.body).toBe(200);
    const outbox = await t.api({ method: 'GET', url: `/dev/outbox?channel=sms&to=${encodeURIComponent(phoneNumber)}` });
    return outbox.json().messages[0].body as string;
  };
  const resetMail = async (email: string, pageLanguage: 'ja' | 'en') => {
    const before = (await waitForOutbox(t, email, 0)).length;
    const res = await t.api({ method: 'POST', url: '/forgot-password', payload: { email, languageCode: pageLanguage, siteRef: 'WEB' } });
    expect(res.statusCode, res.body).toBe(200);
    for (let i = 0; i < 100; i++) {
      const messages = await waitForOutbox(t, email, 0);
      if (messages.length > before) return { subject: messages[0].subject, link: new URL(messages[0].body.match(/https?:\/\/\S+\/reset-password\?\S+/)![0]) };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no reset mail to ${email}`);
  };

  it('stores the chosen language: GET /account answers it', async () => {
    const p = await createTestPlayer(t.testDb.db, { phoneVerified: false });
    expect(await language(p.headers)).toBe('ja');
    const res = await setLanguage(p.headers, { languageCode: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await language(p.headers)).toBe('en');
    expect((await setLanguage(p.headers, { languageCode: 'ja' })).statusCode).toBe(200);
    expect(await language(p.headers)).toBe('ja');
  });

  it('sends SMS codes in the stored language, whatever language the request comes in', async () => {
    const p = await createTestPlayer(t.testDb.db, { phoneVerified: false });
    expect(await sendCode(p.headers, 'en')).toMatch(/^【コインカジノ】認証コード：\d{6}/);
    expect((await setLanguage(p.headers, { languageCode: 'en' })).statusCode).toBe(200);
    const other = await createTestPlayer(t.testDb.db, { phoneVerified: false });
    expect((await setLanguage(other.headers, { languageCode: 'en' })).statusCode).toBe(200);
    expect(await sendCode(other.headers, 'ja')).toMatch(/^Coin Casino: your verification code is \d{6}/);
  });

  it('mails the password reset in the stored language, with a link to that language, whatever page asks for it', async () => {
    const p = await createTestPlayer(t.testDb.db);
    const ja = await resetMail(p.email, 'en');
    expect(ja.subject).toBe('【コインカジノ】パスワード再設定のご案内');
    expect(ja.link.pathname).toBe('/reset-password');

    expect((await setLanguage(p.headers, { languageCode: 'en' })).statusCode).toBe(200);
    const en = await resetMail(p.email, 'ja');
    expect(en.subject).toBe('Reset your Coin Casino password');
    expect(en.link.pathname).toBe('/en/reset-password');
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
