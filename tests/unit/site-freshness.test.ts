import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PSEUDO_LOCALE_PREFIX } from '../../contracts/languages';
import { buildReason } from '../../scripts/site-freshness';

/**
 * `npm start` builds the site when it must (scripts/site-freshness.ts): missing, older than its
 * sources, or built with or without the pseudo-locale unlike the start. A pseudo-locale build served
 * by a server without PSEUDO_LOCALE=1 answered 404 at /en-xa/game-launch/<code>, and `PSEUDO_LOCALE=1
 * npm start` on a normal build had no /en-xa/ pages at all.
 */
describe('npm start: when the site is built first', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  /** A source folder and a site built after it, with the pseudo-locale's pages or not. */
  function built({ pseudo }: { pseudo: boolean }) {
    const root = mkdtempSync(path.join(tmpdir(), 'cc-freshness-'));
    dirs.push(root);
    const source = path.join(root, 'src');
    mkdirSync(source);
    writeFileSync(path.join(source, 'page.astro'), '<p>page</p>');
    const old = new Date(Date.now() - 60_000);
    utimesSync(path.join(source, 'page.astro'), old, old);
    utimesSync(source, old, old);
    const site = path.join(root, 'dist');
    mkdirSync(path.join(site, 'en', 'game-launch'), { recursive: true });
    writeFileSync(path.join(site, 'index.html'), '<html></html>');
    const builtAt = new Date(Date.now() - 30_000);
    utimesSync(path.join(site, 'index.html'), builtAt, builtAt);
    if (pseudo) {
      mkdirSync(path.join(site, PSEUDO_LOCALE_PREFIX, 'game-launch'), { recursive: true });
      writeFileSync(path.join(site, PSEUDO_LOCALE_PREFIX, 'index.html'), '<html></html>');
      writeFileSync(path.join(site, PSEUDO_LOCALE_PREFIX, 'game-launch', 'index.html'), '<html></html>');
    }
    return { site, sources: [source], touch: () => writeFileSync(path.join(source, 'page.astro'), '<p>changed</p>') };
  }

  it('serves a build as it is when it is newer than its sources and has the languages this start serves', () => {
    const normal = built({ pseudo: false });
    expect(buildReason(normal.site, { pseudo: false, sources: normal.sources })).toBeNull();
    const pseudo = built({ pseudo: true });
    expect(buildReason(pseudo.site, { pseudo: true, sources: pseudo.sources })).toBeNull();
  });

  it('builds a missing site, and rebuilds one older than its sources', () => {
    const { site, sources, touch } = built({ pseudo: false });
    expect(buildReason(path.join(site, 'nothing'), { pseudo: false, sources })).toMatch(/first start/);
    touch();
    expect(buildReason(site, { pseudo: false, sources })).toMatch(/sources changed/);
  });

  it('rebuilds a site built with the pseudo-locale for a start without it, and the other way round', () => {
    const pseudo = built({ pseudo: true });
    expect(buildReason(pseudo.site, { pseudo: false, sources: pseudo.sources })).toMatch(/without the pseudo-locale/);
    const normal = built({ pseudo: false });
    expect(buildReason(normal.site, { pseudo: true, sources: normal.sources })).toMatch(/with the pseudo-locale \(PSEUDO_LOCALE=1/);
  });
});
