import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createTestDb, type TestDb } from './db';

export interface TestApp {
  app: FastifyInstance;
  testDb: TestDb;
  config: Config;
  /**
   * inject() under the API base with the web CHANNEL header and, as a browser on the site sends it,
   * the site's Origin (pass `origin: ''` to leave it out).
   */
  api: (options: InjectOptions & { url: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/** Builds the real app on a fresh database. `env` overrides configuration (as the environment would). */
export async function createTestApp(env: Record<string, string> = {}, options: { logStream?: { write(line: string): void } } = {}): Promise<TestApp> {
  const testDb = await createTestDb();
  // Development aids (dev outbox, captcha answers) are on, as the tests read them; not in production.
  // In production the test's own database stands in for DATABASE_URL (ALLOW_EMBEDDED_DB), and the site is https.
  const devTools = env.NODE_ENV === 'production' ? { ALLOW_EMBEDDED_DB: 'true', PUBLIC_SITE_URL: 'https://coincasino.example' } : { DEV_TOOLS: 'true' };
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_DIR: './no-site', SEED_DEMO: 'false', LIVE_CLOCK: 'false', ...devTools, ...env });
  const app = await buildApp({ config, db: testDb.db, logStream: options.logStream });
  await app.ready();
  const api: TestApp['api'] = (options) =>
    app.inject({
      ...options,
      url: `${config.API_BASE}${options.url}`,
      headers: { channel: 'WEB', origin: new URL(config.PUBLIC_SITE_URL).origin, ...(options.headers ?? {}) },
    });
  return {
    app,
    testDb,
    config,
    api,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}

/** Cookie header value from a response's set-cookie headers (for the next request). */
export function cookiesFrom(response: { cookies: Array<{ name: string; value: string }> }): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
