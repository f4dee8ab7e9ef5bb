import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every string exists in both languages: the key sets of ja and en are the same, namespace by namespace. */
function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const read = (lang: string, file: string) => JSON.parse(readFileSync(`locales/${lang}/${file}`, 'utf8'));

describe('locales', () => {
  const jaFiles = readdirSync('locales/ja').sort();
  it('have the same namespaces in ja and en', () => {
    expect(readdirSync('locales/en').sort()).toEqual(jaFiles);
  });
  it.each(jaFiles)('%s has the same keys in ja and en, none empty', (file) => {
    const ja = read('ja', file);
    const en = read('en', file);
    expect(keys(en).sort()).toEqual(keys(ja).sort());
    for (const lang of [ja, en]) {
      for (const key of keys(lang)) {
        const v = key.split('.').reduce((o: Record<string, unknown>, k) => o[k] as Record<string, unknown>, lang);
        expect(String(v).trim(), `${file}:${key}`).not.toBe('');
      }
    }
  });
});
