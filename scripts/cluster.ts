/**
 * npm run cluster [-- --short] [--seconds=N] [--players=N]
 *
 * Scale-out, shown (issue 23, docs/operations.md): haproxy (Debian's package, installed when missing)
 * with deploy/haproxy.cfg in front of three API instances on one fresh PostgreSQL database and Redis,
 * all on 127.0.0.1 (ports 4720-4727), and a local SMTP server. `npm run migrate` runs first, on its own.
 * Players go through haproxy (round robin: each player's calls spread over the three) with a bounded
 * mixed load (sign-ups, sign-ins, rounds of every game kind, bonuses, lobby polling) while one instance
 * is SIGKILLed and restarted. Then: sessions honoured on every instance, an account locked after
 * LOCKOUT_THRESHOLD failures spread over the three, reset emails delivered once each (through the outbox,
 * with an instance killed while they go out), coins neither lost nor doubled. Exit 1 on any breach.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../server/db';
import { startSmtp } from '../tests/support/smtp';
import { ApiProcess, baseEnv, call, failures, gamesOf, harness, newPlayer, printSummary, runLoad, sleep, started, stats, verify, type Player } from './load-kit';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const short = args.includes('--short');
const seconds = Number(flag('seconds') ?? (short ? 30 : 120));
const playerCount = Number(flag('players') ?? (short ? 9 : 24));
const adminUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PORTS = { haproxy: 4720, api: [4721, 4722, 4723], metrics: [4724, 4725, 4726], smtp: 4727 };
const LOCKOUT_THRESHOLD = 5;

function ensureHaproxy(): string {
  if (spawnSync('haproxy', ['-v']).status === 0) return 'present';
  console.log('cluster: haproxy missing: apt-get install -y haproxy');
  const install = spawnSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (install.status !== 0 || spawnSync('haproxy', ['-v']).status !== 0) throw new Error('could not install haproxy (apt-get install -y haproxy)');
  return 'installed';
}

function startHaproxy(): ChildProcess {
  const env = {
    ...process.env,
    CASINO_BIND: `127.0.0.1:${PORTS.haproxy}`,
    CASINO_API1: `127.0.0.1:${PORTS.api[0]}`,
    CASINO_API2: `127.0.0.1:${PORTS.api[1]}`,
    CASINO_API3: `127.0.0.1:${PORTS.api[2]}`,
  };
  // -db: foreground, no daemon (the harness owns it); the very file operators install.
  const child = spawn('haproxy', ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr!.on('data', (c: Buffer) => {
    const line = String(c).trim();
    if (/ALERT|error/i.test(line)) console.error(`haproxy: ${line}`);
  });
  started.add(child);
  return child;
}

function runMigrate(databaseUrl: string): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/migrate.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'development' }, encoding: 'utf8' });
  process.stdout.write(`cluster: npm run migrate: ${result.stdout.trim()}\n`);
  if (result.status !== 0) throw new Error(`npm run migrate failed: ${result.stderr}`);
}

/** A direct call to one instance (not through haproxy). */
async function direct(server: ApiProcess, method: string, apiPath: string, opts: { body?: unknown; token?: string } = {}) {
  const res = await fetch(`${server.url}/api${apiPath}`, {
    method,
    headers: { channel: 'WEB', ...(opts.body ? { 'content-type': 'application/json' } : {}), ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

async function main(): Promise<boolean> {
  const haproxyState = ensureHaproxy();
  const name = `outbox_cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const smtp = await startSmtp({ port: PORTS.smtp });
  const env: Record<string, string> = {
    ...baseEnv,
    DATABASE_URL: url.toString(),
    REDIS_URL: redisUrl,
    TRUST_PROXY: '127.0.0.1',
    SMTP_URL: smtp.url,
    LOCKOUT_THRESHOLD: String(LOCKOUT_THRESHOLD),
    OUTBOX_POLL_MS: '500',
    OUTBOX_RETRY_BASE_MS: '500',
    OUTBOX_RETRY_MAX_MS: '2000',
    // A killed instance's claimed messages go to another one when this lease runs out (production: 5 min,
    // longer than the SMTP timeouts; here the SMTP server is local and answers at once).
    OUTBOX_LEASE_MS: '8000',
    SHUTDOWN_DRAIN_MS: '0',
  };
  const servers = PORTS.api.map((port, i) => new ApiProcess(`api-${i + 1}`, port, { ...env, METRICS_PORT: String(PORTS.metrics[i]) }));
  const frontend = { url: `http://127.0.0.1:${PORTS.haproxy}` } as ApiProcess;
  const viaHaproxy = [frontend];
  harness.proxied = true;
  let proxy: ChildProcess | undefined;
  let db: Db | undefined;
  const breaches: string[] = [];
  const lines: string[] = [];
  try {
    console.log(`cluster${short ? ' (short)' : ''}: haproxy ${haproxyState}, PostgreSQL database ${name}, Redis ${redisUrl}, 3 instances on ${PORTS.api.join(', ')}, haproxy on ${PORTS.haproxy}`);
    runMigrate(url.toString());
    for (const s of servers) {
      s.start();
      await s.waitReady();
    }
    proxy = startHaproxy();
    let routed = false;
    for (let i = 0; i < 100 && !routed; i++) {
      routed = await fetch(`${frontend.url}/api/health/ready`).then((r) => r.status === 200, () => false);
      if (!routed) await sleep(200);
    }
    if (!routed) throw new Error('haproxy does not route to the instances (see its output above)');

    // Mixed load through haproxy, with lobby polling, while api-2 is SIGKILLed and restarted.
    const games = await gamesOf(viaHaproxy);
    const players: Player[] = await Promise.all(Array.from({ length: playerCount }, () => newPlayer(viaHaproxy)));
    const end = Date.now() + seconds * 1000;
    const load = runLoad(viaHaproxy, players, games, () => Date.now() > end);
    let lobbyPolls = 0;
    const lobby = (async () => {
      while (Date.now() < end) {
        const res = await call(viaHaproxy, 'GET', '/games?languageCode=en&siteRef=WEB', { patienceMs: 10_000 });
        if (res?.status === 200) lobbyPolls++;
        await sleep(300);
      }
    })();
    const monkey = (async () => {
      await sleep(Math.min(8_000, (seconds * 1000) / 3));
      await servers[1]!.kill9();
      stats.kills++;
      await sleep(1_500);
      servers[1]!.start();
      stats.restarts++;
      await servers[1]!.waitReady().catch((error: Error) => breaches.push(`restart of api-2 failed: ${error.message}`));
    })();
    await Promise.all([load, lobby, monkey]);

    // Sessions: a token made through haproxy works on every instance directly.
    let honoured = 0;
    const sample = players.slice(0, 5);
    for (const p of sample) for (const s of servers) if ((await direct(s, 'GET', '/balance', { token: p.token })).status === 200) honoured++;
    if (honoured !== sample.length * servers.length) breaches.push(`sessions honoured ${honoured} of ${sample.length * servers.length}`);

    // Lockout: LOCKOUT_THRESHOLD wrong passwords, one instance after another; then the right one is refused on a third.
    const victim = await newPlayer(viaHaproxy);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++) await direct(servers[i % 3]!, 'POST', '/signin', { body: { email: victim.email, password: 'wrong-password-1', siteRef: 'WEB' } });
    const locked = await direct(servers[LOCKOUT_THRESHOLD % 3]!, 'POST', '/signin', { body: { email: victim.email, password: victim.password, siteRef: 'WEB' } });
    if (locked.body?.code !== 'USER_LOCKED_OUT') breaches.push(`after ${LOCKOUT_THRESHOLD} failures over 3 instances, the right password answered ${locked.status} ${JSON.stringify(locked.body)}`);

    // Reset emails through the outbox: every player asks once, api-3 is killed while they go out.
    const asked = players.slice(0, Math.min(players.length, 12));
    db = createDb({ databaseUrl: url.toString() });
    const emails = asked.map((p) => p.email);
    await Promise.all(asked.map((p) => call(viaHaproxy, 'POST', '/forgot-password', { body: { email: p.email, languageCode: 'en', siteRef: 'WEB' } })));
    // The token and its mail are written just after the answer (so the answer's timing tells nothing);
    // the kill comes once they are in the outbox, while the instances deliver them.
    for (let i = 0; i < 100; i++) {
      const queued = await db.selectFrom('outbox_messages').select('id').where('recipient', 'in', emails).execute();
      if (queued.length === emails.length) break;
      await sleep(20);
    }
    await servers[2]!.kill9();
    stats.kills++;
    await sleep(1_000);
    servers[2]!.start();
    stats.restarts++;
    await servers[2]!.waitReady().catch((error: Error) => breaches.push(`restart of api-3 failed: ${error.message}`));
    for (let i = 0; i < 120; i++) {
      const pending = await db.selectFrom('outbox_messages').select('id').where('recipient', 'in', emails).where('status', '!=', 'sent').execute();
      const queued = await db.selectFrom('outbox_messages').select('id').where('recipient', 'in', emails).execute();
      if (queued.length === emails.length && pending.length === 0) break;
      await sleep(500);
    }
    await sleep(1_500);
    const received = emails.map((e) => smtp.to(e).length);
    const once = received.filter((n) => n === 1).length;
    if (once !== emails.length) breaches.push(`reset emails: ${received.join(',')} received (each should be 1)`);

    for (const s of servers) await s.stop();
    for (const s of servers) for (const e of s.unexpectedExits) breaches.push(e);

    const result = await verify(db, players, 'cluster');
    printSummary('cluster: three instances behind haproxy on PostgreSQL and Redis', result, `, unexpected exits ${servers.reduce((n, s) => n + s.unexpectedExits.length, 0)}`);
    const byCode = [...stats.byStatus.entries()].filter(([s]) => s >= 500).map(([s, n]) => `${s}: ${n}`).join(', ') || 'none';
    lines.push(`5xx by code: ${byCode}`);
    lines.push(`lobby polls answered ${lobbyPolls}`);
    lines.push(`sessions honoured on every instance: ${honoured}/${sample.length * servers.length}`);
    lines.push(`account locked after ${LOCKOUT_THRESHOLD} failures over 3 instances: ${locked.body?.code === 'USER_LOCKED_OUT' ? 'yes' : 'NO'}`);
    lines.push(`reset emails delivered once: ${once}/${emails.length} (SMTP server received ${smtp.inbox.length} mails)`);
    for (const l of lines) console.log(l);
  } finally {
    for (const s of servers) await s.stop().catch(() => {});
    proxy?.kill('SIGTERM');
    await smtp.close().catch(() => {});
    await db?.destroy();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
  for (const b of breaches) failures.push(b);
  return failures.length === 0;
}

const ok = await main().catch((error: Error) => {
  failures.push(`cluster run failed: ${error.stack ?? error.message}`);
  return false;
});
if (!ok) {
  console.log(`\ncluster FAILED: ${failures.length} problems`);
  for (const f of [...new Set(failures)].slice(0, 40)) console.log(`  - ${f}`);
  process.exit(1);
}
console.log('\ncluster: nothing lost or doubled, sessions and lockout shared by the three instances, every reset email delivered once');
process.exit(0);
