import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { makeT, type Namespaces } from '../../src/lib/translate';

/** The site's own t() (src/lib/translate.ts) must say exactly what i18next said for every string. */
const root = path.resolve('locales');
const langs = readdirSync(root);

function load(lang: string): Namespaces {
  const out: Namespaces = {};
  for (const file of readdirSync(path.join(root, lang))) out[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(root, lang, file), 'utf8'));
  return out;
}

function leaves(tree: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v as Record<string, unknown>, `${prefix}${k}.`),
  );
}

describe('translate: the same text as i18next', () => {
  for (const lang of langs) {
    it(`${lang}: every key, with and without count and placeholders`, () => {
      const namespaces = load(lang);
      const i18n = i18next.createInstance();
      i18n.init({
        lng: lang,
        fallbackLng: false,
        resources: { [lang]: namespaces },
        ns: Object.keys(namespaces),
        defaultNS: 'common',
        initAsync: false,
        interpolation: { escapeValue: false },
        returnNull: false,
      });
      const ours = makeT(lang, namespaces);
      let checked = 0;
      for (const [ns, tree] of Object.entries(namespaces)) {
        for (const [key, text] of leaves(tree)) {
          const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
          const vars = Object.fromEntries([...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map(([, name]) => [name, `<${name}>`]));
          for (const options of [undefined, vars, { ...vars, count: 0 }, { ...vars, count: 1 }, { ...vars, count: 2 }, { ...vars, count: 11 }]) {
            const full = `${ns}:${base}`;
            expect(ours(full, options), `${lang} ${full} ${JSON.stringify(options)}`).toBe(i18n.t(full, options as never));
            checked += 1;
          }
          if (ns === 'common') expect(ours(base, vars)).toBe(i18n.t(base, vars as never));
        }
      }
      expect(checked).toBeGreaterThan(300);
      expect(ours('games:no.such.key')).toBe(i18n.t('games:no.such.key'));
    });
  }

  it('reads keys without a namespace from the default one given', () => {
    const t = makeT('en', { common: { hi: 'Hi {{name}}' }, games: { spin: 'Spin', win_one: '{{count}} win', win_other: '{{count}} wins' } }, 'games');
    expect(t('spin')).toBe('Spin');
    expect(t('common:hi', { name: 'Ann' })).toBe('Hi Ann');
    expect(t('win', { count: 1 })).toBe('1 win');
    expect(t('win', { count: 3 })).toBe('3 wins');
  });
});
