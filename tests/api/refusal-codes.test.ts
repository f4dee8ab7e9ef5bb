import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus } from '../../contracts/errors';
import { createTestApp, type TestApp } from '../support/app';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** Every refusal carries a catalogue code (docs/decisions/0014-operable-process.md), with the status the catalogue gives it. */
describe(`refusals carry catalogue codes (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const json = { 'content-type': 'application/json' };
  it.each([
    ['broken JSON', { method: 'POST', url: '/signin', payload: '{"email": ', headers: json }, 'REQUEST_VALIDATION_ERROR'],
    ['an empty JSON body', { method: 'POST', url: '/signin', payload: '', headers: json }, 'REQUEST_VALIDATION_ERROR'],
    ['a JSON body with __proto__', { method: 'POST', url: '/signin', payload: '{"__proto__": {"x": 1}}', headers: json }, 'REQUEST_VALIDATION_ERROR'],
    ['an unknown API route', { method: 'GET', url: '/no-such-call' }, 'NOT_FOUND'],
    ['a known route with another method', { method: 'DELETE', url: '/signin' }, 'NOT_FOUND'],
    ['OPTIONS', { method: 'OPTIONS', url: '/signin' }, 'NOT_FOUND'],
    ['no CHANNEL header', { method: 'GET', url: '/balance', headers: { channel: '' } }, 'CHANNEL_REQUIRED'],
    ['bad percent-encoding in the path', { method: 'GET', url: '/games/%E0%A4%A' }, 'REQUEST_VALIDATION_ERROR'],
    [
      'a form body',
      { method: 'POST', url: '/signin', payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    ['a body too large', { method: 'POST', url: '/signin', payload: JSON.stringify({ a: 'x'.repeat(70 * 1024) }), headers: json }, 'PAYLOAD_TOO_LARGE'],
    ['a call that needs a sign-in', { method: 'GET', url: '/balance' }, 'UNAUTHORIZED'],
  ] as const)('%s', async (_name, request, code) => {
    const res = await t.api(request as never);
    expect(res.json().code).toBe(code);
    expect(res.statusCode).toBe(errorStatus[code]);
  });

  it('an unknown path outside the API (no site built) answers NOT_FOUND as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND' });
  });

  it('headers over the size limit (431) and unparsable HTTP (400) carry REQUEST_VALIDATION_ERROR', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as net.AddressInfo).port;
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
        let out = '';
        socket.on('data', (d) => (out += d));
        socket.on('close', () => resolve(out));
        socket.on('error', () => resolve(out));
      });
    const big = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4)).code).toBe('REQUEST_VALIDATION_ERROR');
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4)).code).toBe('REQUEST_VALIDATION_ERROR');
  });
});
