import { existsSync } from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { configWarnings, loadConfig } from './config';
import { createDb, instanceOf, isDatabaseUnavailable, migrateToLatest, retryWhileUnavailable } from './db';
import { buildApp } from './app';
import { seedDemoContent } from './db/seed';
import { DataDirInUse, lockDataDir, onDisk, serveAdminChannel, type DataDirLock } from './data-dir';
import { runAdminCollected } from './admin';
import { serveMetrics } from './metrics';
import { createLogger } from './plugins/security';
import { createEmbeddedDatabase, startStep } from './startup';

/** The process: config, database, migrations, seed, listen, graceful shutdown. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const log = createLogger(config);
  // The embedded database is this process's alone while it runs (server/data-dir.ts).
  const embeddedOnDisk = !config.DATABASE_URL && onDisk(config.DATA_DIR);
  let lock: DataDirLock | undefined;
  if (embeddedOnDisk) {
    try {
      lock = lockDataDir(config.DATA_DIR, 'server', (stale) =>
        console.error(`${config.DATA_DIR}: lock of pid ${stale?.pid ?? '?'} found, which no longer runs (killed?); taken over.`),
      );
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error;
      console.error(error.message);
      process.exit(1);
    }
  }
  // Each step of the start says when it begins, every few seconds while it runs and when it ends
  // (server/startup.ts): on a first start the embedded database is created, which takes a while.
  if (embeddedOnDisk && !existsSync(path.join(config.DATA_DIR, 'PG_VERSION'))) {
    await startStep(log, `Creating the embedded database in ${config.DATA_DIR} (first start only)`, () => createEmbeddedDatabase(config.DATA_DIR));
  }
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const { pglite } = instanceOf(db);
  if (pglite) await startStep(log, `Opening the embedded database in ${config.DATA_DIR}`, () => pglite.waitReady);
  // A database that is restarting (or not up yet) delays the start instead of ending the process.
  const onRetry = (error: unknown, attempt: number) => console.error(`database unavailable at start (attempt ${attempt}): ${(error as Error).message}`);
  await startStep(log, 'Applying database migrations', () => retryWhileUnavailable(() => migrateToLatest(db), { onRetry }));
  if (config.SEED_DEMO) {
    await startStep(log, 'Loading the demo content (games, raffles, races)', () => retryWhileUnavailable(() => seedDemoContent(db, config), { onRetry }));
  }
  const app = await startStep(log, 'Preparing the site and the API', () => buildApp({ config, db, loggerInstance: log }));
  for (const warning of configWarnings(config)) app.log.warn(warning);
  // `npm run admin` runs its commands in here while the server holds DATA_DIR.
  const closeAdminChannel = embeddedOnDisk ? await serveAdminChannel(config.DATA_DIR, (argv) => runAdminCollected(argv, db, config)) : async () => {};

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

  // SIGTERM: readiness answers 503 at once so the balancer stops sending new work here, requests
  // keep being served for SHUTDOWN_DRAIN_MS (those already on their way), then the server closes.
  let closeMetrics = async () => {};
  closeWithGrace({ delay: config.SHUTDOWN_DRAIN_MS + 10_000, skip: ['unhandledRejection'] }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after error');
    else if (signal && config.SHUTDOWN_DRAIN_MS > 0) {
      app.lifecycle.draining = true;
      app.log.info(`${signal}: draining for ${config.SHUTDOWN_DRAIN_MS} ms (ready answers 503), then closing`);
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    }
    await closeAdminChannel();
    await closeMetrics();
    await app.close();
    await db.destroy();
    lock?.release();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  // Metrics are not worth failing the API for: a busy port is logged, and the API serves on.
  if (config.METRICS_PORT > 0) {
    try {
      const metrics = await serveMetrics(config.METRICS_PORT, config.METRICS_HOST);
      closeMetrics = metrics.close;
      app.log.info(`metrics on http://${config.METRICS_HOST}:${metrics.port}/metrics`);
    } catch (error) {
      app.log.error(
        `metrics listener on ${config.METRICS_HOST}:${config.METRICS_PORT} failed: ${(error as Error).message} (set METRICS_PORT, or 0 to turn it off)`,
      );
    }
  }
  const where = config.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${config.DATA_DIR}`;
  app.log.info(`Coin Casino on http://localhost:${config.PORT} (API ${config.API_BASE}, database: ${where})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
