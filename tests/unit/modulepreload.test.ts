import { describe, expect, it } from 'vitest';
import { withModulePreloads } from '../../scripts/modulepreload';
import { modulesLoadedUpFront } from '../../scripts/page-modules';

// A tiny build: two islands (one hydrated on load, one when idle), shared chunks, strings per language.
const chunks: Record<string, string> = {
  '/_astro/Launch.js':
    'import{a}from"./core.js";import"./layout.js";const s=await(l===`ja`?import(`./strings-ja_games.A.js`):import(`./strings-en_games.B.js`));',
  '/_astro/core.js': 'export const a=1;await(l===`ja`?import(`./strings-ja_common.C.js`):import(`./strings-en_common.D.js`));',
  '/_astro/layout.js': 'import{a}from"./core.js";const p=()=>import(`./Popup.js`);',
  '/_astro/client.js': 'export default 1;',
  '/_astro/Idle.js': 'import{a}from"./core.js";await import(`./strings-ja_idle.E.js`);',
  '/_astro/Popup.js': 'await import(`./strings-ja_popup.F.js`);',
  '/_astro/strings-ja_games.A.js': 'export default {}',
  '/_astro/strings-ja_common.C.js': 'export default {}',
  '/_astro/strings-en_games.B.js': 'export default {}',
  '/_astro/strings-en_common.D.js': 'export default {}',
};
const read = (url: string) => {
  const code = chunks[url];
  if (code === undefined) throw new Error(`read ${url}`);
  return code;
};
const page = (lang: string) =>
  `<html lang="${lang}"><head><title>x</title></head><body>` +
  '<astro-island uid="1" component-url="/_astro/Launch.js" renderer-url="/_astro/client.js" client="load"></astro-island>' +
  '<astro-island uid="2" component-url="/_astro/Idle.js" renderer-url="/_astro/client.js" client="idle"></astro-island></body></html>';
const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map(([, href]) => href);

describe('modulepreload', () => {
  it('follows static imports and the strings of the page language, not other dynamic imports', () => {
    expect(modulesLoadedUpFront(['/_astro/Launch.js'], 'ja', read)).toEqual([
      '/_astro/Launch.js',
      '/_astro/core.js',
      '/_astro/layout.js',
      '/_astro/strings-ja_games.A.js',
      '/_astro/strings-ja_common.C.js',
    ]);
  });

  it('links the strings chunks of islands hydrated on load, in the head, in the page language', () => {
    const ja = withModulePreloads(page('ja'), read);
    expect(links(ja)).toEqual(['/_astro/strings-ja_games.A.js', '/_astro/strings-ja_common.C.js']);
    expect(ja.indexOf('modulepreload')).toBeLessThan(ja.indexOf('</head>'));
    expect(links(withModulePreloads(page('en'), read))).toEqual(['/_astro/strings-en_games.B.js', '/_astro/strings-en_common.D.js']);
  });

  it('leaves a page without islands as it is', () => {
    const html = '<html lang="ja"><head></head><body><p>about</p></body></html>';
    expect(withModulePreloads(html, read)).toBe(html);
  });
});
