import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { createDb, migrateToLatest } from './db';
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
  await migrateToLatest(db);
  if (config.SEED_DEMO) await seedDemoContent(db, config);
  const app = await buildApp({ config, db });

  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
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
