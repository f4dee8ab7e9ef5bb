/**
 * Whether `npm start` (scripts/start.ts) must build the site first, and why: it is missing, older
 * than its sources, or built for other languages than this start serves. The pseudo-locale is a
 * language only with PSEUDO_LOCALE=1, for the build and the server alike (contracts/languages.ts): a
 * pseudo-locale build served without it has pages at /en-xa/ whose shells (/en-xa/game-launch/<code>,
 * raffles, promotions) the server does not route and whose API calls it refuses, and a normal build
 * served with it has no /en-xa/ pages at all.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PSEUDO_LOCALE_PREFIX } from '../contracts/languages';

/** What the site is built from: a change to any of them makes the build stale. */
export const SITE_SOURCES = ['src', 'locales', 'content', 'contracts', 'public', 'astro.config.mjs', 'tailwind.config.cjs'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** Whether the build in siteDir was made with the pseudo-locale (it has its pages). */
export const builtWithPseudoLocale = (siteDir: string): boolean => existsSync(path.join(siteDir, PSEUDO_LOCALE_PREFIX, 'index.html'));

/** Why the site in siteDir must be built before serving it (a line to print), or null when it can be served as it is. */
export function buildReason(siteDir: string, { pseudo, sources = SITE_SOURCES }: { pseudo: boolean; sources?: string[] }): string | null {
  const index = path.join(siteDir, 'index.html');
  if (!existsSync(index)) return 'Building the site (first start)...';
  if (builtWithPseudoLocale(siteDir) !== pseudo) {
    return pseudo
      ? 'Rebuilding the site with the pseudo-locale (PSEUDO_LOCALE=1; it was built without)...'
      : 'Rebuilding the site without the pseudo-locale (it was built with PSEUDO_LOCALE=1)...';
  }
  if (Math.max(...sources.map(newestMtime)) > statSync(index).mtimeMs) return 'Rebuilding the site (sources changed)...';
  return null;
}
