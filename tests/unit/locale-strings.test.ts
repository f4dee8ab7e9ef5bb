import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localeStrings } from '../../scripts/locale-strings';

/** The Vite plugin behind `import 'virtual:strings?...'` (per-island strings, docs/decisions/0012). */
type Hook = (this: unknown, id: string) => string | null;
const plugin = localeStrings();
const resolve = (id: string) => (plugin.resolveId as Hook).call({}, id);
const load = (id: string, consumer: 'client' | 'server') => (plugin.load as Hook).call({ environment: { config: { consumer } }, addWatchFile: () => {} }, id);
const json = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Record<string, unknown>;

describe('locale strings plugin', () => {
  it('names the same parts the same way (sorted, once), and refuses a part that does not exist', () => {
    expect(resolve('virtual:strings?games.tile,common.loading,games.tile')).toBe(resolve('virtual:strings?common.loading,games.tile'));
    expect(() => resolve('virtual:strings?games.noSuchSection')).toThrow(/games.noSuchSection/);
    expect(() => resolve('virtual:strings?nosuchns')).toThrow(/nosuchns/);
    expect(() => resolve('virtual:strings?games.lobby.seeAll')).toThrow(/top-level/);
  });

  it('in the browser, loads exactly the parts asked for in the page language; at build time, nothing', () => {
    const loader = resolve('virtual:strings?errors.TECHNICAL_ERROR,wallet')!;
    expect(load(loader, 'server')).toBe('export {};');
    const code = load(loader, 'client')!;
    expect(code).toContain('pageLanguage()');
    const imports = [...code.matchAll(/import\(("[^"]+")\)/g)].map((m) => JSON.parse(m[1]) as string);
    expect(imports).toHaveLength(2);
    for (const lang of ['ja', 'en']) {
      const data = imports.find((id) => id.includes(`strings-${lang}?`))!;
      expect(resolve(data)).toBe(data);
      const exported = JSON.parse(
        load(data, 'client')!
          .replace(/^export default /, '')
          .replace(/;$/, ''),
      ) as Record<string, unknown>;
      expect(exported).toEqual({ errors: { TECHNICAL_ERROR: json(lang, 'errors').TECHNICAL_ERROR }, wallet: json(lang, 'wallet') });
    }
  });
});
