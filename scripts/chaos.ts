/**
 * npm run chaos [-- --short] [--seconds=N] [--players=N] [--embedded-only] [--postgres-only]
 *
 * Chaos run, bounded and on loopback only:
 * 1. PostgreSQL (CHAOS_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a fresh
 *    database is created and dropped): two API processes (`node --import tsx server/server.ts`, different PORTs)
 *    under mixed load from players (spins, table rounds, blackjack decisions, bonus claims,
 *    sign-ins, balance reads) while the harness SIGKILLs and restarts processes and terminates
 *    database backends. Clients retry an unanswered action with the same `requestId`.
 * 2. The embedded database (PGlite in a temporary DATA_DIR): one process, SIGKILLed after
 *    acknowledged rounds and restarted on the same folder, again and again.
 *
 * Then it checks, straight in the database: every wallet equals its journal, no balance is negative,
 * every acknowledged requestId has exactly one round (the one it was answered with), every round's
 * stake and win are in the journal once (no game movement without its round), every player's balance
 * equals bonuses + sum(win - stake) of their rounds, every acknowledged bonus is credited once; and
 * that no process exited without the harness causing it. Exit 1 when anything is off.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../server/db';
import {
  ApiProcess,
  baseEnv,
  between,
  checkTheChecks,
  failures,
  freePort,
  gamesOf,
  newPlayer,
  pick,
  printSummary,
  resetStats,
  runLoad,
  sleep,
  stats,
  verify,
} from './load-kit';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const short = args.includes('--short');
const seconds = Number(flag('seconds') ?? (short ? 25 : 120));
const playerCount = Number(flag('players') ?? (short ? 8 : 16));
const adminUrl = process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
async function chaosOnPostgres(): Promise<boolean> {
  const name = `cc_chaos_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env = { ...baseEnv, DATABASE_URL: url.toString() };
  const servers = [new ApiProcess('api-1', await freePort(), env), new ApiProcess('api-2', await freePort(), env)];
  const failuresBefore = failures.length;
  let db: Db | undefined;
  try {
    // One at a time: the first migrates and seeds a fresh database.
    for (const s of servers) {
      s.start();
      await s.waitReady();
    }
    const games = await gamesOf(servers);
    const players = await Promise.all(Array.from({ length: playerCount }, () => newPlayer(servers)));
    const end = Date.now() + seconds * 1000;
    const load = runLoad(servers, players, games, () => Date.now() > end);

    const monkey = (async () => {
      await sleep(1500);
      while (Date.now() < end - 2000) {
        if (Math.random() < 0.55) {
          const victim = pick(servers);
          if (victim.child) {
            await victim.kill9();
            stats.kills++;
            await sleep(between(200, 1500));
            victim.start();
            stats.restarts++;
            await victim.waitReady().catch((error: Error) => failures.push(`restart of ${victim.name} failed: ${error.message}`));
          }
        } else {
          const res = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
          stats.terminations++;
          stats.terminatedBackends += res.rowCount ?? 0;
        }
        await sleep(between(700, 2500));
      }
    })();
    await Promise.all([load, monkey]);
    for (const s of servers)
      if (!s.child) {
        s.start();
        await s.waitReady();
      }
    for (const s of servers) await s.stop();
    for (const s of servers) for (const e of s.unexpectedExits) failures.push(e);

    db = createDb({ databaseUrl: url.toString() });
    const result = await verify(db, players, 'PostgreSQL');
    printSummary(
      'on PostgreSQL: two API processes',
      result,
      `, backend terminations ${stats.terminations} (${stats.terminatedBackends} backends), unexpected exits ${servers.reduce((n, s) => n + s.unexpectedExits.length, 0)}`,
    );
  } finally {
    for (const s of servers) await s.stop().catch(() => {});
    await db?.destroy();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
  return failures.length === failuresBefore;
}

async function chaosOnEmbedded(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cc-chaos-pglite-'));
  const server = new ApiProcess('api-embedded', await freePort(), { ...baseEnv, DATA_DIR: dataDir });
  const servers = [server];
  const failuresBefore = failures.length;
  const cycles = Number(flag('cycles') ?? (short ? 3 : 8));
  let db: Db | undefined;
  try {
    server.start();
    await server.waitReady();
    const games = await gamesOf(servers);
    const players = await Promise.all(Array.from({ length: Math.max(2, Math.ceil(playerCount / 2)) }, () => newPlayer(servers)));
    let done = false;
    const load = runLoad(servers, players, games, () => done);
    const roundsAcked = () => players.reduce((n, p) => n + p.rounds.length, 0);
    for (let cycle = 0; cycle < cycles; cycle++) {
      // Kill only after new acknowledged rounds, at a random moment while requests are in flight.
      const target = roundsAcked() + between(5, 30);
      const waitUntil = Date.now() + 60_000;
      while (roundsAcked() < target && Date.now() < waitUntil) await sleep(50);
      await server.kill9();
      stats.kills++;
      await sleep(between(100, 800));
      server.start();
      stats.restarts++;
      await server.waitReady().catch((error: Error) => failures.push(`restart on the embedded database failed: ${error.message}`));
      if (!server.child) break;
    }
    // A last stretch of load after the final restart, then a graceful stop (the folder is the process's alone).
    await sleep(1500);
    done = true;
    await load;
    await server.stop();
    for (const e of server.unexpectedExits) failures.push(e);

    db = createDb({ dataDir });
    const result = await verify(db, players, 'PGlite');
    printSummary('on the embedded database: one process, SIGKILL after acknowledged rounds', result, `, unexpected exits ${server.unexpectedExits.length}`);
    await checkTheChecks(db, players);
  } finally {
    await server.stop().catch(() => {});
    await db?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return failures.length === failuresBefore;
}

let ok = true;
console.log(
  `chaos${short ? ' (short)' : ''}: loopback only; PostgreSQL ${seconds} s with ${playerCount} players and two processes, then the embedded database`,
);
if (!args.includes('--embedded-only')) ok = (await chaosOnPostgres()) && ok;
resetStats();
if (!args.includes('--postgres-only')) ok = (await chaosOnEmbedded()) && ok;
if (!ok || failures.length) {
  console.log(`\nchaos FAILED: ${failures.length} problems`);
  for (const f of [...new Set(failures)].slice(0, 40)) console.log(`  - ${f}`);
  process.exit(1);
}
console.log('\nchaos: nothing lost or doubled, no balance negative, no process exit the harness did not cause');
process.exit(0);
