/**
 * Each island brings the strings it shows, in the page's language only (docs/decisions/0012).
 *
 * A module of the site imports `virtual:strings?<parts>`: comma-separated parts, each a namespace
 * (`errors`) or one top-level section of it (`games.lobby`). In the browser that module loads the
 * parts of the page's language (`<html lang>`) as a small chunk of their own and adds them to the
 * site's t() (src/lib/i18n.ts) before the importing module runs (top-level await), so an island
 * renders at hydration exactly the text the build did. At build time (SSR) every string is loaded
 * anyway, and the module is empty. An unknown namespace or section fails the build.
 */
import { LANGUAGES, SOURCE_LANGUAGE, isLanguage, languageInfo } from '../contracts/languages';
import { pseudoTree } from '../contracts/pseudo-locale';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:strings?';
const LOADER = '\0strings-loader?';
/** The data of one language: its [name] in the build is `strings-<lang>` (bench/site-bytes counts them). */
const DATA = '\0strings/strings-';

type Tree = Record<string, unknown>;

export function localeStrings(options: { root?: string; i18n?: string } = {}): Plugin {
  const root = path.resolve(options.root ?? 'locales');
  const i18n = path.resolve(options.i18n ?? 'src/lib/i18n.ts');
  // The registry's languages, the source one first (its files are what parts are checked against).
  const languages = () => [SOURCE_LANGUAGE, ...LANGUAGES.filter((code) => code !== SOURCE_LANGUAGE)];
  // A pseudo-locale reads its language's files and makes its strings from them.
  const pseudoOf = (lang: string) => (isLanguage(lang) ? languageInfo(lang).pseudoOf : undefined);
  const file = (lang: string, ns: string) => path.join(root, pseudoOf(lang) ?? lang, `${ns}.json`);
  const namespace = (lang: string, ns: string): Tree => {
    const tree = JSON.parse(readFileSync(file(lang, ns), 'utf8')) as Tree;
    return pseudoOf(lang) ? pseudoTree(tree) : tree;
  };

  /** The parts of an import, checked against the default language's files, sorted and without repeats. */
  function parse(list: string): string[] {
    const parts = [
      ...new Set(
        decodeURIComponent(list)
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ].sort();
    if (parts.length === 0) throw new Error(`${PREFIX}: no strings named`);
    const [base] = languages();
    for (const part of parts) {
      const [ns, section, ...rest] = part.split('.');
      let tree: Tree;
      try {
        tree = namespace(base, ns);
      } catch {
        throw new Error(`${PREFIX}${list}: no namespace '${ns}' (locales/${base}/${ns}.json)`);
      }
      if (rest.length > 0 || (section !== undefined && !(section in tree)))
        throw new Error(`${PREFIX}${list}: '${part}' is not a namespace or one of its top-level sections`);
    }
    return parts;
  }

  function pick(lang: string, parts: string[]): Record<string, Tree> {
    const out: Record<string, Tree> = {};
    for (const part of parts) {
      const [ns, section] = part.split('.');
      const tree = namespace(lang, ns);
      const target = (out[ns] ??= {});
      if (section === undefined) Object.assign(target, tree);
      else if (section in tree) target[section] = tree[section];
    }
    return out;
  }

  return {
    name: 'coin-casino:locale-strings',
    enforce: 'pre',
    resolveId(id) {
      if (id.startsWith(PREFIX)) return LOADER + parse(id.slice(PREFIX.length)).join(',');
      if (id.startsWith(DATA)) return id;
      return null;
    },
    load(id) {
      if (id.startsWith(LOADER)) {
        const list = id.slice(LOADER.length);
        // Build time (SSR) and unit tests read every string eagerly (src/lib/i18n.ts).
        if (this.environment?.config.consumer !== 'client') return 'export {};';
        const langs = languages();
        const choose = langs
          .slice(1)
          .reduceRight(
            (rest, lang) => `lang === ${JSON.stringify(lang)} ? import(${JSON.stringify(`${DATA}${lang}?${list}`)}) : ${rest}`,
            `import(${JSON.stringify(`${DATA}${langs[0]}?${list}`)})`,
          );
        return [
          `import { addStrings, pageLanguage } from ${JSON.stringify(i18n)};`,
          'const lang = pageLanguage();',
          `addStrings(lang, (await (${choose})).default);`,
        ].join('\n');
      }
      if (id.startsWith(DATA)) {
        const [lang, list] = id.slice(DATA.length).split('?');
        const parts = list.split(',');
        for (const ns of new Set(parts.map((p) => p.split('.')[0]))) this.addWatchFile(file(lang, ns));
        return `export default ${JSON.stringify(pick(lang, parts))};`;
      }
      return null;
    },
  };
}
