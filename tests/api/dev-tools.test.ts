import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestApp } from '../support/app';
import { createTestDb } from '../support/db';

/** Security (docs/decisions/0005-sessions-csrf-and-security-headers.md): development aids only with DEV_TOOLS=true. On the database the suite runs on. */
const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`security: development aids only with DEV_TOOLS=true (${db})`, () => {
  it('are off by default, even with NODE_ENV unset (development): no outbox, no captcha answers, no OpenAPI UI', async () => {
    expect(loadConfig({}).DEV_TOOLS).toBe(false);
    const t = await createTestApp({ NODE_ENV: 'development', DEV_TOOLS: 'false' });
    try {
      expect((await t.api({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
      expect((await t.api({ method: 'POST', url: '/dev/marketing/send' })).statusCode).toBe(404);
      const challenge = await t.api({ method: 'POST', url: '/captcha/challenge' });
      expect(challenge.statusCode).toBe(200);
      expect((await t.api({ method: 'GET', url: `/dev/captcha/${challenge.json().challengeId}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('are on with DEV_TOOLS=true outside production', async () => {
    const t = await createTestApp({ NODE_ENV: 'development', DEV_TOOLS: 'true' });
    try {
      expect((await t.api({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses to start production with DEV_TOOLS, or without SMTP_URL or SMS_GATEWAY_URL, naming the variable', () => {
    const prod = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://casino@127.0.0.1:5432/casino',
      PUBLIC_SITE_URL: 'https://coincasino.example',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
    };
    expect(() => loadConfig(prod)).not.toThrow();
    expect(() => loadConfig({ ...prod, DEV_TOOLS: 'true' })).toThrow(/DEV_TOOLS: must not be true with NODE_ENV=production/);
    expect(() => loadConfig({ ...prod, SMTP_URL: undefined })).toThrow(/SMTP_URL: required with NODE_ENV=production/);
    expect(() => loadConfig({ ...prod, SMS_GATEWAY_URL: undefined })).toThrow(/SMS_GATEWAY_URL: required with NODE_ENV=production/);
  });

  it('never lets production mail fall back to the outbox (an app built with such a config does not start)', async () => {
    const testDb = await createTestDb();
    try {
      const config = { ...loadConfig({ LOG_LEVEL: 'silent', SITE_DIR: './no-site' }), NODE_ENV: 'production' as const };
      await expect(buildApp({ config, db: testDb.db })).rejects.toThrow(/SMTP_URL is required in production/);
    } finally {
      await testDb.drop();
    }
  });
});
