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
await import('../server/server');
