/**
 * `npm run test:e2e`: with BASE_URL set, runs Playwright against that deployment as it is.
 * Otherwise builds the site, starts the real server on a free port with a fresh embedded database
 * (or DATABASE_URL), runs Playwright against it and stops it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const passThrough = process.argv.slice(2);

function runPlaywright(baseUrl: string): number {
  const result = spawnSync('npx', ['playwright', 'test', ...passThrough], {
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: baseUrl },
  });
  return result.status ?? 1;
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

async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in time');
}

if (process.env.BASE_URL) {
  process.exit(runPlaywright(process.env.BASE_URL));
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// Each run builds into its own folder, so parallel runs never serve each other's half-built site.
const siteDir = mkdtempSync(path.join(tmpdir(), 'cc-e2e-site-'));
const build = spawnSync('npx', ['astro', 'build', '--outDir', siteDir], {
  stdio: 'inherit',
  env: { ...process.env, PUBLIC_SITE_URL: baseUrl },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-e2e-'));
const server = spawn('npx', ['tsx', 'server/server.ts'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
    SITE_DIR: siteDir,
    LOG_LEVEL: 'warn',
    PUBLIC_SITE_URL: baseUrl,
    // Every Playwright player signs up from 127.0.0.1: the per-IP limits are tested in the API suite.
    SIGNIN_RATE_LIMIT: '10000',
    SIGNUP_RATE_LIMIT: '10000',
    CAPTCHA_RATE_LIMIT: '10000',
    FORGOT_PASSWORD_RATE_LIMIT: '10000',
    RESET_PASSWORD_RATE_LIMIT: '10000',
    UNIQUE_CHECK_RATE_LIMIT: '10000',
    // The journeys read captcha answers and SMS codes from the dev routes.
    DEV_TOOLS: 'true',
  },
  detached: true,
});
let status = 1;
try {
  await waitForHealth(baseUrl, server);
  status = runPlaywright(baseUrl);
} finally {
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(siteDir, { recursive: true, force: true });
}
process.exit(status);
