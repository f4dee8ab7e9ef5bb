import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

/** Security (docs/decisions/0005-sessions-csrf-and-security-headers.md): requests Node or Fastify cannot route still answer a code of the catalogue. On the database the suite runs on. */
const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`security: requests Node or Fastify cannot route still answer a code of the catalogue (${db})`, () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(() => t.close());

  /** Sends raw bytes on a fresh connection; answers status and JSON body. */
  const raw = (request: string) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve({ status: Number(text.split(' ')[1]), body: JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) }));
    });

  it('headers over the size limit: 431 REQUEST_VALIDATION_ERROR', async () => {
    expect(await raw(`GET /api/balance HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).toMatchObject({
      status: 431,
      body: { code: 'REQUEST_VALIDATION_ERROR' },
    });
  });

  it('bytes that are not HTTP: 400 REQUEST_VALIDATION_ERROR', async () => {
    expect(await raw('NOT HTTP AT ALL\r\n\r\n')).toMatchObject({ status: 400, body: { code: 'REQUEST_VALIDATION_ERROR' } });
  });

  it('a path with broken percent-encoding, and a path parameter over its length: 400 REQUEST_VALIDATION_ERROR', async () => {
    for (const url of ['/api/%E0%A4%A', `/api/house/rounds/${'a'.repeat(200)}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { channel: 'WEB' } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: 'REQUEST_VALIDATION_ERROR' });
    }
  });
});
