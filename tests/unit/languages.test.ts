import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_LIST,
  LANGUAGES,
  formatDate,
  formatNumber,
  localeTag,
  localizePath,
  splitLocalePath,
  toLanguage,
} from '../../contracts/languages';
import { localePaths } from '../../src/lib/routes';

const root = path.resolve(import.meta.dirname, '../..');

describe('the language registry (contracts/languages.ts)', () => {
  it('has a locales folder with the same files for every language, and the default one at the site root', () => {
    const files = (code: string) => readdirSync(path.join(root, 'locales', code)).sort();
    for (const code of LANGUAGES) expect(files(code)).toEqual(files(DEFAULT_LANGUAGE));
    expect(LANGUAGE_LIST[0].prefix).toBe('');
    expect(new Set(LANGUAGE_LIST.map((l) => l.prefix)).size).toBe(LANGUAGE_LIST.length);
  });

  it('maps every page path to each language and back', () => {
    for (const lang of LANGUAGES) {
      for (const page of ['/', '/about', '/game-launch/slot-a/']) {
        const localized = localizePath(page, lang);
        expect(splitLocalePath(localized)).toEqual({ lang, path: page });
      }
    }
    expect(localizePath('/about', 'en')).toBe('/en/about');
    expect(localizePath('/', 'en')).toBe('/en/');
    expect(localizePath('/about', 'ja')).toBe('/about');
    // A path that merely starts with a prefix's letters is the default language's.
    expect(splitLocalePath('/enigma')).toEqual({ lang: DEFAULT_LANGUAGE, path: '/enigma' });
  });

  it('turns anything that is not a language into the fallback', () => {
    expect(toLanguage('en')).toBe('en');
    for (const value of ['fr', '', undefined, null, 'EN', 42]) expect(toLanguage(value)).toBe(DEFAULT_LANGUAGE);
  });

  it('gives Intl a valid BCP-47 tag for each language, and formats with it', () => {
    for (const lang of LANGUAGES) {
      expect(Intl.getCanonicalLocales(localeTag(lang))).toEqual([localeTag(lang)]);
      expect(formatNumber(1234567, lang)).toBe(new Intl.NumberFormat(localeTag(lang)).format(1234567));
    }
    expect(formatDate('2026-01-02T03:04:05Z', 'ja', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('2026/01/02');
    expect(formatDate('2026-01-02T03:04:05Z', 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('2 Jan 2026');
  });

  it('builds one page a language (the routes and the Astro config read the registry)', () => {
    expect(localePaths().map((p) => p.props.lang)).toEqual([...LANGUAGES]);
    const config = readFileSync(path.join(root, 'astro.config.mjs'), 'utf8');
    expect(config).toMatch(/locales: \[\.\.\.LANGUAGES\]/);
    expect(config).toMatch(/defaultLocale: DEFAULT_LANGUAGE/);
  });

  it('is the only place that names a language: no language branches or inline locale tags in the code', () => {
    const offenders: string[] = [];
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return walk(full);
        return /\.(ts|tsx|astro|mjs)$/.test(name) ? [full] : [];
      });
    const banned = [
      /[!=]== ?'(ja|en)'/,
      /'(ja|en)' ?[!=]==/,
      /['"](ja-JP|en-GB|en-US|ja_JP|en_US|en_GB)['"]/,
      /'ja' \| 'en'/,
      /['"`]\/en\//,
      // Look-alikes: a path tested for a prefix, a ternary between two codes, codes listed in a zod enum, a field per language in a schema.
      /startsWith\(['"`]\/(ja|en)\b/,
      /\? ?'(ja|en)' ?: ?'(ja|en)'/,
      /z\.enum\(\[[^\]]*['"](ja|en)['"]/,
      /\b(ja|en): z\./,
    ];
    for (const dir of ['src', 'server', 'scripts', 'bench', 'contracts']) {
      if (!existsSync(path.join(root, dir))) continue;
      for (const file of walk(path.join(root, dir))) {
        if (file.endsWith(path.join('contracts', 'languages.ts'))) continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            // Comments may give examples; code may not.
            if (/^\s*(\*|\/\/)/.test(line)) return;
            if (banned.some((re) => re.test(line))) offenders.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});
