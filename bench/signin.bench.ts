/**
 * Sign-in throughput through a real listening server (HTTP/1.1 over loopback: socket, parsing,
 * routing, validation, rate limiter, lockout bookkeeping, argon2id verify, session insert, cookies)
 * next to raw argon2id verify throughput with the same parameters at the same concurrency, in the
 * same run. Target: the endpoint reaches at least 0.8 of the raw rate (argon2id is meant to be the
 * cost of a sign-in, not the overhead around it).
 *
 * One measurement, fixed in advance and never repeated: after a 1 s warm-up of each, BENCH_WINDOWS
 * (default 9, 7 with --short) rounds of one window of each side, the order reversed every other
 * round (a change in machine load then affects both alike); the verdict is the median of the rounds'
 * ratios (bench/verdict.ts), and each side's pooled rate and p50/p99 latency are printed.
 * Below target the bench says so and fails: it is not measured again.
 *
 * `npm run bench` (bench/run.ts) calls run(); `npx tsx bench/signin.bench.ts` runs it alone.
 * BENCH_SECONDS (default 9, 7 with --short, split over the windows), BENCH_CONCURRENCY (default 8: more than libuv's
 * 4 threads, so the pool always has work, as on a busy server), BENCH_PG_URL (the PostgreSQL server
 * where a temporary database is made; default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app';
import { createDb, migrateToLatest } from '../server/db';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../server/modules/auth/passwords';
import { httpWindow, pool, type Window } from './http-load';
import { scratchDatabase } from './scratch-db';
import { measureCpu, noCpu, perOperation } from './cpu';
import { alternate, barText, budgetText, countQueries, judgedBar, noQueries, pairedRatio, queryBudgetProblem, rateOf, ratioProblem } from './verdict';
import { benchConfig } from './bench-app';

export interface BenchResult {
  name: string;
  /** Printable lines, in order. */
  lines: string[];
  metrics: { signinPerSecond: number; rawVerifyPerSecond: number; ratio: number; signinP99: number; verifyP99: number };
  /** What failed, in words (empty when ok). */
  problems: string[];
  /** Whether the ratio reaches what this run judges (the target, or under --short the CI floor). */
  ok: boolean;
}

const TARGET = 0.8;
/**
 * What the CI version (--short) judges: a floor under the target that a real regression crosses (an
 * extra round trip or hash per sign-in), where the target itself sat within its rounds' spread of
 * the median on some machines (0.72-0.77 on one machine, 0.82 on another: decision 0020, "Sign-in
 * on a later machine"). The full `npm run bench` judges the target.
 */
const JUDGED = judgedBar(TARGET, 0.65);
/**
 * Statements per sign-in, judged by every run: the account read, the lock-out bookkeeping and the
 * session insert as the code sends them, half a statement of margin. One query more per sign-in is
 * 1-3% of its CPU, inside the rate's noise: this count catches it, the rate's floor catches a hash
 * more (half the rate).
 */
const QUERIES_PER_SIGNIN = 2.5;
const judgedText = barText(TARGET, JUDGED);

/** Raw verify from `concurrency` loops for `seconds`, each operation's latency recorded. */
async function verifyWindow(seconds: number, concurrency: number, verify: (i: number) => Promise<void>): Promise<Window> {
  const latencies: number[] = [];
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await verify(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { count: latencies.length, seconds: (performance.now() - start) / 1000, latencies: Float64Array.from(latencies) };
}

export async function measure(serverUrl: string | undefined): Promise<BenchResult> {
  const seconds = Number(process.env.BENCH_SECONDS ?? (process.env.BENCH_SHORT ? 7 : 9));
  const windows = Number(process.env.BENCH_WINDOWS ?? (process.env.BENCH_SHORT ? 7 : 9));
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
  const scratch = serverUrl ? await scratchDatabase(serverUrl) : undefined;
  const db = createDb({ databaseUrl: scratch?.url });
  await migrateToLatest(db);
  const config = benchConfig({ SIGNIN_RATE_LIMIT: '1000000' });
  const app = await buildApp({ config, db });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}${config.API_BASE}/signin`;
    // One account per connection, each with its own salted argon2id hash.
    const password = `Bench-${randomBytes(6).toString('hex')}`;
    const accounts: Array<{ email: string; passwordHash: string }> = [];
    for (let i = 0; i < concurrency; i++) {
      const tag = randomBytes(6).toString('hex');
      const email = `bench${tag}@example.test`;
      const passwordHash = await hashPassword(password);
      await db
        .insertInto('accounts')
        .values({ account_ref: `acc_${tag}`, email, display_name: `bench${tag}`, password_hash: passwordHash })
        .execute();
      accounts.push({ email, passwordHash });
    }
    const bodies = accounts.map((a) => JSON.stringify({ email: a.email, password, siteRef: 'WEB' }));
    const signinWindow = (s: number) => httpWindow(url, bodies, s, 1, { channel: 'WEB' });
    const verify = async (i: number) => {
      if (!(await verifyPassword(accounts[i]!.passwordHash, password))) throw new Error('verify failed');
    };
    // Warm-up of both paths (JIT, connection pools, prepared plans), not counted.
    await signinWindow(1);
    await verifyWindow(1, concurrency, verify);
    const verifyWindows: Window[] = [];
    const signinWindows: Window[] = [];
    const signinCpu = noCpu();
    const signinQueries = noQueries();
    const idleQueries = noQueries();
    await alternate(windows, [
      async () => verifyWindows.push(await countQueries(idleQueries, () => verifyWindow(seconds / windows, concurrency, verify))),
      async () => signinWindows.push(await measureCpu(scratch && db, signinCpu, () => countQueries(signinQueries, () => signinWindow(seconds / windows)))),
    ]);
    const raw = pool(verifyWindows);
    const signin = pool(signinWindows);
    // The verdict: the median of the rounds' ratios (bench/verdict.ts); the pooled rates are printed.
    const { ratio, ratios } = pairedRatio(signinWindows.map(rateOf), verifyWindows.map(rateOf));
    const problems = [
      ratioProblem('sign-in over raw verify', ratio, JUDGED, [signin.count, raw.count]),
      queryBudgetProblem('statements per sign-in', signinQueries, idleQueries, QUERIES_PER_SIGNIN),
    ].filter((p) => p !== null);
    const ok = problems.length === 0;
    const each = (ws: Window[]) => ws.map((w) => (w.count / w.seconds).toFixed(1)).join(', ');
    const lines = [
      `sign-in vs raw argon2id verify (m=${ARGON2_OPTIONS.memoryCost / 1024}MiB t=${ARGON2_OPTIONS.timeCost} p=${ARGON2_OPTIONS.parallelism}), ${concurrency} concurrent on each side, ${windows} rounds of one ${(seconds / windows).toFixed(1)} s window per side, the order reversed every other round, ${scratch ? 'PostgreSQL' : 'PGlite'}`,
      `  raw argon2id verify      : ${raw.rate.toFixed(1)} /s  p50 ${raw.p50.toFixed(1)} ms  p99 ${raw.p99.toFixed(1)} ms  (windows: ${each(verifyWindows)} /s)`,
      `  POST /signin (HTTP, loopback, ${concurrency} keep-alive connections): ${signin.rate.toFixed(1)} /s  p50 ${signin.p50.toFixed(1)} ms  p99 ${signin.p99.toFixed(1)} ms  (windows: ${each(signinWindows)} /s)`,
      `                             ${perOperation(signinCpu, signin.count, 'sign-in')}`,
      `  statements per sign-in   : ${budgetText(signinQueries, idleQueries, QUERIES_PER_SIGNIN)}`,
      `  ratio                    : ${ratio.toFixed(2)} (${judgedText}) ${ok ? 'OK' : 'BELOW TARGET'} (median of ${windows} rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}); p99 ${signin.p99.toFixed(1)} ms vs ${raw.p99.toFixed(1)} ms`,
    ];
    return {
      name: 'signin',
      lines,
      metrics: { signinPerSecond: signin.rate, rawVerifyPerSecond: raw.rate, ratio, signinP99: signin.p99, verifyP99: raw.p99 },
      problems,
      ok,
    };
  } finally {
    await app.close();
    await db.destroy();
    await scratch?.drop();
  }
}

/**
 * Measured once on each database, never again: on PostgreSQL, the production database
 * (ARCHITECTURE.md), where the target applies; on the embedded PGlite, printed for what it is (its
 * SQL runs on the server's own thread, beside the request handling, so a sign-in there costs its
 * two queries in that thread too; the full bench only). PostgreSQL unreachable: said loudly, and
 * the bench fails.
 */
export async function run(): Promise<void> {
  const server = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const onPostgres = await measure(server);
  for (const line of onPostgres.lines) console.log(line);
  // The CI version measures PostgreSQL only, where the target applies.
  if (!process.env.BENCH_SHORT) {
    const embedded = await measure(undefined);
    for (const line of embedded.lines) console.log(line.replace(/ \(target >= [^)]*\) (OK|BELOW TARGET)/, ' (no target on the embedded database)'));
  }
  if (!onPostgres.ok) throw new Error(`sign-in on PostgreSQL: ${onPostgres.problems.join('; ')} (${judgedText})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}
