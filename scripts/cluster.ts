/**
 * npm run cluster [-- --short] [--seconds=N] [--players=N]
 *
 * Scale-out, shown (docs/operations.md): haproxy (Debian's package, installed when missing)
 * with deploy/haproxy.cfg in front of three API instances on one fresh PostgreSQL database and Redis,
 * all on 127.0.0.1 (ports 4720-4727), and a local SMTP server. `npm run migrate` runs first, on its own.
 * Players go through haproxy (round robin: each player's calls spread over the three) with a bounded
 * mixed load (sign-ups, sign-ins, rounds of every game kind, bonuses, lobby polling) while one instance
 * is SIGKILLed and restarted, and a raffle draw and a race settlement fall due (made for the run with the
 * services the back-office uses). Then: the raffle drawn once and the race paid once, each prize once in
 * the wallet journal; sessions honoured on every instance, an account locked after LOCKOUT_THRESHOLD
 * failures spread over the three, reset emails delivered once each (requests recorded before the answer,
 * an instance killed right after answering), coins neither lost nor doubled; the live tables' bets at
 * every table while the instance holding their clocks is killed (scripts/live-load.ts), each bet
 * debited once and paid or refunded at most once, never both, and 18 watchers of the tables' streams
 * through haproxy: those the kill cuts reconnect with their last event id on another instance, and
 * every watcher of a table sees the same events over the span they share. Exit 1 on any breach.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { createDb, type Db } from '../server/db';
import { createRaffle } from '../server/modules/raffle/service';
import { createRace } from '../server/modules/tournaments/admin';
import { startSmtp } from '../tests/support/smtp';
import {
  ApiProcess,
  baseEnv,
  ensureHaproxy,
  startHaproxy,
  call,
  failures,
  gamesOf,
  harness,
  newPlayer,
  printSummary,
  runLoad,
  sleep,
  stats,
  verify,
  type Player,
} from './load-kit';
import { liveClusterPhase } from './live-load';

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

function runMigrate(databaseUrl: string): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/migrate.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'development' },
    encoding: 'utf8',
  });
  process.stdout.write(`cluster: npm run migrate: ${result.stdout.trim()}\n`);
  if (result.status !== 0) throw new Error(`npm run migrate failed: ${result.stderr}`);
}

/**
 * A raffle and a race of this run, both due inside the load window (start now): made with the services
 * the back-office calls (createRaffle, createRace) on the cluster's database.
 */
async function createDueTournaments(db: Db, codes: string[], drawAt: Date, raceEnd: Date): Promise<{ raffle: string; race: string }> {
  const tag = randomBytes(3).toString('hex');
  const now = new Date();
  const texts = { title: 'Cluster run', description: 'Falls due during npm run cluster.', termsAndConditions: '' };
  const raffle = await createRaffle(db, {
    ref: `cluster-raffle-${tag}`,
    accountRef: 'coin-casino',
    baseCurrency: 'PTS',
    startDateUtc: now.toISOString(),
    endDateUtc: drawAt.toISOString(),
    raffleDrawDate: drawAt.toISOString(),
    wagerPerEntry: 10,
    brands: [],
    games: [],
    prizes: [{ amount: 500 }, { amount: 100, count: 2 }],
    translations: [{ languageCode: 'en', ...texts }],
  });
  const race = await createRace(db, {
    ref: `cluster-race-${tag}`,
    metric: 'WAGERED',
    startDateUtc: now.toISOString(),
    endDateUtc: raceEnd.toISOString(),
    prizes: [
      { rank: 1, amount: 300 },
      { rank: 2, amount: 200 },
      { rank: 3, amount: 100 },
    ],
    games: codes.map((gameCode) => ({ gameCode })),
    translations: [{ languageCode: 'en', languageDisplayName: 'English', ...texts }],
  });
  if ('errors' in race) throw new Error(`race not created: ${race.errors.join('; ')}`);
  return { raffle: raffle.ref, race: race.ref };
}

/** Waits (bounded) until the raffle is drawn and the race paid; false when one never happened. */
async function waitForDrawAndPayout(db: Db, refs: string[], timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const done = await db.selectFrom('tournaments').select('ref').where('ref', 'in', refs).where('status', '=', 'DRAWN').execute();
    if (done.length === refs.length) return true;
    if (Date.now() > deadline) return false;
    await sleep(500);
  }
}

/**
 * The raffle drawn once and the race paid once: each winner's and each ranked player's prize exactly
 * once in the wallet journal (counted by the journal's own reason text, not by the idempotency key the
 * journal keeps unique), the same players and amounts as the frozen results. Returns what to print.
 */
async function checkDrawAndPayout(db: Db, refs: { raffle: string; race: string }, breaches: string[]): Promise<string[]> {
  const lines: string[] = [];
  const status = async (ref: string) => await db.selectFrom('tournaments').select(['id', 'status']).where('ref', '=', ref).executeTakeFirstOrThrow();

  const raffle = await status(refs.raffle);
  const draw = await db
    .selectFrom('raffle_draws')
    .select(['total_tickets', 'winners', 'drawn_at'])
    .where('tournament_id', '=', Number(raffle.id))
    .executeTakeFirstOrThrow();
  const winners = ((typeof draw.winners === 'string' ? JSON.parse(draw.winners) : draw.winners) ?? []) as Array<{
    holder: string;
    place: number;
    amount: number;
  }>;
  const rafflePrizes = await sql<{ account_id: string; amount: number; reason: string; n: number }>`
    select j.account_id, j.amount::int as amount, j.reason, count(*) over (partition by j.reason)::int as n
    from wallet_journal j where j.type = 'RAFFLE_PRIZE' and j.reason like ${`Raffle ${refs.raffle},%`}`.execute(db);
  const entries = await db.selectFrom('raffle_entries').select(['account_id', 'holder', 'prize']).where('tournament_id', '=', Number(raffle.id)).execute();
  if (raffle.status !== 'DRAWN' || !draw.drawn_at) breaches.push(`raffle ${refs.raffle}: not drawn (status ${raffle.status})`);
  else {
    if (winners.length === 0) breaches.push(`raffle ${refs.raffle}: drawn with no winner (${draw.total_tickets} tickets): the draw proves nothing`);
    if (rafflePrizes.rows.length !== winners.length)
      breaches.push(`raffle ${refs.raffle}: ${winners.length} winners but ${rafflePrizes.rows.length} prizes in the journal`);
    for (const w of winners) {
      const account = entries.find((e) => e.holder === w.holder)?.account_id;
      const credited = rafflePrizes.rows.filter((r) => r.reason === `Raffle ${refs.raffle}, place ${w.place}`);
      if (credited.length !== 1 || credited[0]!.account_id !== account || credited[0]!.amount !== w.amount) {
        breaches.push(
          `raffle ${refs.raffle} place ${w.place}: ${credited.length} journal credits (${JSON.stringify(credited)}), expected one of ${w.amount} to ${account}`,
        );
      }
    }
  }
  const raffleTotal = rafflePrizes.rows.reduce((n, r) => n + r.amount, 0);
  lines.push(
    `raffle draws made: ${raffle.status === 'DRAWN' ? 1 : 0} (${refs.raffle}: ${draw.total_tickets ?? 0} tickets, ${winners.length} winners, ${rafflePrizes.rows.length} prizes credited once in the journal, ${raffleTotal} coins)`,
  );

  const race = await status(refs.race);
  const results = await db
    .selectFrom('race_results')
    .select(['rank', 'account_id', 'prize', 'journal_id'])
    .where('tournament_id', '=', Number(race.id))
    .where('prize', 'is not', null)
    .execute();
  const racePrizes = await sql<{ id: number; account_id: string; amount: number; reason: string }>`
    select j.id::int as id, j.account_id, j.amount::int as amount, j.reason
    from wallet_journal j where j.type = 'TOURNAMENT_PRIZE' and j.reason like ${`Tournament ${refs.race}:%`}`.execute(db);
  if (race.status !== 'DRAWN') breaches.push(`race ${refs.race}: not paid (status ${race.status})`);
  else {
    if (results.length === 0) breaches.push(`race ${refs.race}: paid with no prize: the settlement proves nothing`);
    if (racePrizes.rows.length !== results.length)
      breaches.push(`race ${refs.race}: ${results.length} prizes in the results but ${racePrizes.rows.length} in the journal`);
    for (const r of results) {
      const credited = racePrizes.rows.filter((j) => j.reason === `Tournament ${refs.race}: rank ${r.rank}`);
      if (
        credited.length !== 1 ||
        credited[0]!.account_id !== r.account_id ||
        credited[0]!.amount !== Number(r.prize) ||
        credited[0]!.id !== Number(r.journal_id)
      ) {
        breaches.push(
          `race ${refs.race} rank ${r.rank}: ${credited.length} journal credits (${JSON.stringify(credited)}), expected one of ${r.prize} to ${r.account_id}`,
        );
      }
    }
  }
  const raceTotal = racePrizes.rows.reduce((n, r) => n + r.amount, 0);
  lines.push(
    `race payouts made: ${race.status === 'DRAWN' ? 1 : 0} (${refs.race}: ${results.length} prizes, ${racePrizes.rows.length} credited once in the journal, ${raceTotal} coins)`,
  );
  return lines;
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
    // The live tables at the end-to-end pace (a round in 6.5 s), so a short run sees several.
    LIVE_FAST: 'true',
    LIVE_STREAM_PREFIX: `cluster-${name}`,
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
    console.log(
      `cluster${short ? ' (short)' : ''}: haproxy ${haproxyState}, PostgreSQL database ${name}, Redis ${redisUrl}, 3 instances on ${PORTS.api.join(', ')}, haproxy on ${PORTS.haproxy}`,
    );
    runMigrate(url.toString());
    for (const s of servers) {
      s.start();
      await s.waitReady();
    }
    proxy = startHaproxy(PORTS);
    let routed = false;
    for (let i = 0; i < 100 && !routed; i++) {
      routed = await fetch(`${frontend.url}/api/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (!routed) await sleep(200);
    }
    if (!routed) throw new Error('haproxy does not route to the instances (see its output above)');

    // Mixed load through haproxy, with lobby polling, while api-2 is SIGKILLed and restarted, and a
    // raffle draw and a race settlement fall due while it is down: api-2 is killed at a third of the load
    // (8 s at most) and started again 1.5 s later; the race ends 0.3 s and the raffle is due 1 s after
    // the kill. Every instance checks raffles every 5 s and races every 15 s (after a 5 s grace).
    const games = await gamesOf(viaHaproxy);
    const players: Player[] = await Promise.all(Array.from({ length: playerCount }, () => newPlayer(viaHaproxy)));
    db = createDb({ databaseUrl: url.toString() });
    const loadStart = Date.now();
    const killAfterMs = Math.min(8_000, (seconds * 1000) / 3);
    const tournaments = await createDueTournaments(
      db,
      games.map((g) => g.gameCode),
      new Date(loadStart + killAfterMs + 1_000),
      new Date(loadStart + killAfterMs + 300),
    );
    console.log(
      `cluster: raffle ${tournaments.raffle} due at +${((killAfterMs + 1_000) / 1000).toFixed(1)} s, race ${tournaments.race} ends at +${((killAfterMs + 300) / 1000).toFixed(1)} s of the load`,
    );
    const since = (t: number) => `+${((t - loadStart) / 1000).toFixed(1)} s`;
    let api2Down = '';
    const end = loadStart + seconds * 1000;
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
      await sleep(loadStart + killAfterMs - Date.now());
      await servers[1]!.kill9();
      const killedAt = Date.now();
      stats.kills++;
      await sleep(1_500);
      servers[1]!.start();
      stats.restarts++;
      await servers[1]!.waitReady().catch((error: Error) => breaches.push(`restart of api-2 failed: ${error.message}`));
      api2Down = `api-2 killed at ${since(killedAt)}, ready again at ${since(Date.now())}`;
    })();
    await Promise.all([load, lobby, monkey]);

    // Sessions: a token made through haproxy works on every instance directly.
    let honoured = 0;
    const sample = players.slice(0, 5);
    for (const p of sample) for (const s of servers) if ((await direct(s, 'GET', '/balance', { token: p.token })).status === 200) honoured++;
    if (honoured !== sample.length * servers.length) breaches.push(`sessions honoured ${honoured} of ${sample.length * servers.length}`);

    // Lockout: LOCKOUT_THRESHOLD wrong passwords, one instance after another; then the right one is refused on a third.
    const victim = await newPlayer(viaHaproxy);
    for (let i = 0; i < LOCKOUT_THRESHOLD; i++)
      await direct(servers[i % 3]!, 'POST', '/signin', { body: { email: victim.email, password: 'wrong-password-1', siteRef: 'WEB' } });
    const locked = await direct(servers[LOCKOUT_THRESHOLD % 3]!, 'POST', '/signin', {
      body: { email: victim.email, password: victim.password, siteRef: 'WEB' },
    });
    if (locked.body?.code !== 'USER_LOCKED_OUT')
      breaches.push(`after ${LOCKOUT_THRESHOLD} failures over 3 instances, the right password answered ${locked.status} ${JSON.stringify(locked.body)}`);

    // The draw and the payout: due during the load; the race's payout may come up to a tick later.
    const settled = await waitForDrawAndPayout(db, [tournaments.raffle, tournaments.race], 30_000);
    if (!settled) breaches.push('the raffle draw or the race payout did not happen within 30 s of the load');
    const when = await db
      .selectFrom('tournaments')
      .select(['ref', 'updated_at'])
      .where('ref', 'in', [tournaments.raffle, tournaments.race])
      .where('status', '=', 'DRAWN')
      .execute();
    const at = (ref: string) => {
      const row = when.find((w) => w.ref === ref);
      return row ? since(new Date(row.updated_at).getTime()) : 'never';
    };
    const timeline = `raffle drawn at ${at(tournaments.raffle)}, race paid at ${at(tournaments.race)} (${api2Down}; load ${seconds} s)`;

    // The live tables: bets at every table while the instance holding their clocks is killed.
    await liveClusterPhase({ servers, viaHaproxy, db, bettors: short ? 6 : 12, seconds: Math.max(15, Math.min(seconds, 40)), breaches, lines });

    // Reset emails through the outbox: every player asks once, and api-3 is killed as soon as the
    // answers are in. Each request is in the database before its answer; the token and the mail are
    // made just after it, by the instance that answered or by any instance's outbox worker.
    const asked = players.slice(0, Math.min(players.length, 12));
    const emails = asked.map((p) => p.email);
    await Promise.all(asked.map((p) => call(viaHaproxy, 'POST', '/forgot-password', { body: { email: p.email, languageCode: 'en', siteRef: 'WEB' } })));
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

    lines.push(...(await checkDrawAndPayout(db, tournaments, breaches)));
    lines.push(timeline);
    const result = await verify(db, players, 'cluster');
    printSummary(
      'cluster: three instances behind haproxy on PostgreSQL and Redis',
      result,
      `, unexpected exits ${servers.reduce((n, s) => n + s.unexpectedExits.length, 0)}`,
    );
    const byCode =
      [...stats.byStatus.entries()]
        .filter(([s]) => s >= 500)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ') || 'none';
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
console.log(
  '\ncluster: nothing lost or doubled, the raffle drawn and the race paid once each, sessions and lockout shared by the three instances, every reset email delivered once',
);
process.exit(0);
