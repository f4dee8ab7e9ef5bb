/**
 * Which built modules a page loads before any of its code decides to load more: its entry modules,
 * their static imports, transitively, and the strings in the page's language that a module waits for
 * before it runs (`virtual:strings`, scripts/locale-strings.ts: a dynamic import of a `strings-<lang>_`
 * chunk). Other dynamic imports (popups, games) load on demand and are not followed.
 * Used by the build (scripts/modulepreload.ts) and the JavaScript budgets (bench/site-bytes).
 */
const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["']([^"']+\.js)["']/g;
const STRINGS_IMPORT = /import\(\s*[`"'](\.\/strings-([a-z]{2})[\w.-]*\.js)[`"']\s*\)/g;

/** `entries` and what they load up front, as site paths, in the order found; `read` gives a module's code. */
export function modulesLoadedUpFront(entries: string[], lang: string, read: (sitePath: string) => string): string[] {
  const seen = new Set<string>();
  const queue = entries.filter((url) => url.startsWith('/'));
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = read(url);
    for (const [, rel] of code.matchAll(STATIC_IMPORT)) queue.push(new URL(rel, `http://site${url}`).pathname);
    for (const [, rel, chunkLang] of code.matchAll(STRINGS_IMPORT)) if (chunkLang === lang) queue.push(new URL(rel, `http://site${url}`).pathname);
  }
  return [...seen];
}

/** A strings chunk of the build (`/_astro/strings-ja_games.X.js`). */
export const isStringsChunk = (url: string) => /\/strings-[a-z]{2}_[^/]+\.js$/.test(url);
