import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pseudoHtml, pseudoString, pseudoTree } from '../../contracts/pseudo-locale';
import { LANGUAGES } from '../../contracts/languages';
import { makeT } from '../../src/lib/translate';

const root = path.resolve(import.meta.dirname, '../..');
type Tree = Record<string, unknown>;
const english = Object.fromEntries(
  readdirSync(path.join(root, 'locales', 'en')).map((f) => [
    f.replace(/\.json$/, ''),
    JSON.parse(readFileSync(path.join(root, 'locales', 'en', f), 'utf8')) as Tree,
  ]),
);
const leaves = (tree: unknown, at = ''): Array<[string, string]> =>
  typeof tree === 'string' ? [[at, tree]] : Object.entries(tree as Tree).flatMap(([k, v]) => leaves(v, at ? `${at}.${k}` : k));
const tokens = (s: string) => (s.match(/\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>/g) ?? []).sort();

describe('the pseudo-locale (contracts/pseudo-locale.ts)', () => {
  it('accents, brackets and lengthens a string by about 35 %', () => {
    expect(pseudoString('Welcome to Coin Casino')).toBe('[Ŵéļçöɱé ţö Çöîñ Çåšîñö ·····]');
    expect(pseudoString('OK')).toBe('[ÖĶ ·]');
    expect(pseudoString('  Spin ')).toBe('  [Šþîñ ·] ');
    expect(pseudoString('')).toBe('');
    const long = 'Your daily bonus is ready to be claimed today';
    expect(pseudoString(long).length / long.length).toBeCloseTo(1.35, 1);
  });

  it('keeps placeholders, nesting, tags, entities, links and addresses as they are', () => {
    expect(pseudoString('Hi {{name}}, read <a href="/terms">the terms</a> or $t(common:brand) &amp; mail help@coin.test')).toBe(
      '[Ĥî {{name}}, ŕéåð <a href="/terms">ţĥé ţéŕɱš</a> öŕ $t(common:brand) &amp; ɱåîļ help@coin.test ········]',
    );
    expect(pseudoHtml('<p>Read <strong>this</strong>.</p>')).toBe('<p>[Ŕéåð ·] <strong>[ţĥîš ·]</strong>.</p>');
  });

  it('makes every English string into one with no plain letters left, and the same placeholders and tags', () => {
    const bad: string[] = [];
    for (const [key, text] of leaves(pseudoTree(english))) {
      const source = String(key.split('.').reduce<unknown>((o, k) => (o as Tree)[k], english));
      const outside = text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>|&[a-z#0-9]+;|https?:\/\/\S+|[\w.+-]+@[\w-]+\.[\w.]+/g, '');
      if (/[A-Za-z]/.test(outside) || JSON.stringify(tokens(text)) !== JSON.stringify(tokens(source))) bad.push(`${key}: ${text}`);
    }
    expect(bad).toEqual([]);
  });

  it('renders through t() with its placeholders and plurals filled in', () => {
    const t = makeT('en-XA', pseudoTree({ common: { hello: 'Hello {{name}}', coins_one: '{{count}} coin', coins_other: '{{count}} coins' } }));
    expect(t('hello', { name: 'Aiko' })).toBe('[Ĥéļļö Aiko ·]');
    expect(t('coins', { count: 2 })).toBe('[2 çöîñš ·]');
  });
});

describe('the pseudo-locale in the registry', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is no language of a normal build or server (it never ships)', () => {
    expect(process.env.PSEUDO_LOCALE).not.toBe('1');
    expect(LANGUAGES).not.toContain('en-xa');
  });

  it('is a language with its own URL prefix and English as its content with PSEUDO_LOCALE=1', async () => {
    vi.stubEnv('PSEUDO_LOCALE', '1');
    vi.resetModules();
    const registry = await import('../../contracts/languages');
    expect(registry.LANGUAGES).toEqual(['ja', 'en', 'en-xa']);
    expect(registry.localizePath('/about', 'en-xa')).toBe('/en-xa/about');
    expect(registry.splitLocalePath('/en-xa/about')).toEqual({ lang: 'en-xa', path: '/about' });
    expect(registry.splitLocalePath('/en/about')).toEqual({ lang: 'en', path: '/about' });
    expect(registry.contentFor({ ja: { title: 'タイトル' }, en: { title: 'Title' } }, 'en-xa')).toEqual({ title: '[Ţîţļé ·]' });
    expect(registry.formatNumber(1234567, 'en-xa')).toBe('1,234,567');
  });
});
