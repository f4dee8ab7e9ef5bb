import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PGliteDialect, PostgresDialect, type Compilable, type CompiledQuery, type Dialect } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './schema';

import { isDatabaseUnavailable } from './faults';
import { recordQuery } from '../metrics';

export { isDatabaseUnavailable, retryWhileUnavailable } from './faults';

export type Db = Kysely<Database>;
/** A Kysely handle or an open transaction (the same type: a function taking it joins the caller's transaction). */
export type DbOrTrx = Kysely<Database>;

const INT8 = 20;
/** int8 (coins, counts) comes back as a JS number on both drivers; coins stay far below 2^53. */
const parseInt8 = (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`int8 out of safe range: ${value}`);
  return n;
};

export interface DbTarget {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string;
  /**
   * How long an idle PostgreSQL connection stays open (pg's default, 10 s, when absent). The spin
   * bench closes its servers' idle connections quickly so that pgbench's 64 find room beside them.
   */
  poolIdleMs?: number;
}

/** Longest wait for a pool connection before the request fails with a database fault (503). */
const POOL_WAIT_MS = 5_000;

/** How many statements each PostgreSQL connection keeps prepared (the first ones it sees). */
const PREPARED_PER_CONNECTION = 200;
const statementNames = new Map<string, string>();

/**
 * A pg client that runs parameterised statements as named prepared statements, so PostgreSQL
 * parses and plans each once per connection, not on every call (a game round's statement took
 * longer to plan than to run). The first PREPARED_PER_CONNECTION distinct texts a connection sees
 * are prepared (the hot ones are seen early); any further ones run unnamed, as before.
 */
class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection can die while a request holds this client (PostgreSQL restarted, the backend
    // terminated): pg then emits `error` on it, and pg-pool listens only while the client is idle.
    // Without this listener the process would crash; with it the running query fails (the request
    // answers 503), the client is not queryable any more and the pool drops it on release. The
    // names prepared on that connection are forgotten with it: a new connection prepares afresh.
    this.on('error', (error) => {
      this.#prepared.clear();
      console.error(`PostgreSQL: connection lost: ${error.message}`);
    });
  }

  // pg's query() has many overloads; this only names the (text, values) form Kysely uses.
  // biome-ignore lint/suspicious/noExplicitAny: pg.Client.query's overloads (callback, promise, submittable) pass through untouched.
  override query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      let name = statementNames.get(text);
      if (!name) {
        name = `k${createHash('sha1').update(text).digest('base64url')}`;
        if (statementNames.size >= 10_000) statementNames.clear();
        statementNames.set(text, name);
      }
      if (this.#prepared.has(name) || this.#prepared.size < PREPARED_PER_CONNECTION) {
        this.#prepared.add(name);
        args[0] = { name, text };
      }
    }
    // biome-ignore lint/suspicious/noExplicitAny: the same overloads, called through.
    const result = (super.query as (...a: any[]) => any)(...args);
    // A statement that failed because its connection is dying (a FATAL from a terminated backend
    // arrives before the socket closes) must not give the connection back to the pool, where the
    // next request would get it and fail too: ending it makes pg-pool drop it on release.
    if (result && typeof result.catch === 'function') {
      result.catch((error: unknown) => {
        if (connectionIsDead(error)) this.end().catch(() => {});
      });
    }
    return result;
  }
}

/** An error after which the connection that raised it is of no further use. */
function connectionIsDead(error: unknown): boolean {
  const { severity } = (error ?? {}) as { severity?: string };
  return (
    severity === 'FATAL' ||
    severity === 'PANIC' ||
    (isDatabaseUnavailable(error) && !/^(40001|40P01|53300|25006)$/.test(String((error as { code?: string }).code)))
  );
}

function createDialect(target: DbTarget): { dialect: Dialect; pglite?: PGlite; pool?: pg.Pool } {
  if (target.databaseUrl) {
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: target.databaseUrl,
      max: 20,
      // A request waits this long for a connection (all busy, or the database unreachable), then
      // answers 503 instead of queueing without bound.
      connectionTimeoutMillis: POOL_WAIT_MS,
      ...(target.poolIdleMs === undefined ? {} : { idleTimeoutMillis: target.poolIdleMs }),
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client's error (PostgreSQL restarted, a connection killed) must not crash the process
    // either: the pool drops that client and the next query opens a new one. The client's own
    // listener (PreparingClient) has logged it already.
    pool.on('error', () => {});
    return { dialect: new PostgresDialect({ pool }), pool };
  }
  const pglite = new PGlite(target.dataDir ?? 'memory://', { parsers: { [INT8]: parseInt8 } });
  return { dialect: new PGliteDialect({ pglite }), pglite };
}

/** Which database a Kysely handle (or any of its transactions) talks to. */
export interface DbInstance {
  /** The same object for a handle and all its transactions, a different one for each createDb. */
  key: object;
  /** PostgreSQL: its connection string. */
  url?: string;
  /** The embedded database. */
  pglite?: PGlite;
  /** PostgreSQL: the connection pool (its counts are metrics). */
  pool?: pg.Pool;
}

const instances = new WeakMap<object, DbInstance>();

export function createDb(target: DbTarget): Db {
  const { dialect, pglite, pool } = createDialect(target);
  // Every statement's time (casino_db_query_duration_seconds), failed ones too.
  const db = new Kysely<Database>({ dialect, log: (event) => recordQuery(event.queryDurationMillis / 1000) });
  // The executor's adapter is made once per Kysely instance and handed on to its transactions.
  const key = db.getExecutor().adapter;
  instances.set(key, { key, url: target.databaseUrl, pglite, pool });
  return db;
}

/** The database behind a handle or transaction made by createDb (per-database state such as caches hangs on `key`). */
export function instanceOf(db: DbOrTrx): DbInstance {
  const instance = instances.get(db.getExecutor().adapter);
  if (!instance) throw new Error('db: not made by createDb');
  return instance;
}

/**
 * A statement built and compiled by Kysely once per database, then run with each call's values: for
 * the reads every request makes (the session, the balance), where building and compiling the query
 * cost more main-thread time than sending it. `build` gets a placeholder for each named value (use
 * them where the values go); the function returned, given a database (or transaction) and the values,
 * runs the statement with each value in its place.
 */
export function compiledOnce<R, K extends string>(build: (db: DbOrTrx, value: Record<K, never>) => Compilable<R>) {
  const placeholder = (name: string) => `\u0000${name}`;
  const values = new Proxy({}, { get: (_t, name) => placeholder(String(name)) }) as Record<K, never>;
  const compiled = new WeakMap<object, { query: CompiledQuery<R>; names: (K | undefined)[] }>();
  return (db: DbOrTrx, given: Record<K, unknown>) => {
    const key = instanceOf(db).key;
    let entry = compiled.get(key);
    if (!entry) {
      const query = build(db, values).compile();
      // Each parameter is a placeholder (a value of the call) or a constant written in `build`.
      const names = query.parameters.map((p) => (typeof p === 'string' && p.startsWith('\u0000') ? (p.slice(1) as K) : undefined));
      entry = { query, names };
      compiled.set(key, entry);
    }
    const { query, names } = entry;
    return db.executeQuery<R>({ ...query, parameters: names.map((name, i) => (name === undefined ? query.parameters[i] : given[name])) });
  };
}

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Runs every pending migration; the same files serve PGlite and PostgreSQL. */
// biome-ignore lint/suspicious/noExplicitAny: migrations run before and across schemas: Kysely<any>, as Kysely's migration guide does.
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // The cause travels along: a database fault at start is retried (server.ts), a bad migration is not.
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** Names of the migrations of this build not yet applied to the database (none once it is migrated). */
// biome-ignore lint/suspicious/noExplicitAny: as migrateToLatest.
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder }) });
  const migrations = await migrator.getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
