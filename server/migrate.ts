/**
 * `npm run migrate`: applies every pending migration and exits (docs/operations.md). The upgrade step
 * run once, on its own, before the new release's servers start (each server also migrates at start,
 * which is then a no-op). Waits for a database that is not up yet, like the server.
 */
import { loadConfig } from './config';
import { lockDataDir, onDisk } from './data-dir';
import { createDb, migrateToLatest, pendingMigrations, retryWhileUnavailable } from './db';

async function main(): Promise<number> {
  const config = loadConfig();
  // The embedded database belongs to one process: refused while a server holds DATA_DIR.
  const lock = !config.DATABASE_URL && onDisk(config.DATA_DIR) ? lockDataDir(config.DATA_DIR, 'admin') : undefined;
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const before = await retryWhileUnavailable(() => pendingMigrations(db), {
      onRetry: (error, attempt) => console.error(`database unavailable (attempt ${attempt}): ${(error as Error).message}`),
    });
    await migrateToLatest(db);
    console.log(before.length === 0 ? 'migrate: nothing to apply' : `migrate: applied ${before.length}: ${before.join(', ')}`);
    return 0;
  } finally {
    await db.destroy();
    lock?.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`migrate failed: ${error.message}`);
    process.exit(1);
  },
);
