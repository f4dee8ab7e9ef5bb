import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run admin` against a running server on the embedded database (docs/decisions/0014-operable-process.md): the command runs
 * inside the server (live at once) or refuses; a second process never opens the server's DATA_DIR.
 * Real processes: the server and the admin command as an operator starts them. Embedded database
 * only (the subject), so the same on both test runs.
 */
const PORT = 4703;
const base = `http://127.0.0.1:${PORT}/api`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ops-admin-'));
const env = (extra: Record<string, string> = {}) => ({
  ...process.env,
  TEST_DATABASE_URL: '',
  DATABASE_URL: '',
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  SITE_DIR: './no-site',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  METRICS_PORT: '0',
  SHUTDOWN_DRAIN_MS: '200',
  ...extra,
});

function run(script: string, args: string[], extra: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env: env(extra) });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const admin = (...argv: string[]) => run('server/admin.ts', argv);
const get = (url: string) => fetch(`${base}${url}`, { headers: { channel: 'WEB' } });

async function untilUp(server: ChildProcess, log: () => string) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`server ended: ${log()}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

describe('admin commands and the embedded database (PGlite in a DATA_DIR)', () => {
  let server: ChildProcess;
  let serverLog = '';

  beforeAll(async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { env: env() });
    server.stdout!.on('data', (d) => (serverLog += d));
    server.stderr!.on('data', (d) => (serverLog += d));
    await untilUp(server, () => serverLog);
  }, 180_000);

  afterAll(async () => {
    if (server.exitCode === null) {
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs games:disable inside the running server: the API shows it at once, and the token is private', async () => {
    expect((statSync(path.join(dataDir, 'admin.token')).mode & 0o777).toString(8)).toBe('600');
    expect((await (await get('/launch-demo?gameCode=slot-lucky-cat&currency=PTS')).json()).code).not.toBe('GAME_NOT_AVAILABLE');
    const res = await admin('games:disable', 'slot-lucky-cat');
    expect(res.out).toContain('Updated slot-lucky-cat.');
    expect(res.code).toBe(0);
    expect((await (await get('/launch-demo?gameCode=slot-lucky-cat&currency=PTS')).json()).code).toBe('GAME_NOT_AVAILABLE');
    // A command's own exit code comes back through the server too.
    expect((await admin('games:disable', 'no-such-game')).code).toBe(1);
  }, 120_000);

  it('a second server on the same DATA_DIR refuses to start, saying which process holds it', async () => {
    const res = await run('server/server.ts', [], { PORT: String(PORT + 1) });
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/DATA_DIR .* is in use by a server \(pid \d+/);
    expect(res.out).not.toMatch(/\n\s+at /); // one line, no stack
  }, 120_000);

  it('an unknown command exits non-zero without opening the database', async () => {
    const res = await admin('no:such-command');
    expect(res.code).toBe(2);
    expect(res.out).toContain('Unknown command: no:such-command');
  }, 60_000);

  it("after SIGTERM nothing is lost: the command run through the server is on disk; a killed holder's lock is taken over", async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const list = await admin('games:list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/slot-lucky-cat\s+\S+\s+DISABLED/);

    // A lock left by a process that no longer runs (SIGKILLed) is stale: taken over, with a note.
    const dead = spawn(process.execPath, ['-e', 'setInterval(()=>{},1000)']);
    const deadPid = dead.pid!;
    dead.kill('SIGKILL');
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: deadPid, role: 'server', startedAt: new Date().toISOString() }));
    const enable = await admin('games:enable', 'slot-lucky-cat');
    expect(enable.code).toBe(0);
    expect(enable.out).toContain(`lock from pid ${deadPid}, which no longer runs`);
  }, 240_000);

  it('a live holder that does not answer on the admin channel: refused, nothing changed', async () => {
    // This test process plays a server that holds the lock but has no admin channel.
    writeFileSync(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: process.pid, role: 'server', startedAt: new Date().toISOString() }));
    rmSync(path.join(dataDir, 'admin.token'), { force: true });
    const res = await admin('games:disable', 'slot-lucky-cat');
    expect(res.code).toBe(1);
    expect(res.out).toContain('Nothing was changed');
    rmSync(path.join(dataDir, 'server.lock'));
  }, 60_000);
});
