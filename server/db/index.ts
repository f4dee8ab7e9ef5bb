import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PGliteDialect, PostgresDialect, type Dialect } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './schema';

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
}

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

  // pg's query() has many overloads; this only names the (text, values) form Kysely uses.
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
    return (super.query as (...a: any[]) => any)(...args);
  }
}

export function createDialect(target: DbTarget): Dialect {
  if (target.databaseUrl) {
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: target.databaseUrl,
      max: 20,
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === INT8 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client's error (PostgreSQL restarted, a connection killed) must not crash the process:
    // the pool drops that client and the next query opens a new one.
    pool.on('error', (error) => console.error(`PostgreSQL pool: idle client error: ${error.message}`));
    return new PostgresDialect({ pool });
  }
  const pglite = new PGlite(target.dataDir ?? 'memory://', { parsers: { [INT8]: parseInt8 } });
  return new PGliteDialect({ pglite });
}

export function createDb(target: DbTarget): Db {
  return new Kysely<Database>({ dialect: createDialect(target) });
}

const migrationFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Runs every pending migration; the same files serve PGlite and PostgreSQL. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
