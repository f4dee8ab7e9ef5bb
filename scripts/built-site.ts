/**
 * The real site for a test run (scripts/e2e.ts, scripts/perf.ts): builds it into a folder of its own
 * (so parallel runs never serve each other's half-built site), starts the server on a free port with
 * a fresh embedded database (or DATABASE_URL), waits until it is healthy, and stops it afterwards.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BuiltSite {
  baseUrl: string;
  /** The built site (dist) the server serves. */
  siteDir: string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The server settings of a Playwright run (scripts/e2e.ts, scripts/pseudo.ts). */
export const E2E_SERVER_ENV: Record<string, string> = {
  // Every Playwright player signs up from 127.0.0.1: the per-IP limits are tested in the API suite.
  SIGNIN_RATE_LIMIT: '10000',
  SIGNUP_RATE_LIMIT: '10000',
  CAPTCHA_RATE_LIMIT: '10000',
  FORGOT_PASSWORD_RATE_LIMIT: '10000',
  RESET_PASSWORD_RATE_LIMIT: '10000',
  UNIQUE_CHECK_RATE_LIMIT: '10000',
  // The journeys read captcha answers and SMS codes from the dev routes.
  DEV_TOOLS: 'true',
  // The shared live tables at a quick pace (betting 4 s, draw 1.5 s, pause 1 s): a journey waits seconds for a round.
  LIVE_FAST: 'true',
};

/** Builds the site for `baseUrl` into a new folder; throws when the build fails. */
function build(baseUrl: string): string {
  const siteDir = mkdtempSync(path.join(tmpdir(), 'cc-site-'));
  const result = spawnSync('npx', ['astro', 'build', '--outDir', siteDir], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PUBLIC_SITE_URL: baseUrl },
  });
  if (result.status !== 0) {
    rmSync(siteDir, { recursive: true, force: true });
    throw new Error(`astro build failed (${result.status})`);
  }
  return siteDir;
}

/**
 * Builds and starts the site. `env` adds server settings (rate limits, DEV_TOOLS...); the server's own
 * output goes to this process's (LOG_LEVEL warn unless given).
 */
export async function startBuiltSite(env: Record<string, string> = {}): Promise<BuiltSite> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const siteDir = build(baseUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-data-'));
  const server = spawn('npx', ['tsx', 'server/server.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_DIR: siteDir, PUBLIC_SITE_URL: baseUrl },
    detached: true,
  });
  const signal = (name: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(-server.pid!, name);
      return true;
    } catch {
      return false; // no process left in the group
    }
  };
  const stop = async () => {
    // The server drains and closes its database on SIGTERM; its folders go only once every process
    // of its group has exited (npx and tsx exit before the server does: removed under a running
    // server, its outbox passes fail on missing files). SIGKILL after 15 s; at most 2 s more (a
    // process nobody reaps stays in the group).
    signal('SIGTERM');
    const started = Date.now();
    while (signal(0) && Date.now() - started < 17_000) {
      if (Date.now() - started > 15_000) signal('SIGKILL');
      await new Promise((r) => setTimeout(r, 100));
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(siteDir, { recursive: true, force: true });
  };
  try {
    // Generous: on a loaded machine the embedded database alone takes close to a minute to migrate and seed.
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      const healthy = await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      if (Date.now() > deadline) throw new Error('server did not become healthy in time');
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, siteDir, stop };
}
