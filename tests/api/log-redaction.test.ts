import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { bearer, highLimits, sessionToken, signIn, signupBody } from './auth-helpers';

/** Issue #11, security: logs carry no secrets. On the database the suite runs on. */
const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`security: logs carry no secrets (${db})`, () => {
  it('redacts tokens, passwords and reset or launch query strings from the request log', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { ...highLimits, LOG_LEVEL: 'debug', CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false } }) },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    try {
      const secret = `S3cret${randomBytes(6).toString('hex')}`;
      const body = signupBody({ password: `${secret}pw` });
      expect((await t.api({ method: 'POST', url: '/signup', payload: body })).statusCode).toBe(200);
      const signin = await signIn(t, body.email as string, `${secret}pw`);
      const token = sessionToken(signin);
      await t.api({ method: 'GET', url: '/account', headers: bearer(token) });
      await t.api({ method: 'GET', url: '/account', headers: { cookie: `session=${token}` } });
      await t.app.inject({ method: 'GET', url: `/reset-password?token=${secret}rt&email=${encodeURIComponent(body.email as string)}` });
      await t.app.inject({ method: 'GET', url: `/en/house/play/?token=${secret}lt&lang=en` });
      await t.app.inject({ method: 'GET', url: `/password_reset?token=${secret}pr` });
      await t.api({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(body.email as string)}&channel=email` });
      await t.api({ method: 'POST', url: '/reset-password', payload: { email: body.email, token: `${secret}bt`, password: `${secret}np` } });
      const log = lines.join('');
      expect(log).toContain('/reset-password?[redacted]');
      expect(log).toContain('/en/house/play/?[redacted]');
      expect(log).toContain('channel=email');
      for (const leak of [secret, token, body.email as string, encodeURIComponent(body.email as string)]) expect(log).not.toContain(leak);
    } finally {
      await t.close();
    }
  });
});
