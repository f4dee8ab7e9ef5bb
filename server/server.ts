import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { createDb, isDatabaseUnavailable, migrateToLatest, retryWhileUnavailable } from './db';
import { buildApp } from './app';
import { seedDemoContent } from './db/seed';

/** The process: config, database, migrations, seed, listen, graceful shutdown. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // A database that is restarting (or not up yet) delays the start instead of ending the process.
  const onRetry = (error: unknown, attempt: number) =>
    console.error(`database unavailable at start (attempt ${attempt}): ${(error as Error).message}`);
  await retryWhileUnavailable(() => migrateToLatest(db), { onRetry });
  if (config.SEED_DEMO) await retryWhileUnavailable(() => seedDemoContent(db, config), { onRetry });
  const app = await buildApp({ config, db });

  // A database fault that escapes a request (a promise nobody awaited) is logged, never fatal: the
  // database comes back and the next requests succeed. Any other unhandled rejection is a bug and
  // goes the uncaught-exception way (graceful shutdown below).
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      app.log.error({ err: { message: (reason as Error).message } }, 'database unavailable (unhandled rejection)');
      return;
    }
    throw reason;
  });

  closeWithGrace({ delay: 10_000, skip: ['unhandledRejection'] }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after error');
    await app.close();
    await db.destroy();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`;
  app.log.info(`Coin Casino on http://localhost:${config.PORT} (API ${config.API_BASE}, database: ${where})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
