import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PGliteDialect, PostgresDialect, type Dialect } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;

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

export function createDialect(target: DbTarget): Dialect {
  if (target.databaseUrl) {
    const pool = new pg.Pool({
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
