/**
 * `npm start`: build the site when it is missing or older than its sources, then run the one process
 * that serves the site, the API and the house games (migrations and demo seed run inside the server).
 */
import { spawnSync } from 'node:child_process';
import { PSEUDO_LOCALE_ON } from '../contracts/languages';
import { buildReason } from './site-freshness';

const siteDir = process.env.SITE_DIR ?? './dist';
// Missing, older than its sources, or built with or without the pseudo-locale unlike this start (PSEUDO_LOCALE=1).
const reason = process.argv.includes('--rebuild') ? 'Rebuilding the site (--rebuild)...' : buildReason(siteDir, { pseudo: PSEUDO_LOCALE_ON });
if (reason) {
  console.log(reason);
  const result = spawnSync('npx', ['astro', 'build', '--outDir', siteDir], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// `npm start` is the local demo: the development aids (dev outbox with mails and SMS codes, captcha
// answers, OpenAPI UI) are on unless the environment says otherwise. A deployment runs server.ts itself.
if (process.env.DEV_TOOLS === undefined && process.env.NODE_ENV !== 'production') {
  process.env.DEV_TOOLS = 'true';
  console.log('DEV_TOOLS=true (local demo): /api/dev/outbox, captcha answers and /api/docs are open. Never expose this process.');
}
// Loading the server's code takes a few seconds; the server then says each step of its start.
console.log('Starting the server...');
await import('../server/server');
