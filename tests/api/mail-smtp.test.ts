import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { highLimits, signIn, signUp } from './auth-helpers';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The text part of a single-part mail, decoded from quoted-printable or base64. */
function textOf(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return { headers, text: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') };
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return { headers, text: decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25')) };
  }
  return { headers, text: body };
}

/** An RFC 2047 encoded subject (=?UTF-8?Q?...?= or =?UTF-8?B?...?=), decoded. */
function subjectOf(headers: string): string {
  const unfolded = headers.replace(/\r\n[ \t]+/g, ' ');
  const raw = /^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '';
  return raw
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeURIComponent(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
    )
    .trim();
}

describe(`reset mail over a real SMTP server (${db})`, () => {
  const inbox: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      ...highLimits,
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Coin Casino <no-reply@casino.example>',
      PUBLIC_SITE_URL: 'https://casino.example',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  const waitForMail = async (to: string) => {
    for (let i = 0; i < 200; i++) {
      const mail = inbox.find((m) => m.to.includes(to));
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${to}`);
  };

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
    const reset = await t.api({ method: 'POST', url: '/reset-password', payload: { email: player.email, token: link.searchParams.get('token'), password: 'Mailed-new-8' } });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t, player.email, 'Mailed-new-8')).statusCode).toBe(200);
  });
});
