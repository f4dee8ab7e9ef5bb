/**
 * `npm run test:e2e`: with BASE_URL set, runs Playwright against that deployment as it is.
 * Otherwise builds the site, starts the real server on a free port with a fresh embedded database
 * (or DATABASE_URL), runs Playwright against it and stops it.
 */
import { spawnSync } from 'node:child_process';
import { E2E_SERVER_ENV, startBuiltSite } from './built-site';

const passThrough = process.argv.slice(2);

function runPlaywright(baseUrl: string): number {
  const result = spawnSync('npx', ['playwright', 'test', ...passThrough], {
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: baseUrl },
  });
  return result.status ?? 1;
}

if (process.env.BASE_URL) {
  process.exit(runPlaywright(process.env.BASE_URL));
}

const site = await startBuiltSite(E2E_SERVER_ENV);
let status = 1;
try {
  status = runPlaywright(site.baseUrl);
} finally {
  await site.stop();
}
process.exit(status);
