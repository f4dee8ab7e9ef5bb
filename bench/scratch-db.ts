import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** One statement on the server at `serverUrl` through a connection of its own (create/drop database). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server at `serverUrl` (never the one the URL names), and how to drop it. */
export async function scratchDatabase(serverUrl: string, prefix = 'cc_bench') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}
