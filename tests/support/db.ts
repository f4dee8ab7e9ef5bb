import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, migrateToLatest, type Db } from '../../server/db';

/**
 * A fresh, migrated database for one test file: embedded PGlite in memory by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again at the end).
 */
export interface TestDb {
  db: Db;
  kind: 'pglite' | 'postgres';
  url?: string;
  drop: () => Promise<void>;
}

export const testServerUrl = process.env.TEST_DATABASE_URL;
export const onPostgres = Boolean(testServerUrl);

export async function createTestDb(): Promise<TestDb> {
  if (!testServerUrl) {
    const db = createDb({});
    await migrateToLatest(db);
    return { db, kind: 'pglite', drop: () => db.destroy() };
  }
  const name = `cc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testServerUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testServerUrl);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString() });
  await migrateToLatest(db);
  return {
    db,
    kind: 'postgres',
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      const c = new pg.Client({ connectionString: testServerUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
