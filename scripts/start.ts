/**
 * `npm start`: build the site when it is missing or older than its sources, then run the one process
 * that serves the site, the API and the house games (migrations and demo seed run inside the server).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const siteDir = process.env.SITE_DIR ?? './dist';
const sources = ['src', 'locales', 'content', 'contracts', 'public', 'astro.config.mjs', 'tailwind.config.cjs'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const builtAt = existsSync(`${siteDir}/index.html`) ? statSync(`${siteDir}/index.html`).mtimeMs : 0;
const stale = builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt;
if (stale || process.argv.includes('--rebuild')) {
  console.log(builtAt === 0 ? 'Building the site (first start)...' : 'Rebuilding the site (sources changed)...');
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
