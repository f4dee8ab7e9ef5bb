import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLobbyLauncher } from '../../src/lobby/build';

/** The lobby launcher as `npm run build` ships it: within its 15 KB gzip budget, and CSP-safe. */
describe('lobby launcher build', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'lobby-'));
  let js = '';
  let css = '';
  beforeAll(async () => {
    await buildLobbyLauncher(out);
    js = readFileSync(path.join(out, 'lobby/launcher.js'), 'utf8');
    css = readFileSync(path.join(out, 'lobby/launcher.css'), 'utf8');
  }, 60_000);

  it('ships at most 15 KB gzip (script and its stylesheet together)', () => {
    const bytes = gzipSync(js).length + gzipSync(css).length;
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThanOrEqual(15 * 1024);
  });

  it('uses no eval, no Function constructor, no inline event handlers and no innerHTML', () => {
    for (const banned of ['eval(', 'new Function', 'innerHTML', 'onclick=', 'setAttribute("on']) expect(js).not.toContain(banned);
  });

  it('carries the strings of both languages and exposes CoinCasinoLobby.mount', () => {
    expect(js).toContain('CoinCasinoLobby');
    expect(js).toContain('トーナメントロビー');
    expect(js).toContain('Tournaments lobby');
  });
});
