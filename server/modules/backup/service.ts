import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { instanceOf, migrateToLatest, type Db } from '../../db';
import { LOCK_FILE, lockDataDir, lockHolder } from '../../data-dir';

/**
 * Backups of the embedded database (docs/operations.md). A backup is PGlite's own dump of
 * its data folder (a gzipped tarball, `dumpDataDir`): taken by the process that holds the database
 * (the server, through the admin channel, or the admin command itself), so it is consistent.
 * PostgreSQL is backed up with pg_dump -Fc / pg_restore (docs/operations.md).
 */
export async function backupEmbedded(db: Db, file: string): Promise<number> {
  const { pglite } = instanceOf(db);
  if (!pglite) throw new Error('not the embedded database');
  const dump = await pglite.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  // Written aside then renamed: a backup file is whole or absent, never half written.
  const partial = `${file}.partial`;
  writeFileSync(partial, bytes, { mode: 0o600 });
  renameSync(partial, file);
  return bytes.length;
}

export class RestoreRefused extends Error {}

/**
 * Replaces the embedded database in `dataDir` by the backup `file`. Refused while another process
 * (a server) holds the folder. The backup is unpacked and migrated in a folder beside it first;
 * only then are the current files moved aside (to `<dataDir>.before-restore-<time>`, kept for the
 * operator to delete) and the restored ones moved in. Returns where the old files went (or null).
 */
export async function restoreEmbedded(dataDir: string, file: string, log: (line: string) => void = () => {}): Promise<string | null> {
  if (!existsSync(file)) throw new RestoreRefused(`No backup file ${file}`);
  const holder = lockHolder(dataDir);
  if (holder && holder.pid !== process.pid) {
    throw new RestoreRefused(
      `DATA_DIR ${dataDir} is held by ${holder.role === 'server' ? 'a server' : 'an admin command'} (pid ${holder.pid}): stop it, then restore. Nothing was changed.`,
    );
  }
  if (holder?.role === 'server') throw new RestoreRefused('A running server cannot restore its own database: stop it, then run restore. Nothing was changed.');
  const lock = holder ? null : lockDataDir(dataDir, 'admin');
  const staging = `${dataDir}.restoring`;
  try {
    rmSync(staging, { recursive: true, force: true });
    const blob = new Blob([readFileSync(file)]);
    const pglite = new PGlite(staging, { loadDataDir: blob });
    const db = new Kysely<unknown>({ dialect: new PGliteDialect({ pglite }) });
    try {
      // A backup from an older release is brought to this release's schema before it goes live.
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    const existing = readdirSync(dataDir).filter((name) => name !== LOCK_FILE);
    let aside: string | null = null;
    if (existing.length > 0) {
      aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      mkdirSync(aside);
      for (const name of existing) renameSync(path.join(dataDir, name), path.join(aside, name));
      log(`The database that was in ${dataDir} is now in ${aside}`);
    }
    for (const name of readdirSync(staging)) renameSync(path.join(staging, name), path.join(dataDir, name));
    rmSync(staging, { recursive: true, force: true });
    return aside;
  } finally {
    lock?.release();
  }
}
