import { transformSync } from 'esbuild';

/**
 * An inline script for a page (build time only): its source (src/inline/, written to be read, with
 * comments) minified, as Vite does for the site's modules, inside a function whose parameters are
 * `vars` (JSON, with `<` escaped so no value can close the script element). Every page carries these
 * scripts: as written they weighed 0.4 KiB more a page (gzip). Each name in `constants` is replaced by
 * its value (JSON) before minifying, so a branch on a constant that is off is left out of the page.
 */
export function inlineScript(source: string, vars: Record<string, unknown> = {}, constants: Record<string, unknown> = {}): string {
  const names = Object.keys(vars);
  const values = names.map((name) => JSON.stringify(vars[name]).replace(/</g, '\\u003c'));
  return transformSync(`(function(${names.join(',')}){${source}})(${values.join(',')});`, {
    minify: true,
    target: 'es2019',
    define: Object.fromEntries(Object.entries(constants).map(([name, value]) => [name, JSON.stringify(value)])),
  }).code.trim();
}
