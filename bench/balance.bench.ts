import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { createDb, migrateToLatest } from '../server/db';
import { setReadCaching } from '../server/lib/read-cache';
import { httpWindow, pool, printableUrl, type Window } from './http-load';
import { scratchDatabase } from './scratch-db';
import { measureCpu, noCpu, perOperation } from './cpu';
import {
  alternate,
  barText,
  budgetText,
  countQueries,
  judgedBar,
  noQueries,
  pairedRatio,
  type QueryCount,
  queryBudgetProblem,
  rateOf,
  ratioProblem,
} from './verdict';
import { benchConfig, benchPlayer } from './bench-app';

/** The targets of docs/decisions/0013-session-and-balance-caches.md, for the warm side; the cold side's floors are decision 0023's. */
const TARGETS = {
  warm: { PostgreSQL: 0.3, PGlite: 0.05 },
  cold: { PostgreSQL: 0.05, PGlite: 0.01 },
} as const;

/**
 * What the CI version (--short) judges: every side, against a floor where a side's median fell on
 * either side of its target from run to run on some machines (decision 0023, "In CI"): warm on
 * PostgreSQL 0.27-0.34 against 0.3 in the first CI runs (0.47 in a later one), PGlite cold 0.012-0.016
 * against 0.01 (0.018). Each floor still fails on what it guards against: a warm request that
 * reads the database again falls to the cold side's 0.08-0.13, and a page load on PGlite that does
 * twice its work falls under 0.007. The full `npm run bench` judges every side against its target.
 */
const CI_FLOORS = {
  warm: { PostgreSQL: 0.2, PGlite: 0.05 },
  cold: { PostgreSQL: 0.05, PGlite: 0.007 },
} as const;
const bar = (kind: 'PGlite' | 'PostgreSQL', side: 'cold' | 'warm') => judgedBar(TARGETS[side][kind], CI_FLOORS[side][kind]);
/**
 * Statements per request, judged by every run on both databases: a warm request sends none (its
 * session and balance are kept), a cold one two (the session's read and the balance's), each with
 * half a statement of margin. One round trip more per request crosses it on either side; on the warm
 * side a rate floor would need the cache lost altogether.
 */
const QUERY_BUDGETS = { warm: 0.5, cold: 2.5 } as const;

interface Measured {
  lines: string[];
  ratio: { cold: number; warm: number };
  /** Requests made by the cold, warm and bare sides. */
  counts: number[];
  /** Statements of each side, and of the bare side's windows (the server idle: its background). */
  queries: { cold: QueryCount; warm: QueryCount; idle: QueryCount };
}

async function measure(kind: 'PGlite' | 'PostgreSQL', databaseUrl: string | undefined): Promise<Measured> {
  const seconds = Number(process.env.BENCH_SECONDS ?? (process.env.BENCH_SHORT ? 7 : 9));
  const windows = Number(process.env.BENCH_WINDOWS ?? (process.env.BENCH_SHORT ? 7 : 9));
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
  const db = createDb({ databaseUrl });
  await migrateToLatest(db);
  const config = benchConfig();
  const app = await buildApp({ config, db });
  // The bare route: Fastify, one JSON answer of /balance's shape, no hooks, no database.
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ balance: 10000, currency: 'COIN', canClaimBonus: true, lastClaimed: null, nextClaim: null }));
  try {
    const appUrl = `${await app.listen({ port: 0, host: '127.0.0.1' })}${config.API_BASE}/balance`;
    const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
    // One player per connection, each with a wallet and a journal entry.
    const authHeaders: string[] = [];
    for (let i = 0; i < concurrency; i++) {
      const { token } = await benchPlayer(db, 1000, 'DAILY_BONUS');
      authHeaders.push(`authorization: Bearer ${token}\r\n`);
    }
    const appWindow = (s: number) => httpWindow(appUrl, authHeaders, s, 1, { channel: 'WEB' }, 'GET');
    const bareWindow = (s: number) => httpWindow(bareUrl, authHeaders, s, 1, {}, 'GET');
    await bareWindow(1);
    await appWindow(1);
    const bareWindows: Window[] = [];
    const warmWindows: Window[] = [];
    const coldWindows: Window[] = [];
    const warmCpu = noCpu();
    const coldCpu = noCpu();
    const windowSeconds = seconds / windows;
    const queries = { cold: noQueries(), warm: noQueries(), idle: noQueries() };
    await alternate(windows, [
      async () => bareWindows.push(await countQueries(queries.idle, () => bareWindow(windowSeconds))),
      async () => warmWindows.push(await measureCpu(databaseUrl ? db : undefined, warmCpu, () => countQueries(queries.warm, () => appWindow(windowSeconds)))),
      // Cold: nothing is kept, every request reads its session and balance, as a page load after a
      // while away does (a cache miss per request).
      async () => {
        setReadCaching(false);
        try {
          coldWindows.push(await measureCpu(databaseUrl ? db : undefined, coldCpu, () => countQueries(queries.cold, () => appWindow(windowSeconds))));
        } finally {
          setReadCaching(true);
        }
      },
    ]);
    const b = pool(bareWindows);
    const warm = pool(warmWindows);
    const cold = pool(coldWindows);
    // The verdict: the median of the rounds' ratios (bench/verdict.ts); the pooled rates are printed.
    const bareRates = bareWindows.map(rateOf);
    const paired = { cold: pairedRatio(coldWindows.map(rateOf), bareRates), warm: pairedRatio(warmWindows.map(rateOf), bareRates) };
    const ratio = { cold: paired.cold.ratio, warm: paired.warm.ratio };
    const spread = (side: 'cold' | 'warm') => `median of ${windows} rounds: ${paired[side].ratios.map((r) => r.toFixed(3)).join(', ')}`;
    const verdict = (side: 'cold' | 'warm') => `(${barText(TARGETS[side][kind], bar(kind, side))}) ${ratio[side] >= bar(kind, side) ? 'OK' : 'BELOW TARGET'}`;
    return {
      ratio,
      counts: [cold.count, warm.count, b.count],
      queries,
      lines: [
        `GET /balance vs a bare Fastify route, ${concurrency} keep-alive connections each, ${windows} rounds of one ${(seconds / windows).toFixed(1)} s window per side, the order reversed every other round, ${kind}${databaseUrl ? ` (${printableUrl(databaseUrl)})` : ''}`,
        `  bare Fastify route       : ${b.rate.toFixed(0)} /s  p50 ${b.p50.toFixed(2)} ms  p99 ${b.p99.toFixed(2)} ms`,
        `  GET /balance, cold       : ${cold.rate.toFixed(0)} /s  p50 ${cold.p50.toFixed(2)} ms  p99 ${cold.p99.toFixed(2)} ms (every request reads the database)`,
        `                             ${perOperation(coldCpu, cold.count, 'request')}`,
        `  GET /balance, warm       : ${warm.rate.toFixed(0)} /s  p50 ${warm.p50.toFixed(2)} ms  p99 ${warm.p99.toFixed(2)} ms (session and balance kept, docs/decisions/0013)`,
        `                             ${perOperation(warmCpu, warm.count, 'request')}`,
        `  ratio, cold (page load)  : ${ratio.cold.toFixed(3)} ${verdict('cold')} (${spread('cold')})`,
        `  ratio, warm              : ${ratio.warm.toFixed(3)} ${verdict('warm')} (${spread('warm')})`,
        `  statements, cold         : ${budgetText(queries.cold, queries.idle, QUERY_BUDGETS.cold)}`,
        `  statements, warm         : ${budgetText(queries.warm, queries.idle, QUERY_BUDGETS.warm)}`,
      ],
    };
  } finally {
    await bare.close();
    await app.close();
    await db.destroy();
  }
}

export async function run(): Promise<void> {
  const failures: string[] = [];
  const report = (kind: 'PGlite' | 'PostgreSQL', result: Measured) => {
    for (const line of result.lines) console.log(line);
    for (const side of ['cold', 'warm'] as const) {
      const problem = ratioProblem(`${kind} (${side})`, result.ratio[side], bar(kind, side), result.counts);
      if (problem) failures.push(problem);
      const overBudget = queryBudgetProblem(`${kind} (${side}) statements per request`, result.queries[side], result.queries.idle, QUERY_BUDGETS[side]);
      if (overBudget) failures.push(overBudget);
    }
  };
  report('PGlite', await measure('PGlite', undefined));
  const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  try {
    scratch = await scratchDatabase(server);
  } catch (error) {
    // The target that matters is PostgreSQL's: without it the bench has not measured it, and fails.
    console.log(`PostgreSQL at ${printableUrl(server)} unreachable (${(error as Error).message}): its measurement is MISSING.`);
    failures.push(`PostgreSQL at ${printableUrl(server)} unreachable`);
  }
  if (scratch) {
    try {
      report('PostgreSQL', await measure('PostgreSQL', scratch.url));
    } finally {
      await scratch.drop();
    }
  }
  if (failures.length) throw new Error(`GET /balance below target: ${failures.join('; ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}
