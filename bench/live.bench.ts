/**
 * `npm run bench -- live` (docs/decisions/0025, "Scale, measured"): the shared live tables behind the
 * cluster's haproxy (deploy/haproxy.cfg) with three API instances on a scratch PostgreSQL database and
 * Redis, N watchers spread over the tables and the instances, and bettors betting at every table each
 * round. Printed, all measured in this run: watchers held, events per watcher per round, delivery
 * latency of each round's result (from the clock instance's commit to the watcher: p50, p99), bets
 * accepted per second, the instances' memory per watcher, and a reconnect storm (every watcher cut at
 * once and reconnecting with its last event id). Judged: p99 under 500 ms, every watcher healed
 * without a gap within 5 s, no event received twice or out of order.
 * Full: 5,000 watchers, 60 s. --short (CI): 600 watchers, 20 s. LIVE_WATCHERS, LIVE_SECONDS and
 * LIVE_BETTORS override.
 */
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createDb, migrateToLatest } from '../server/db';
import { LIVE_TABLES } from '../contracts/live-tables';
import { ApiProcess, baseEnv, ensureHaproxy, newPlayer, sleep, startHaproxy, stats } from '../scripts/load-kit';
import { Watcher, openWatchers, percentile, reconnectStorm, runBettors } from '../scripts/live-load';
import { scratchDatabase } from './scratch-db';

const PORTS = { haproxy: 4730, api: [4731, 4732, 4733], metrics: [4734, 4735, 4736] };
const P99_TARGET_MS = 500;
const HEAL_TARGET_MS = 5_000;

const rssKiB = (pid: number | undefined) => {
  if (!pid) return 0;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0);
};

export async function run(): Promise<void> {
  ensureHaproxy();
  const short = Boolean(process.env.BENCH_SHORT);
  const watcherCount = Number(process.env.LIVE_WATCHERS ?? (short ? 600 : 5000));
  const seconds = Number(process.env.LIVE_SECONDS ?? (short ? 20 : 60));
  const bettorCount = Number(process.env.LIVE_BETTORS ?? (short ? 9 : 30));
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  console.log(
    `live: ${watcherCount} watchers over ${LIVE_TABLES.length} tables, ${bettorCount} bettors, ${seconds} s, 3 instances behind haproxy on PostgreSQL and Redis (${redisUrl}), rounds at the LIVE_FAST pace (4 s betting, 1.5 s draw, 1 s pause)`,
  );
  const scratch = await scratchDatabase(serverUrl, 'cc_bench_live');
  const db = createDb({ databaseUrl: scratch.url });
  const env = {
    ...baseEnv,
    SEED_DEMO: 'false',
    DATABASE_URL: scratch.url,
    REDIS_URL: redisUrl,
    TRUST_PROXY: '127.0.0.1',
    LIVE_FAST: 'true',
    LIVE_STREAM_PREFIX: `bench-${randomBytes(4).toString('hex')}`,
    // Every watcher of the bench comes from 127.0.0.1.
    LIVE_STREAMS_PER_ADDRESS: '1000000',
    SHUTDOWN_DRAIN_MS: '0',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  };
  const servers = PORTS.api.map((port, i) => new ApiProcess(`api-${i + 1}`, port, { ...env, METRICS_PORT: String(PORTS.metrics[i]) }));
  let proxy: ChildProcess | undefined;
  let watchers: Watcher[] = [];
  const problems: string[] = [];
  try {
    await migrateToLatest(db);
    for (const s of servers) s.start();
    for (const s of servers) await s.waitReady();
    proxy = startHaproxy(PORTS);
    const front = { url: `http://127.0.0.1:${PORTS.haproxy}` } as ApiProcess;
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${front.url}/api/health/ready`).then(
          (r) => r.status === 200,
          () => false,
        )
      )
        break;
      await sleep(200);
    }
    const bettors = await Promise.all(Array.from({ length: bettorCount }, () => newPlayer([front])));
    await sleep(2000);
    const rssBefore = servers.map((s) => rssKiB(s.child?.pid));

    const opening = Date.now();
    const references = LIVE_TABLES.map((t) => new Watcher(front.url, t.id));
    await Promise.all(references.map((r) => r.open()));
    watchers = await openWatchers(front.url, watcherCount);
    const openMs = Date.now() - opening;
    await sleep(3000);
    const rssAfter = servers.map((s) => rssKiB(s.child?.pid));
    const perWatcherKiB = (rssAfter.reduce((a, b) => a + b, 0) - rssBefore.reduce((a, b) => a + b, 0)) / watcherCount;

    // The load: bettors at every table; watchers count what they receive.
    const start = Date.now();
    const countsAtStart = watchers.map((w) => w.received.length);
    const roundsAtStart = references.map((r) => r.received.filter((e) => e.type === 'result').length);
    const latencyFrom = watchers.map((w) => w.latencies.length);
    const betting = await runBettors([front], bettors, () => Date.now() < start + seconds * 1000);
    const elapsed = (Date.now() - start) / 1000;
    const held = watchers.filter((w) => w.connected).length;
    const rounds = references.map((r, i) => r.received.filter((e) => e.type === 'result').length - roundsAtStart[i]);
    const perRound = watchers.map((w, i) => {
      const t = LIVE_TABLES.findIndex((x) => x.id === w.tableId);
      return (w.received.length - countsAtStart[i]) / Math.max(1, rounds[t]);
    });
    const latencies = watchers.flatMap((w, i) => w.latencies.slice(latencyFrom[i]));
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const betsPerSecond = betting.accepted.length / elapsed;

    // The storm: every watcher cut at once, reconnecting with its last id.
    const storm = await reconnectStorm(watchers, references, 3000);
    const disorder = [...watchers, ...references].reduce((n, w) => n + w.disorder, 0);

    console.log(`watchers held: ${held}/${watcherCount} (opened in ${(openMs / 1000).toFixed(1)} s)`);
    console.log(`rounds: ${rounds.map((n, i) => `${LIVE_TABLES[i].id} ${n}`).join(', ')} in ${elapsed.toFixed(1)} s`);
    console.log(`events per watcher per round: median ${percentile(perRound, 50).toFixed(1)}, max ${Math.max(...perRound).toFixed(1)}`);
    console.log(
      `result delivery latency (commit to watcher): p50 ${p50} ms, p99 ${p99} ms over ${latencies.length} deliveries (target p99 < ${P99_TARGET_MS} ms)`,
    );
    console.log(
      `bets accepted: ${betting.accepted.length} (${betsPerSecond.toFixed(1)}/s), refused BETTING_CLOSED ${betting.closed}, other refusals ${JSON.stringify(Object.fromEntries(betting.refused))}`,
    );
    console.log(
      `memory per watcher: ${perWatcherKiB.toFixed(1)} KiB (the three instances' RSS ${rssBefore.map((k) => Math.round(k / 1024)).join('+')} MiB -> ${rssAfter.map((k) => Math.round(k / 1024)).join('+')} MiB)`,
    );
    console.log(
      `reconnect storm: ${storm.healed}/${watcherCount} healed without a gap, stream back p50 ${storm.reconnectMsP50} ms, slowest ${storm.reconnectMsMax} ms (target 100% within ${HEAL_TARGET_MS} ms); ${storm.failedToReconnect} failed to reconnect`,
    );
    console.log(`events received twice or out of order: ${disorder}`);
    console.log(`load-kit requests ${stats.requests}, network errors ${stats.networkErrors}`);

    if (held !== watcherCount) problems.push(`${watcherCount - held} watchers were dropped during the load`);
    if (!(p99 < P99_TARGET_MS)) problems.push(`p99 delivery ${p99} ms (target < ${P99_TARGET_MS})`);
    if (rounds.some((n) => n < 2)) problems.push(`too few rounds to judge (${rounds.join(', ')})`);
    if (betting.accepted.length === 0) problems.push('no bet was accepted');
    if (storm.healed !== watcherCount) problems.push(`${watcherCount - storm.healed} watchers did not heal without a gap`);
    if (!(storm.reconnectMsMax < HEAL_TARGET_MS)) problems.push(`the slowest watcher reconnected in ${storm.reconnectMsMax} ms (target < ${HEAL_TARGET_MS})`);
    if (disorder > 0) problems.push(`${disorder} events received twice or out of order`);
  } finally {
    for (const w of watchers) w.cut();
    for (const s of servers) await s.stop().catch(() => undefined);
    proxy?.kill('SIGTERM');
    await db.destroy();
    await scratch.drop().catch(() => undefined);
  }
  if (problems.length) throw new Error(problems.join('; '));
}
