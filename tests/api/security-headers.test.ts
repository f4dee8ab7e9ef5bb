import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app';
import { highLimits, signIn, signupBody } from './auth-helpers';

/** Security (docs/decisions/0005-sessions-csrf-and-security-headers.md): headers and cookies. On the database the suite runs on. */
const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`security: headers and cookies (${db})`, () => {
  let siteDir: string;
  const inline = 'console.log("inline")';
  beforeAll(() => {
    siteDir = mkdtempSync(path.join(tmpdir(), 'cc-sec-site-'));
    mkdirSync(path.join(siteDir, 'en'));
    writeFileSync(path.join(siteDir, 'index.html'), `<html><head><script>${inline}</script><script type="module" src="/_astro/x.js"></script></head></html>`);
    writeFileSync(path.join(siteDir, 'en', 'index.html'), '<html><script>1+1</script></html>');
  });
  afterAll(() => rmSync(siteDir, { recursive: true, force: true }));

  const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

  it('sends a CSP with the hashes of the built inline scripts and no unsafe-inline script, frame-ancestors self, nosniff and a referrer policy; no HSTS on http', async () => {
    const t = await createTestApp({ SITE_DIR: siteDir });
    try {
      for (const res of [await t.app.inject({ method: 'GET', url: '/' }), await t.app.inject({ method: 'GET', url: '/api/docs/' })]) {
        const csp = String(res.headers['content-security-policy']);
        const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
        expect(scriptSrc).toContain("'self'");
        expect(scriptSrc).toContain(sha(inline));
        expect(scriptSrc).toContain(sha('1+1'));
        expect(scriptSrc).not.toContain('unsafe-inline');
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("frame-src 'self'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
      // The API's JSON answers, refusals included: a policy that allows nothing, never framed.
      for (const res of [await t.api({ method: 'GET', url: '/health' }), await t.api({ method: 'GET', url: '/balance' })]) {
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('with an https PUBLIC_SITE_URL: HSTS, and Secure __Host- cookies (even over plain http from the proxy) that sign the player in', async () => {
    const t = await createTestApp({
      ...highLimits,
      PUBLIC_SITE_URL: 'https://casino.example',
      CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false } }),
    });
    try {
      const health = await t.api({ method: 'GET', url: '/health' });
      expect(health.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      const body = signupBody();
      expect((await t.api({ method: 'POST', url: '/signup', payload: body })).statusCode).toBe(200);
      const res = await signIn(t, body.email as string, body.password as string);
      expect(res.statusCode).toBe(200);
      const session = res.cookies.find((c) => c.name === '__Host-session')!;
      const info = res.cookies.find((c) => c.name === '__Host-session_info')!;
      for (const cookie of [session, info]) {
        expect(cookie.secure).toBe(true);
        expect(cookie.path).toBe('/');
        expect(cookie.domain).toBeUndefined();
      }
      expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
      const account = await t.api({ method: 'GET', url: '/account', headers: { cookie: `__Host-session=${session.value}` } });
      expect(account.statusCode).toBe(200);
      // The unprefixed name is not read on an https site: a cookie planted over http counts for nothing.
      expect((await t.api({ method: 'GET', url: '/account', headers: { cookie: `session=${session.value}` } })).statusCode).toBe(401);
      const out = await t.api({ method: 'POST', url: '/logout', headers: { cookie: `__Host-session=${session.value}` } });
      expect(out.cookies.find((c) => c.name === '__Host-session')!.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});
