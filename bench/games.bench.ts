/**
 * Games bench, on PostgreSQL (a fresh database made on BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres, dropped at the end):
 *  1. Spins per second through the API next to pgbench, like with like: BENCH_CONCURRENCY clients
 *     on both sides (default 64: a casino's load is many players each waiting for their own spin),
 *     BENCH_THREADS load threads on both sides (default 2, this machine's cores: pgbench -j, and
 *     the worker threads of the HTTP load generator), prepared statements on both sides (the API
 *     prepares every statement on PostgreSQL; pgbench -M prepared). Spins: a real listening server,
 *     each player a keep-alive HTTP/1.1 connection spinning a slot (`POST /house/play` with a fresh
 *     requestId per spin): a full round (seed nonce, wallet bet and win through the seamless-wallet
 *     interface, round record), committed before it is answered. pgbench: the simple-update script
 *     (`pgbench -N -M prepared -c <clients> -j <threads>`) on a scratch database of the same server.
 *     One measurement, fixed in advance: after a warm-up, BENCH_ROUNDS (default 7, 5 with --short)
 *     rounds of one window of BENCH_SECONDS (default 3, 2 with --short) of each side, the order
 *     reversed every other round (this machine's speed drifts within a minute); the verdict is the
 *     median of the rounds' ratios (bench/verdict.ts); each side's pooled rate and p50/p99 latency
 *     (pgbench's from its per-transaction log) are printed. Target: spins/s >= 0.5 x pgbench TPS; below it the
 *     bench says so and fails, it is not measured again. Like with like: a second server on the same
 *     database plays with group commit off (one round a statement, one commit each, as pgbench's
 *     transactions), in 3 rounds of its own against pgbench after the judged ones (its commits
 *     leave the database busy for the next window); its ratio is printed beside.
 *  2. Bet history page 1 vs page 1,000 for a player with 1,000,000 rounds (bulk-inserted with
 *     generate_series), median over many calls through the API. Target: page 1,000 within 2x of page 1.
 *  3. RTP: each game's declared RTP against its exact maths, and the engine's simulation
 *     (BENCH_RTP_ROUNDS, default 1,000,000 rounds each) against it (scripts/games/rtp.ts).
 * `npm run bench` runs it with the others; `npx tsx bench/games.bench.ts` runs it alone.
 * BENCH_GAMES_PARTS (default "spins,history,rtp"; under --short "spins,history", bench/rtp.bench.ts
 * simulating every game against its exact maths) runs only some of the three parts.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { createDb, migrateToLatest } from '../server/db';
import { seedGames } from '../server/modules/games/service';
import { loadCatalogue } from '../server/modules/games/catalogue';
import { declaredVsExact } from '../server/modules/games/math';
import { simulateGame } from '../scripts/games/rtp';
import { createSession } from '../server/plugins/session';
import { serverSeedHash } from '../contracts/fairness';
import { setRoundBatching } from '../server/modules/house/one-statement';
import { httpWindow, percentile, pool, printableUrl, REQUEST_ID, type Window } from './http-load';
import { scratchDatabase } from './scratch-db';
import { measureCpu, noCpu, perOperation } from './cpu';
import { alternate, barText, budgetText, countQueries, judgedBar, noQueries, pairedRatio, queryBudgetProblem, rateOf, ratioProblem } from './verdict';
import { BENCH_WAGERED_BEFORE, benchConfig, benchGameSession } from './bench-app';

const SPIN_TARGET = 0.5;
/**
 * The spins' target is judged by the full `npm run bench`. The CI version (--short) judges a floor
 * under it, where the target sat within its rounds' spread of the median on some machines (0.49-0.51,
 * 0.53-0.59, 0.42-0.44 on the one where the live tables were added: decision 0020, "Spins on a later
 * machine"). The regressions it was meant to catch are caught by the count of statements per spin
 * below, whatever the machine's load (group commit lost: 1.1 a spin; a round trip more: +1); the rate
 * floor catches what a count cannot, a spin costing a third more CPU or waiting longer (0.3; group
 * commit lost falls to 0.08).
 */
const SPIN_JUDGED_AT = judgedBar(SPIN_TARGET, 0.3);
/** Statements per spin with group commit (0.05-0.06 seen, 32 rounds a statement): one more a round crosses it. */
const QUERIES_PER_SPIN = 0.5;
/**
 * The server with group commit off, judged against its own bars: one statement a round as the code
 * sends it (1.09-1.15 seen, a round trip more crosses 1.5), and its rate against pgbench at least
 * 0.02 (0.06-0.09 seen on a quiet machine, its windows the slowest to settle), so that it cannot stall unnoticed.
 */
const QUERIES_PER_SPIN_OFF = 1.5;
const OFF_FLOOR = 0.02;
const median = (xs: number[]) => percentile(Float64Array.from(xs), 0.5);
const HISTORY_TARGET = 2;

/** pgbench's arguments for one window (the URL last). */
const pgbenchArgs = (clients: number, threads: number, seconds: number) => [
  '-N',
  '-M',
  'prepared',
  '-c',
  String(clients),
  '-j',
  String(threads),
  '-T',
  String(seconds),
];

/**
 * One pgbench window on a database `pgbench -i` made: its transactions, the duration it reports
 * (tps = count / seconds, connection time excluded) and every transaction's latency from its log.
 */
async function pgbenchWindow(url: string, clients: number, threads: number, seconds: number): Promise<Window> {
  const logDir = mkdtempSync(path.join(tmpdir(), 'cc-pgbench-'));
  try {
    let out: string;
    try {
      // Not execFileSync: the servers' own background (clocks, pollers) runs meanwhile, and is counted as the idle statements.
      ({ stdout: out } = await promisify(execFile)(
        'pgbench',
        [...pgbenchArgs(clients, threads, seconds), '-l', `--log-prefix=${path.join(logDir, 'tx')}`, url],
        {
          encoding: 'utf8',
        },
      ));
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? '');
      if (stderr.includes('too many clients')) {
        throw new Error(
          `pgbench could not open its ${clients} connections (PostgreSQL's max_connections, shared with the API's pool of up to 20 and with every other client of the server, was reached): no measurement`,
        );
      }
      throw error;
    }
    const tps = out.match(/tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/) ?? out.match(/tps = ([\d.]+)/);
    const processed = out.match(/number of transactions actually processed: (\d+)/);
    if (!tps || !processed) throw new Error(`could not read pgbench output:\n${out}`);
    // Log lines: client_id transaction_no time(us) script_no time_epoch time_us
    const latencies: number[] = [];
    for (const file of readdirSync(logDir)) {
      for (const line of readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
        const us = line.split(' ')[2];
        if (us) latencies.push(Number(us) / 1000);
      }
    }
    const count = Number(processed[1]);
    return { count, seconds: count / Number(tps[1]), latencies: Float64Array.from(latencies) };
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
}

/** Time for the servers' idle connections to close (poolIdleMs 100) before pgbench opens its own. */
const pgbenchRoom = () => new Promise((resolve) => setTimeout(resolve, 300));

export async function run(): Promise<void> {
  const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const seconds = Number(process.env.BENCH_SECONDS ?? (process.env.BENCH_SHORT ? 2 : 3));
  const rounds = Number(process.env.BENCH_ROUNDS ?? (process.env.BENCH_SHORT ? 7 : 9));
  const offRounds = 3;
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 64);
  const threads = Number(process.env.BENCH_THREADS ?? 2);
  const rtpRounds = Number(process.env.BENCH_RTP_ROUNDS ?? 1_000_000);
  const problems: string[] = [];
  const parts = new Set((process.env.BENCH_GAMES_PARTS ?? (process.env.BENCH_SHORT ? 'spins,history' : 'spins,history,rtp')).split(','));

  const main = await scratchDatabase(serverUrl, 'cc_bench_games');
  // Idle connections close within 100 ms: pgbench's 64 then find room beside the two servers' pools
  // (PostgreSQL's max_connections is 100 here); pgbenchRoom() waits for them to close.
  const db = createDb({ databaseUrl: main.url, poolIdleMs: 100 });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrateToLatest(db);
    await seedGames(db);
    const config = benchConfig();
    app = await buildApp({ config, db });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const api = `${address}${config.API_BASE}`;
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${api}${path}`, {
        method,
        headers: { channel: 'WEB', ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };

    // ---- 1. spins per second through the API, next to pgbench ----
    if (parts.has('spins')) {
      // Like with like (docs/decisions/0020-numbers-anyone-can-check.md): pgbench commits each transaction; the API's group commit writes up
      // to 32 rounds in one statement. So the API is measured twice, on two servers on the same
      // database: as it runs (group commit) and with one round a statement (group commit off), each
      // ratio printed. The target is the running server's; the other is printed and must have run.
      const offDb = createDb({ databaseUrl: main.url, poolIdleMs: 100 });
      // As many statements at once as pgbench's clients can get of the API's pool.
      setRoundBatching(offDb, { roundsPerStatement: 1, statementsInFlight: 16 });
      const offApp = await buildApp({ config, db: offDb });
      const offApi = `${await offApp.listen({ port: 0, host: '127.0.0.1' })}${config.API_BASE}`;
      try {
        const playerBodies = async () => {
          const bodies: string[] = [];
          for (let i = 0; i < concurrency; i++) {
            const session = await benchGameSession(db, api, 'slot-neon-sevens');
            bodies.push(JSON.stringify({ session, requestId: REQUEST_ID, input: { kind: 'slot', bet: 10 } }));
          }
          return bodies;
        };
        // Each server its own players: a server plays from what it remembers of its players' sessions.
        const onBodies = await playerBodies();
        const offBodies = await playerBodies();
        const spinWindow = (s: number) => httpWindow(`${api}/house/play`, onBodies, s, threads, { channel: 'WEB' });
        const offWindow = (s: number) => httpWindow(`${offApi}/house/play`, offBodies, s, threads, { channel: 'WEB' });
        const pgb = await scratchDatabase(serverUrl, 'cc_bench_pgbench');
        const spinWindows: Window[] = [];
        const offWindows: Window[] = [];
        const spinCpu = noCpu();
        const offCpu = noCpu();
        const spinQueries = noQueries();
        const offQueries = noQueries();
        const idleQueries = noQueries();
        const pgbenchWindows: Window[] = [];
        const offPgbenchWindows: Window[] = [];
        try {
          execFileSync('pgbench', ['-i', '-q', pgb.url], { stdio: 'pipe' });
          // Warm-up of every side (JIT, pools, prepared statements, caches), not counted.
          await spinWindow(2);
          await offWindow(2);
          await pgbenchRoom();
          await pgbenchWindow(pgb.url, concurrency, threads, 2);
          // Statistics for the tables the warm-up filled, as a live database has them (autovacuum)
          // and as \`pgbench -i\` gives its own tables: plans are made for tables of their real size.
          await sql`analyze`.execute(db);
          const pgbenchSide = (into: Window[]) => async () => {
            await pgbenchRoom();
            into.push(await countQueries(idleQueries, () => pgbenchWindow(pgb.url, concurrency, threads, seconds)));
          };
          // The judged pair first, alone: a window of the group-commit-off server leaves the database
          // busy (a commit a round) and would slow whichever side came after it.
          await alternate(rounds, [
            async () => spinWindows.push(await measureCpu(db, spinCpu, () => countQueries(spinQueries, () => spinWindow(seconds)))),
            pgbenchSide(pgbenchWindows),
          ]);
          await alternate(offRounds, [
            async () => offWindows.push(await measureCpu(offDb, offCpu, () => countQueries(offQueries, () => offWindow(seconds)))),
            pgbenchSide(offPgbenchWindows),
          ]);
        } finally {
          await pgb.drop();
        }
        const spins = pool(spinWindows);
        const off = pool(offWindows);
        const tps = pool(pgbenchWindows);
        const offTps = pool(offPgbenchWindows);
        // The verdict: the median of the rounds' ratios (bench/verdict.ts); the pooled rates are printed.
        const tpsRates = pgbenchWindows.map(rateOf);
        const { ratio, ratios } = pairedRatio(spinWindows.map(rateOf), tpsRates);
        const { ratio: offRatio } = pairedRatio(offWindows.map(rateOf), offPgbenchWindows.map(rateOf));
        const each = (ws: Window[]) => ws.map((w) => (w.count / w.seconds).toFixed(0)).join(', ');
        console.log(
          `spins vs pgbench: ${concurrency} clients and ${threads} load threads on each side, prepared statements on each side, ${rounds} rounds of one ${seconds} s window per side, the order reversed every other round; then ${offRounds} such rounds of the server with group commit off against pgbench`,
        );
        console.log(
          `  spins, group commit:    ${spins.rate.toFixed(0)} /s  p50 ${spins.p50.toFixed(1)} ms  p99 ${spins.p99.toFixed(1)} ms  (windows: ${each(spinWindows)} /s)`,
        );
        console.log(
          `                          POST ${api}/house/play, slot-neon-sevens bet 10, a fresh requestId per spin, ${concurrency} keep-alive connections over ${threads} threads; up to 32 rounds a statement, 4 statements at once; players at level 10 (${BENCH_WAGERED_BEFORE.toLocaleString('en')} coins wagered before)`,
        );
        console.log(`                          ${perOperation(spinCpu, spins.count, 'spin')}`);
        console.log(`                          ${budgetText(spinQueries, idleQueries, QUERIES_PER_SPIN)}`);
        console.log(
          `  spins, one a statement: ${off.rate.toFixed(0)} /s  p50 ${off.p50.toFixed(1)} ms  p99 ${off.p99.toFixed(1)} ms  (windows: ${each(offWindows)} /s)`,
        );
        console.log(
          `                          POST ${offApi}/house/play, the same, another ${concurrency} players; group commit off: 1 round a statement, 16 statements at once`,
        );
        console.log(`                          ${perOperation(offCpu, off.count, 'spin')}`);
        console.log(
          `                          ${budgetText(offQueries, idleQueries, QUERIES_PER_SPIN_OFF)} (over the group-commit budget of ${QUERIES_PER_SPIN}, as it must be)`,
        );
        console.log(
          `  pgbench simple-update:  ${tps.rate.toFixed(0)} TPS  p50 ${tps.p50.toFixed(1)} ms  p99 ${tps.p99.toFixed(1)} ms  (windows: ${each(pgbenchWindows)} TPS; one commit a transaction)`,
        );
        console.log(`                          pgbench ${pgbenchArgs(concurrency, threads, seconds).join(' ')} -l ${printableUrl(pgb.url)}`);
        console.log(
          `  ratio, group commit:    ${ratio.toFixed(2)} (${barText(SPIN_TARGET, SPIN_JUDGED_AT)}) ${ratio >= SPIN_JUDGED_AT ? 'OK' : 'BELOW TARGET'} (median of ${rounds} rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}); p99 ${spins.p99.toFixed(1)} ms vs ${tps.p99.toFixed(1)} ms`,
        );
        console.log(
          `  ratio, one a statement: ${offRatio.toFixed(2)} (like with like: one commit a round on both sides; at least ${OFF_FLOOR}; median of ${offRounds} rounds against pgbench at ${each(offPgbenchWindows)} TPS); p99 ${off.p99.toFixed(1)} ms vs ${offTps.p99.toFixed(1)} ms`,
        );
        const spinProblem = ratioProblem('spins/s over pgbench TPS', ratio, SPIN_JUDGED_AT, [spins.count, tps.count]);
        if (spinProblem) problems.push(spinProblem);
        // Not judged against a target, but a side that made no request, or a ratio that is no number, fails.
        const offProblem = ratioProblem('spins/s (one a statement) over pgbench TPS', offRatio, OFF_FLOOR, [off.count, offTps.count]);
        if (offProblem) problems.push(offProblem);
        const offOverBudget = queryBudgetProblem('statements per spin, group commit off', offQueries, idleQueries, QUERIES_PER_SPIN_OFF);
        if (offOverBudget) problems.push(offOverBudget);
        const overBudget = queryBudgetProblem('statements per spin', spinQueries, idleQueries, QUERIES_PER_SPIN);
        if (overBudget) problems.push(overBudget);
      } finally {
        await offApp.close();
        await offDb.destroy();
      }
    }

    // ---- 2. bet history page 1 vs page 1,000 with 1,000,000 rounds ----
    if (parts.has('history')) {
      const ROUNDS = 1_000_000;
      const tag = randomBytes(5).toString('hex');
      const account = await db
        .insertInto('accounts')
        .values({ account_ref: `acc_${tag}`, email: `h${tag}@example.test`, display_name: `h${tag}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const seedText = randomBytes(32).toString('hex');
      const seed = await db
        .insertInto('fair_seeds')
        .values({ account_id: account.id, server_seed: seedText, server_seed_hash: serverSeedHash(seedText), client_seed: 'bench', nonce: ROUNDS })
        .returning('id')
        .executeTakeFirstOrThrow();
      const definitionHash = (await db.selectFrom('games').select('definition_hash').where('code', '=', 'slot-neon-sevens').executeTakeFirstOrThrow())
        .definition_hash;
      const insertStarted = performance.now();
      // Synthetic rows (a fixed small outcome): this measures paging, not play.
      await sql`
      insert into house_rounds (id, account_id, play_session_id, game_code, definition_hash, mode, seed_id, nonce, input, actions, stake, win, balance_after, status, outcome, player_seq, created_at, settled_at)
      select gen_random_uuid(), ${account.id}::uuid, gen_random_uuid(), 'slot-neon-sevens', ${definitionHash}, 'real', ${seed.id}, s - 1,
             '{"kind":"slot","bet":10}'::jsonb, '[]'::jsonb, 10, (s % 7) * 3, 1000000 + s, 'settled',
             '{"kind":"slot","base":{"stops":[],"grid":[],"lineWins":[],"scatterCount":0,"scatterWin":0,"multiplier":1,"freeSpinsAwarded":0,"win":0},"freeSpins":[],"totalWin":0}'::jsonb,
             s, now() - make_interval(secs => ${ROUNDS} - s), now()
      from generate_series(1, ${ROUNDS}) as s`.execute(db);
      await db.insertInto('house_players').values({ account_id: account.id, rounds: ROUNDS }).execute();
      await sql`analyze house_rounds`.execute(db);
      console.log(`history fixture:            ${ROUNDS.toLocaleString('en')} rounds inserted in ${((performance.now() - insertStarted) / 1000).toFixed(1)} s`);
      const { token } = await createSession(db, account.id);
      const auth = { authorization: `Bearer ${token}` };
      const timePage = async (page: number) => {
        const times: number[] = [];
        for (let i = 0; i < 200; i++) {
          const t0 = performance.now();
          const body = await call('GET', `/get-bet-history?page=${page}`, undefined, auth);
          times.push(performance.now() - t0);
          if ((body.records as unknown[]).length !== 20) throw new Error(`page ${page} has ${(body.records as unknown[]).length} records`);
        }
        return median(times);
      };
      await timePage(1);
      await timePage(1000);
      const first = await timePage(1);
      const deep = await timePage(1000);
      const historyRatio = deep / first;
      console.log(`bet history page 1:         ${first.toFixed(2)} ms (median of 200)`);
      console.log(`bet history page 1,000:     ${deep.toFixed(2)} ms (median of 200)`);
      console.log(`ratio:                      ${historyRatio.toFixed(2)} (target <= ${HISTORY_TARGET})`);
      const historyProblem = ratioProblem('bet history page 1,000 over page 1', historyRatio, HISTORY_TARGET, [first, deep], 'at most');
      if (historyProblem) problems.push(historyProblem);
    }
  } finally {
    await app?.close();
    await db.destroy();
    await main.drop();
  }

  // ---- 3. RTP: declared against exact, and the engine's simulation against declared ----
  if (parts.has('rtp')) {
    console.log(
      `RTP: declared vs exact maths (contracts/game-math/, tolerance 0.01 points); simulation of ${rtpRounds.toLocaleString('en')} rounds per game vs declared (tolerance 4.5 standard errors):`,
    );
    for (const [i, game] of loadCatalogue().entries()) {
      const declared = declaredVsExact(game);
      console.log(
        `  ${game.gameCode.padEnd(24)} declared ${(declared.declared * 100).toFixed(4)}%  exact ${(declared.exact * 100).toFixed(4)}%  ${declared.ok ? 'ok' : 'DIFFERS'}`,
      );
      if (!declared.ok) problems.push(`${game.gameCode} declared RTP differs from its exact RTP`);
      for (const c of simulateGame(game, rtpRounds, 1000 + i)) {
        const z = (c.measured - c.declared) / c.standardError;
        console.log(
          `    ${c.bet.padEnd(15)} expected ${(c.declared * 100).toFixed(2)}%  measured ${(c.measured * 100).toFixed(2)}%  (${z >= 0 ? '+' : ''}${z.toFixed(2)} SE; tolerance ±${(4.5 * c.standardError * 100).toFixed(2)} points) ${c.withinTolerance ? 'ok' : 'OUT OF TOLERANCE'}`,
        );
        if (!c.withinTolerance) problems.push(`${game.gameCode} ${c.bet} RTP out of tolerance`);
      }
    }
  }
  if (problems.length) throw new Error(problems.join('; '));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await run();
}
