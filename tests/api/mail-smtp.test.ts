import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { startSmtp, subjectOf, textOf } from '../support/smtp';
import { highLimits, signIn, signUp } from './auth-helpers';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`reset mail over a real SMTP server (${db})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      ...highLimits,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Coin Casino <no-reply@casino.example>',
      PUBLIC_SITE_URL: 'https://casino.example',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const waitForMail = (to: string) => smtp.waitFor(to);

  it('receives the English reset mail, follows its link and signs in with the new password', async () => {
    const player = await signUp(t, { languageCode: 'en' });
    const res = await t.api({ method: 'POST', url: '/forgot-password', payload: { email: player.email, languageCode: 'en', siteRef: 'WEB' } });
    expect(res.statusCode).toBe(200);
    const mail = await waitForMail(player.email);
    expect(mail.from).toBe('no-reply@casino.example');
    const { headers, text } = textOf(mail.raw);
    expect(subjectOf(headers)).toBe('Reset your Coin Casino password');
    const link = new URL(/https:\/\/casino\.example\/\S+/.exec(text)![0]);
    expect(link.pathname).toBe('/en/reset-password');
    expect(link.searchParams.get('email')).toBe(player.email);

    const reset = await t.api({
      method: 'POST',
      url: '/reset-password',
      payload: { email: link.searchParams.get('email'), token: link.searchParams.get('token'), password: 'Mailed-new-7', confirmPassword: 'Mailed-new-7' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signin = await signIn(t, player.email, 'Mailed-new-7');
    expect(signin.statusCode).toBe(200);
    expect(signin.json().displayName).toBe(player.displayName);
    // Over SMTP, nothing goes to the development outbox.
    const outbox = await t.api({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(player.email)}` });
    expect(outbox.json().messages).toEqual([]);
  });

  it('receives the Japanese reset mail with its Japanese subject and a link under /reset-password', async () => {
    const player = await signUp(t);
    await t.api({ method: 'POST', url: '/forgot-password', payload: { email: player.email, languageCode: 'ja', siteRef: 'WEB' } });
    const mail = await waitForMail(player.email);
    const { headers, text } = textOf(mail.raw);
    expect(subjectOf(headers)).toBe('【コインカジノ】パスワード再設定のご案内');
    expect(text).toContain(`${player.displayName} 様`);
    const link = new URL(/https:\/\/casino\.example\/\S+/.exec(text)![0]);
    expect(link.pathname).toBe('/reset-password');
    const reset = await t.api({
      method: 'POST',
      url: '/reset-password',
      payload: { email: player.email, token: link.searchParams.get('token'), password: 'Mailed-new-8' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t, player.email, 'Mailed-new-8')).statusCode).toBe(200);
  });
});
