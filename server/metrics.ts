/**
 * Every Prometheus series the server exposes, in one registry (prom-client), with small typed
 * functions to record them. Code elsewhere calls these functions and never touches prom-client, so
 * the series names and label sets stay in this one file (docs/decisions/0014).
 *
 * One registry per process: several apps built in one process (tests) share it, which is what a
 * scrape of that process should see anyway. Label values are always from small fixed sets (route
 * patterns, game ids, job names), never from user input, so the series count stays bounded.
 */
import http from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const metricsRegistry = new Registry();

// Process metrics, including event-loop lag (nodejs_eventloop_lag_seconds and its percentiles).
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

const registers = [metricsRegistry];

// ---- HTTP ----------------------------------------------------------------------------------------

const requestDuration = new Histogram({
  name: 'casino_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern, method and status code.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

const requestsInFlight = new Gauge({
  name: 'casino_http_requests_in_flight',
  help: 'HTTP requests being answered now.',
  registers,
});

const requestsRefused = new Counter({
  name: 'casino_http_requests_refused_total',
  help: 'HTTP requests refused before their handler ran, by reason (overload, rate_limit).',
  labelNames: ['reason'] as const,
  registers,
});

export type RefusalReason = 'overload' | 'rate_limit';

/** A request began; call requestFinished once when its answer is sent. */
export function requestStarted(): void {
  requestsInFlight.inc();
}

/** A request's answer was sent. `route` is the route pattern (e.g. /api/games/:id), never the raw URL. */
export function requestFinished(route: string, method: string, status: number, seconds: number): void {
  requestsInFlight.dec();
  requestDuration.observe({ route, method, status: String(status) }, seconds);
}

export function recordRefused(reason: RefusalReason): void {
  requestsRefused.inc({ reason });
}

// ---- Rate limits ---------------------------------------------------------------------------------

const rateLimitFallbacks = new Counter({
  name: 'casino_rate_limit_store_fallbacks_total',
  help: 'Rate-limit decisions taken by the per-process fallback because the shared store (Redis) failed.',
  registers,
});

export function recordRateLimitFallback(): void {
  rateLimitFallbacks.inc();
}

// ---- Database ------------------------------------------------------------------------------------

/** What the database has of a pool: pg.Pool has all three; PGlite is one connection, no pool (total only). */
export interface DbPoolCounts {
  total: number;
  idle?: number;
  waiting?: number;
}

/** Where the pool gauges read from at scrape time (pg.Pool counts, or what PGlite has). */
let poolSource: (() => DbPoolCounts) | null = null;

/** The pool whose counts the gauges report; the latest app built wins (one per process in production). */
export function setDbPoolSource(source: (() => DbPoolCounts) | null): void {
  poolSource = source;
}

function poolGauge(name: string, help: string, pick: (c: DbPoolCounts) => number | undefined): Gauge {
  return new Gauge({
    name,
    help,
    registers,
    collect() {
      const value = poolSource ? pick(poolSource()) : undefined;
      if (value === undefined) this.reset();
      else this.set(value);
    },
  });
}

poolGauge('casino_db_pool_connections_total', 'Database connections open in the pool.', (c) => c.total);
poolGauge('casino_db_pool_connections_idle', 'Database connections open and idle.', (c) => c.idle);
poolGauge('casino_db_pool_waiting', 'Queries waiting for a free database connection.', (c) => c.waiting);

const queryDuration = new Histogram({
  name: 'casino_db_query_duration_seconds',
  help: 'Time a database statement took, from sending it to its result.',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers,
});

let queriesSoFar = 0;

export function recordQuery(seconds: number): void {
  queryDuration.observe(seconds);
  queriesSoFar++;
}

/** Statements this process has sent to its databases (every handle, transaction begin and commit included): what a bench divides by its operations. */
export const queriesRun = (): number => queriesSoFar;

// ---- Group commit --------------------------------------------------------------------------------

const groupCommitBatch = new Histogram({
  name: 'casino_group_commit_batch_size',
  help: 'Items carried by one group-commit batch (one statement, one commit), by queue.',
  labelNames: ['queue'] as const,
  buckets: [1, 2, 4, 8, 16, 32, 64, 128],
  registers,
});

export function recordGroupCommitBatch(queue: string, size: number): void {
  groupCommitBatch.observe({ queue }, size);
}

// ---- Read caches ---------------------------------------------------------------------------------

const cacheLookups = new Counter({
  name: 'casino_cache_lookups_total',
  help: 'Read-cache lookups, by cache and result (hit or miss).',
  labelNames: ['cache', 'result'] as const,
  registers,
});

/** Lookups seen per cache, for the ratio gauge (counters cannot be read back cheaply). */
const cacheTallies = new Map<string, { hits: number; misses: number }>();

new Gauge({
  name: 'casino_cache_hit_ratio',
  help: 'Share of read-cache lookups answered from the cache since the process started, by cache.',
  labelNames: ['cache'] as const,
  registers,
  collect() {
    for (const [cache, t] of cacheTallies) {
      const all = t.hits + t.misses;
      if (all > 0) this.set({ cache }, t.hits / all);
    }
  },
});

export function recordCacheLookup(cache: string, hit: boolean): void {
  cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
  let t = cacheTallies.get(cache);
  if (!t) cacheTallies.set(cache, (t = { hits: 0, misses: 0 }));
  if (hit) t.hits++;
  else t.misses++;
}

// ---- Background jobs -----------------------------------------------------------------------------

const jobLastSuccess = new Gauge({
  name: 'casino_job_last_success_timestamp_seconds',
  help: 'Unix time of the last successful run of a background job, by job.',
  labelNames: ['job'] as const,
  registers,
});

const jobFailures = new Counter({
  name: 'casino_job_failures_total',
  help: 'Failed runs of a background job, by job.',
  labelNames: ['job'] as const,
  registers,
});

/** A background job ran to the end (whether or not it had work to do). */
export function recordJobSuccess(job: string, at: Date = new Date()): void {
  jobLastSuccess.set({ job }, at.getTime() / 1000);
}

export function recordJobFailure(job: string): void {
  jobFailures.inc({ job });
}

/**
 * Runs one pass of a background job and records its outcome; rethrows nothing (a job's failure is
 * logged by the caller's `onError` and counted here, and the timer carries on).
 */
export async function runJob(job: string, pass: () => Promise<unknown>, onError: (error: unknown) => void): Promise<void> {
  try {
    await pass();
    recordJobSuccess(job);
  } catch (error) {
    recordJobFailure(job);
    onError(error);
  }
}

// ---- Business ------------------------------------------------------------------------------------

const signUps = new Counter({ name: 'casino_signups_total', help: 'Accounts created.', registers });

const rounds = new Counter({
  name: 'casino_rounds_total',
  help: 'Game rounds settled, by game code (slot-lucky-cat, roulette-european, ...).',
  labelNames: ['game'] as const,
  registers,
});

const coinsWagered = new Counter({
  name: 'casino_coins_wagered_total',
  help: 'Coins staked in settled rounds, by game code (slot-lucky-cat, roulette-european, ...).',
  labelNames: ['game'] as const,
  registers,
});

const coinsWon = new Counter({
  name: 'casino_coins_won_total',
  help: 'Coins paid out by settled rounds, by game code (slot-lucky-cat, roulette-european, ...).',
  labelNames: ['game'] as const,
  registers,
});

const bonusesClaimed = new Counter({
  name: 'casino_bonuses_claimed_total',
  help: 'Bonuses claimed, by kind.',
  labelNames: ['kind'] as const,
  registers,
});

export type MessageChannel = 'email' | 'sms';

const messagesSent = new Counter({
  name: 'casino_messages_sent_total',
  help: 'Emails and SMS handed to the gateway, by channel.',
  labelNames: ['channel'] as const,
  registers,
});

const messagesFailed = new Counter({
  name: 'casino_messages_failed_total',
  help: 'Emails and SMS the gateway refused or that failed to send, by channel.',
  labelNames: ['channel'] as const,
  registers,
});

export function recordSignUp(): void {
  signUps.inc();
}

/** One settled coin round of a game kind: its stake and payout in integer coins. */
export function recordRound(game: string, wagered: number, won: number): void {
  rounds.inc({ game });
  if (wagered > 0) coinsWagered.inc({ game }, wagered);
  if (won > 0) coinsWon.inc({ game }, won);
}

export function recordBonusClaimed(kind: string): void {
  bonusesClaimed.inc({ kind });
}

export function recordMessageSent(channel: MessageChannel): void {
  messagesSent.inc({ channel });
}

export function recordMessageFailed(channel: MessageChannel): void {
  messagesFailed.inc({ channel });
}

// ---- Exposition ----------------------------------------------------------------------------------

export const metricsContentType = metricsRegistry.contentType;

/** The Prometheus text exposition of every series. */
export function metricsText(): Promise<string> {
  return metricsRegistry.metrics();
}

/**
 * The /metrics listener, apart from the API (its own port, loopback by default: the numbers are
 * for the operator's scraper, not the players). Resolves with a function that closes it.
 */
export async function serveMetrics(port: number, host: string): Promise<{ close: () => Promise<void>; port: number }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metricsText().then(
      (text) => res.writeHead(200, { 'content-type': metricsContentType }).end(text),
      (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
