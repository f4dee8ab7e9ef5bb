import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configWarnings, loadConfig } from '../../server/config';

/** Production configuration rules (docs/decisions/0014-operable-process.md): refuse with one line naming the variable; warn where it runs anyway. */
const prod = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://casino:secret@10.0.0.5:5432/casino',
  PUBLIC_SITE_URL: 'https://coincasino.example',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

const refusal = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('production configuration', () => {
  it('a complete production configuration loads, with no demo content and no warnings', () => {
    const config = loadConfig(prod);
    expect(config.SEED_DEMO).toBe(false);
    expect(configWarnings(config)).toEqual([]);
    // Outside production the demo content stays on by default; SEED_DEMO=true still seeds production.
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ ...prod, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
  });

  it('refuses the embedded database unless ALLOW_EMBEDDED_DB=true, which it then states', () => {
    expect(refusal({ ...prod, DATABASE_URL: undefined })).toBe(
      'Invalid configuration: DATABASE_URL: required with NODE_ENV=production (or ALLOW_EMBEDDED_DB=true for a single-node install on the embedded database)',
    );
    const single = loadConfig({ ...prod, DATABASE_URL: undefined, ALLOW_EMBEDDED_DB: 'true' });
    expect(configWarnings(single)).toEqual([expect.stringMatching(/^ALLOW_EMBEDDED_DB=true: a single-node install on the embedded database/)]);
  });

  it('refuses a PUBLIC_SITE_URL that is not https (and the localhost default)', () => {
    expect(refusal({ ...prod, PUBLIC_SITE_URL: 'http://coincasino.example' })).toBe(
      'Invalid configuration: PUBLIC_SITE_URL: must be https with NODE_ENV=production (is http://coincasino.example)',
    );
    expect(refusal({ ...prod, PUBLIC_SITE_URL: undefined })).toMatch(/^Invalid configuration: PUBLIC_SITE_URL: must be https/);
  });

  it('refuses a malformed DATABASE_URL or TRUST_PROXY, naming it (in any environment)', () => {
    for (const bad of ['mysql://x@h/db', 'postgres//host/db', 'not a url', 'postgres://bad host/db']) {
      expect(refusal({ ...prod, DATABASE_URL: bad }), bad).toMatch(/^Invalid configuration: DATABASE_URL: a PostgreSQL URL like postgres:\/\//);
      expect(refusal({ DATABASE_URL: bad }), bad).toMatch(/^Invalid configuration: DATABASE_URL:/);
    }
    for (const bad of ['yes', '10.0.0.1,proxy.example', '10.0.0.0/33', '300.1.1.1', '::1/129', '10.0.0.1/8/2']) {
      expect(refusal({ ...prod, TRUST_PROXY: bad }), bad).toMatch(/^Invalid configuration: TRUST_PROXY: true, false, or comma-separated proxy addresses/);
    }
    for (const good of ['true', 'false', '127.0.0.1', '10.0.0.1, 192.168.0.0/16', '::1', 'fd00::/8']) {
      expect(refusal({ ...prod, TRUST_PROXY: good }), good).toBeNull();
    }
  });

  it('warns when REDIS_URL is unset in production, and whenever DEV_TOOLS is on', () => {
    expect(configWarnings(loadConfig({ ...prod, REDIS_URL: undefined }))).toEqual([
      expect.stringMatching(/^REDIS_URL is unset: rate limits are per process.*the live tables work on one instance only/),
    ]);
    // On PostgreSQL without Redis, outside production too: the live tables say they serve one instance.
    expect(configWarnings(loadConfig({ DATABASE_URL: 'postgres://db.example/casino' }))).toEqual([
      expect.stringMatching(/^REDIS_URL is unset; the live tables work on one instance only/),
    ]);
    expect(configWarnings(loadConfig({ DEV_TOOLS: 'true' }))).toEqual([expect.stringMatching(/^DEV_TOOLS is on/)]);
    expect(configWarnings(loadConfig({ DEV_TOOLS: '1', NODE_ENV: 'test' }))).toEqual([expect.stringMatching(/^DEV_TOOLS is on/)]);
  });

  it('the server refuses to start with one line naming the variable, and no stack trace', async () => {
    const env = { ...process.env, ...prod, DATABASE_URL: '', PUBLIC_SITE_URL: 'http://coincasino.example', PORT: '4705', METRICS_PORT: '0' };
    const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
      const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server/server.ts'], { env });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', (code) => resolve({ code, out }));
    });
    expect(code).toBe(1);
    expect(out.trim().split('\n')).toEqual([
      'Invalid configuration: DATABASE_URL: required with NODE_ENV=production (or ALLOW_EMBEDDED_DB=true for a single-node install on the embedded database)',
      'Invalid configuration: PUBLIC_SITE_URL: must be https with NODE_ENV=production (is http://coincasino.example)',
    ]);
  }, 60_000);
});
