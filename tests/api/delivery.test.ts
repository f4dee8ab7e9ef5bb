import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, pickEncoding } from '../../server/plugins/compression';
import { precompressSite } from '../../scripts/precompress';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** A tiny built site: a page, a hashed asset and a public file, precompressed as the build does. */
function fakeSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-delivery-'));
  const text = (label: string) => `${label} `.repeat(400);
  mkdirSync(path.join(dir, '_astro'));
  mkdirSync(path.join(dir, 'about'));
  mkdirSync(path.join(dir, 'en', '404'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><body>${text('home')}</body></html>`);
  writeFileSync(path.join(dir, 'about', 'index.html'), `<!doctype html><html><body>${text('about')}</body></html>`);
  writeFileSync(path.join(dir, '404.html'), `<!doctype html><html><body>${text('missing')}</body></html>`);
  writeFileSync(path.join(dir, 'en', '404', 'index.html'), `<!doctype html><html><body>${text('missing')}</body></html>`);
  writeFileSync(path.join(dir, '_astro', 'island.Ab12Cd.js'), `export const x = ${JSON.stringify(text('js'))};`);
  writeFileSync(path.join(dir, 'logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`);
  writeFileSync(path.join(dir, 'tiny.txt'), 'small');
  precompressSite(dir);
  return dir;
}

describe('delivery: build-time compression (scripts/precompress.ts)', () => {
  it('writes .br and .gz siblings that decompress to the original, and skips tiny files', () => {
    const dir = fakeSite();
    try {
      for (const file of ['index.html', 'about/index.html', '_astro/island.Ab12Cd.js', 'logo.svg']) {
        const original = readFileSync(path.join(dir, file));
        const br = readFileSync(path.join(dir, `${file}.br`));
        const gz = readFileSync(path.join(dir, `${file}.gz`));
        expect(brotliDecompressSync(br).equals(original)).toBe(true);
        expect(gunzipSync(gz).equals(original)).toBe(true);
        expect(br.length).toBeLessThan(original.length / 4);
      }
      expect(() => readFileSync(path.join(dir, 'tiny.txt.br'))).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('picks brotli over gzip and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe(`delivery: the site is served precompressed with Vary and cache headers (${db})`, () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fakeSite();
    t = await createTestApp({ SITE_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli file to a client that accepts br, gzip to one that accepts only gzip, plain otherwise', async () => {
    const original = readFileSync(path.join(dir, '_astro', 'island.Ab12Cd.js'));
    const br = await t.app.inject({ method: 'GET', url: '/_astro/island.Ab12Cd.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gz = await t.app.inject({ method: 'GET', url: '/_astro/island.Ab12Cd.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

    const plain = await t.app.inject({ method: 'GET', url: '/_astro/island.Ab12Cd.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('serves pages (also directory indexes and the 404 page) compressed, revalidated on every visit', async () => {
    for (const url of ['/', '/about/', '/about']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      if (res.statusCode === 301 || res.statusCode === 302) continue; // the trailing-slash redirect
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(String(res.headers['content-type']), url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain('<html>');
    }
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'gzip' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(missing.rawPayload).toString()).toContain('missing');
  });

  it('caches other public files for an hour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/logo.svg', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe(`delivery: API JSON above ${COMPRESS_MIN_BYTES} bytes is compressed (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('compresses a large JSON answer with brotli or gzip and says Vary: accept-encoding', async () => {
    const plain = await t.api({ method: 'GET', url: '/openapi.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const br = await t.api({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.api({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends small answers (a balance, an error) as they are', async () => {
    const player = await createTestPlayer(t.testDb.db);
    const balance = await t.api({ method: 'GET', url: '/balance', headers: { ...player.headers, 'accept-encoding': 'br, gzip' } });
    expect(balance.statusCode).toBe(200);
    expect(balance.headers['content-encoding']).toBeUndefined();
    expect(typeof balance.json()).toBe('object');
    const error = await t.api({ method: 'GET', url: '/balance', headers: { 'accept-encoding': 'br' } });
    expect(error.statusCode).toBe(401);
    expect(error.headers['content-encoding']).toBeUndefined();
    expect(error.json().code).toBe('UNAUTHORIZED');
  });
});

describe(`delivery: request logs (${db})`, () => {
  it('writes one line per API request at info, health probes and the site files only at debug', async () => {
    const dir = fakeSite();
    const linesAt = async (level: string) => {
      const lines: string[] = [];
      const t = await createTestApp({ SITE_DIR: dir, LOG_LEVEL: level }, { logStream: { write: (line) => void lines.push(line) } });
      try {
        await t.api({ method: 'GET', url: '/health' });
        await t.api({ method: 'GET', url: '/balance' });
        await t.app.inject({ method: 'GET', url: '/_astro/island.Ab12Cd.js' });
        await t.app.inject({ method: 'GET', url: '/about/' });
      } finally {
        await t.close();
      }
      return lines.map((l) => JSON.parse(l) as { msg: string; level: number; req?: { url: string }; res?: { statusCode: number }; responseTime?: number });
    };
    try {
      const info = (await linesAt('info')).filter((l) => l.req);
      expect(info.map((l) => [l.req!.url, l.res!.statusCode])).toEqual([['/api/balance', 401]]);
      expect(info.every((l) => l.level === 30 && typeof l.responseTime === 'number')).toBe(true);
      const debug = (await linesAt('debug')).filter((l) => l.req);
      expect(debug.map((l) => l.req!.url)).toEqual(['/api/health', '/api/balance', '/_astro/island.Ab12Cd.js', '/about/']);
      expect(debug.filter((l) => l.level === 20).map((l) => l.req!.url)).toEqual(['/api/health', '/_astro/island.Ab12Cd.js', '/about/']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
