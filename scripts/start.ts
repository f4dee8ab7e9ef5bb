/**
 * `npm start`: build the site when it has not been built yet, then run the one process that serves
 * the site, the API and the house games (migrations and demo seed run inside the server).
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const siteDir = process.env.SITE_DIR ?? './dist';
if (!existsSync(`${siteDir}/index.html`) || process.argv.includes('--rebuild')) {
  console.log('Building the site (first start)...');
  const result = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../server/server');
