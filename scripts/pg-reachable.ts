/** Exit 0 when the PostgreSQL at the given URL answers `select 1` within 5 seconds. */
import pg from 'pg';

const client = new pg.Client({ connectionString: process.argv[2], connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
  process.exit(0);
} catch (error) {
  console.error(`PostgreSQL not reachable: ${(error as Error).message}`);
  process.exit(1);
}
