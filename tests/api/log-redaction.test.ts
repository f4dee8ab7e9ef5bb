import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/plugins/security';
import { createTestApp } from '../support/app';
import { createTestDb } from '../support/db';
import { bearer, highLimits, sessionToken, signIn, signupBody } from './auth-helpers';

/** Security (docs/decisions/0005-sessions-csrf-and-security-headers.md): logs carry no secrets. On the database the suite runs on. */
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

  it('logs the start and the requests through the one pino logger the server makes (createLogger), redacted alike', async () => {
    const lines: string[] = [];
    // debug: the site's pages (a reset link) are logged at debug.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug', SITE_DIR: './no-site', SEED_DEMO: 'false' });
    const logger = createLogger(config, { write: (line) => void lines.push(line) });
    const secret = `S3cret${randomBytes(6).toString('hex')}`;
    // server.ts logs its start's steps before the app exists.
    logger.info({ body: { password: secret } }, 'migrating the database');
    const testDb = await createTestDb();
    const app = await buildApp({ config, db: testDb.db, loggerInstance: logger });
    try {
      await app.ready();
      await app.inject({ method: 'GET', url: `/reset-password?token=${secret}`, headers: { cookie: `session=${secret}` } });
      await app.inject({ method: 'GET', url: '/api/health/live' });
      const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(parsed[0]).toMatchObject({ msg: 'migrating the database', body: { password: '[Redacted]' } });
      const request = parsed.find((l) => l.msg === 'request' && (l.req as { url: string }).url.startsWith('/reset-password'));
      expect(request).toMatchObject({ req: { url: '/reset-password?[redacted]' }, res: { statusCode: expect.any(Number) } });
      expect(typeof request?.reqId).toBe('string');
      expect(lines.join('')).not.toContain(secret);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});
