/**
 * `npm run screens`: screenshots of every game (tests/e2e/game-screens.spec.ts: ready, mid-spin or
 * mid-deal, after a round, at 375 and 1280 px in ja and en) and of every other screen
 * (tests/e2e/screens.spec.ts), then a contact sheet of them all: test-results/screens/index.html.
 * Extra arguments go to Playwright (e.g. `npm run screens -- -g "en 375"`). Output is not committed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(process.cwd(), 'test-results', 'screens');
const args = process.argv.slice(2);
const specs = args.some((a) => a.endsWith('.spec.ts')) ? [] : ['tests/e2e/game-screens.spec.ts', 'tests/e2e/screens.spec.ts'];
const run = spawnSync('npx', ['tsx', 'scripts/e2e.ts', ...specs, ...args], {
  stdio: 'inherit',
  env: { ...process.env, SCREENS: '1', E2E_WORKERS: process.env.E2E_WORKERS ?? '1' },
});

/** Every PNG under the screens folder, grouped by its folder (a language and a width). */
function pictures(dir: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const file = path.join(d, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.png')) {
        const group = path.relative(root, d);
        groups.set(group, [...(groups.get(group) ?? []), path.relative(root, file)]);
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return groups;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const groups = pictures(root);
const sections = [...groups.entries()]
  .map(
    ([group, files]) =>
      `<section><h2>${esc(group)} (${files.length})</h2><div class="grid">${files
        .map(
          (f) =>
            `<figure><a href="${esc(f)}"><img src="${esc(f)}" loading="lazy" alt=""></a><figcaption>${esc(path.basename(f, '.png'))}</figcaption></figure>`,
        )
        .join('')}</div></section>`,
  )
  .join('\n');
writeFileSync(
  path.join(root, 'index.html'),
  `<!doctype html><meta charset="utf-8"><title>Coin Casino screens</title>
<style>body{font:14px system-ui;background:#1a100b;color:#f5e6c8;margin:16px}h2{margin:24px 0 8px}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:10px}figure{margin:0}img{width:100%;border:1px solid #5a3a22;background:#000}figcaption{font-size:12px;word-break:break-all}</style>
<h1>Coin Casino screens</h1><p>${[...groups.values()].reduce((n, f) => n + f.length, 0)} screenshots, ${new Date().toISOString()}</p>
${sections}
`,
);
console.log(`contact sheet: ${path.relative(process.cwd(), path.join(root, 'index.html'))}`);
process.exit(run.status ?? 1);
