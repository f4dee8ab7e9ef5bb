/**
 * Build-time <link rel="modulepreload"> for the strings chunks a page's islands wait for, so the
 * browser asks for them while it parses the HTML.
 *
 * Each island waits for its strings (`virtual:strings`, scripts/locale-strings.ts): a dynamic import
 * of a strings chunk in the page's language, awaited at the top of a module. Where the build puts
 * several of those modules into one chunk, their awaits run one after another: without the links a
 * page made one round trip per strings chunk, in a row, before its islands could render (measured on
 * the game launch page: four, each 150 ms on Lighthouse's phone, docs/decisions/0012).
 * Only the strings: preloading every module of the page too was tried and made the first paint later
 * (React's 60 KiB then competes with the stylesheet).
 *
 * Followed from each island hydrated on load (`client="load"`: islands that wait for idle or
 * visibility stay lazy) and each module script of the page (scripts/page-modules.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { isStringsChunk, modulesLoadedUpFront } from './page-modules';

const ASSETS = '/_astro/';

/** The page's module scripts and the scripts of its islands hydrated on load, as site paths. */
export function pageEntries(html: string): string[] {
  const entries: string[] = [];
  for (const [island] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (!/\sclient="load"/.test(island)) continue;
    for (const attr of ['component-url', 'renderer-url']) {
      const url = new RegExp(`\\s${attr}="([^"]+)"`).exec(island)?.[1];
      if (url) entries.push(url);
    }
  }
  for (const [, src] of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) entries.push(src);
  return [...new Set(entries)].filter((url) => url.startsWith(ASSETS));
}

/** The page with a modulepreload link per module, before </head>; unchanged when it has none. */
export function withModulePreloads(html: string, read: (sitePath: string) => string): string {
  const lang = /<html\b[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? '';
  const modules = modulesLoadedUpFront(pageEntries(html), lang, read).filter(isStringsChunk);
  if (modules.length === 0 || !html.includes('</head>')) return html;
  const links = modules.map((href) => `<link rel="modulepreload" href="${href}">`).join('');
  return html.replace('</head>', `${links}</head>`);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? htmlFiles(full) : full.endsWith('.html') ? [full] : [];
  });
}

/** The Astro integration: adds the links to every built page (before precompress compresses them). */
export function modulePreload(): AstroIntegration {
  return {
    name: 'coin-casino:modulepreload',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const cache = new Map<string, string>();
        const read = (sitePath: string) => {
          let code = cache.get(sitePath);
          if (code === undefined) cache.set(sitePath, (code = readFileSync(path.join(root, sitePath), 'utf8')));
          return code;
        };
        let pages = 0;
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          const out = withModulePreloads(html, read);
          if (out === html) continue;
          writeFileSync(file, out);
          pages++;
        }
        logger.info(`modulepreload links added to ${pages} pages`);
      },
    },
  };
}
