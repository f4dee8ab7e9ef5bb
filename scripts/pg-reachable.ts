/**
 * Whether CI may run the API suite on PostgreSQL: `tsx scripts/pg-reachable.ts <url>` tries
 * `select 1` within 5 seconds and exits
 *   0  reachable: run the suite on it;
 *   1  unreachable under CI (CI=true or CI=1): the run must fail, a CI that silently skips the
 *      PostgreSQL suite would pass without ever having tested the production database;
 *   2  unreachable on a local run (CI unset): the caller skips the suite, loudly.
 * .ci/run calls it before `npm test` (to fail fast) and again before the PostgreSQL suite.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export type PostgresDecision = 'run' | 'fail' | 'skip';

/** CI=true (GitHub, GitLab and most runners) or CI=1; anything else, unset included, is a local run. */
export const isCi = (env: NodeJS.ProcessEnv) => ['true', '1'].includes((env.CI ?? '').trim().toLowerCase());

export function postgresDecision(reachable: boolean, env: NodeJS.ProcessEnv): PostgresDecision {
  if (reachable) return 'run';
  return isCi(env) ? 'fail' : 'skip';
}

export const EXIT_CODES: Record<PostgresDecision, number> = { run: 0, fail: 1, skip: 2 };

async function reachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = process.argv[2];
  if (!url) {
    console.error('usage: tsx scripts/pg-reachable.ts <postgres url>');
    process.exit(1);
  }
  const problem = await reachable(url);
  const decision = postgresDecision(problem === null, process.env);
  if (problem !== null) {
    console.error(`PostgreSQL not reachable: ${problem}`);
    if (decision === 'fail') console.error('CI is set: the API suite must run on PostgreSQL, so this run fails.');
  }
  process.exit(EXIT_CODES[decision]);
}
