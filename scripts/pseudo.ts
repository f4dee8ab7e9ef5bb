/**
 * `npm run test:pseudo`: the pseudo-locale crawl (tests/e2e/pseudo-locale.spec.ts). Builds the site
 * with PSEUDO_LOCALE=1 into a folder of its own (the pseudo-locale `en-xa` is then a language of the
 * registry, contracts/languages.ts), starts the server with it too, and runs the crawl against it.
 * Extra arguments go to Playwright (`-g "signed out"`); PSEUDO_SCREENSHOTS=<dir> keeps a screenshot
 * of every page at each width.
 */
import { spawnSync } from 'node:child_process';
import { E2E_SERVER_ENV, startBuiltSite } from './built-site';

process.env.PSEUDO_LOCALE = '1';
const site = await startBuiltSite(E2E_SERVER_ENV);
let status = 1;
try {
  const result = spawnSync('npx', ['playwright', 'test', 'tests/e2e/pseudo-locale.spec.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: site.baseUrl, PSEUDO_SITE_DIR: site.siteDir },
  });
  status = result.status ?? 1;
} finally {
  await site.stop();
}
process.exit(status);
