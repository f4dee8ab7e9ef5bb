/**
 * The start's steps, said as they happen (server.ts): a line when a step begins, one every few
 * seconds while it runs, and one with its time when it ends, so nobody stares at a silent terminal
 * while the embedded database is created, migrated and seeded (the first `npm start` takes most of a
 * minute on a busy machine). Lines go through the process's logger, at info.
 */
export interface StepLogger {
  info(message: string): void;
}

/** A step still running says so this often. */
export const STILL_RUNNING_EVERY_MS = 5_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `run`, saying that `what` starts, is still running every STILL_RUNNING_EVERY_MS, and is done (or failed) with its time. */
export async function startStep<T>(log: StepLogger, what: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  log.info(`${what}...`);
  const ticker = setInterval(() => log.info(`${what}: still running (${seconds(performance.now() - started)})`), STILL_RUNNING_EVERY_MS);
  try {
    const result = await run();
    log.info(`${what}: done in ${seconds(performance.now() - started)}`);
    return result;
  } catch (error) {
    log.info(`${what}: failed after ${seconds(performance.now() - started)}`);
    throw error;
  } finally {
    clearInterval(ticker);
  }
}

/**
 * Creates the embedded database's folder (PGlite's initdb) in a worker thread. Creating it takes
 * 10-40 s of WebAssembly that holds the thread it runs on: run on the main thread, nothing (not even
 * startStep's "still running" line) could be said meanwhile. The server opens the folder afterwards,
 * which takes a few seconds.
 */
export async function createEmbeddedDatabase(dataDir: string): Promise<void> {
  const { Worker } = await import('node:worker_threads');
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const code = `import { PGlite } from ${JSON.stringify(pglite)};
const db = new PGlite(${JSON.stringify(dataDir)});
await db.waitReady;
await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`creating the embedded database in ${dataDir} failed (exit ${code})`))));
  });
}
