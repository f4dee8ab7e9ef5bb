import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestDb, type TestDb } from '../support/db';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Request ids (docs/decisions/0014-operable-process.md): a UUID or the caller's sane x-request-id, in the header, the logs and 5xx bodies. */
describe(`request ids (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let app: FastifyInstance;
  let testDb: TestDb;
  const lines: Array<Record<string, unknown>> = [];
  const headers = { channel: 'WEB' };

  beforeAll(async () => {
    testDb = await createTestDb();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', SITE_DIR: './no-site', SEED_DEMO: 'false' });
    app = await buildApp({ config, db: testDb.db, logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    // A route with a bug in it, as any handler could have: its 500 must carry the id.
    app.get('/api/test-bug', async (request) => {
      request.log.info('about to fail');
      throw new Error('a bug');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('a new UUID per request when the caller sends none, echoed in the x-request-id header', async () => {
    const a = await app.inject({ url: '/api/channel?channelCode=WEB', headers });
    const b = await app.inject({ url: '/api/channel?channelCode=WEB', headers });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it("the caller's sane x-request-id is kept; an unsafe one is replaced by a UUID", async () => {
    const kept = await app.inject({ url: '/api/channel?channelCode=WEB', headers: { ...headers, 'x-request-id': 'lb-7f3a:42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a:42');
    for (const bad of ['has space', 'x'.repeat(129), '<script>', 'id\u00e9', '-starts-with-dash']) {
      const res = await app.inject({ url: '/api/channel?channelCode=WEB', headers: { ...headers, 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });

  it('refusals before any route carry it too (no channel, unknown route)', async () => {
    const noChannel = await app.inject({ url: '/api/channel?channelCode=WEB' });
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.headers['x-request-id']).toMatch(UUID);
  });

  it('every log line of a request carries its id, and a 5xx body names it', async () => {
    lines.length = 0;
    const res = await app.inject({ url: '/api/test-bug', headers: { ...headers, 'x-request-id': 'trace-500' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'TECHNICAL_ERROR', requestId: 'trace-500' });
    expect(res.headers['x-request-id']).toBe('trace-500');
    const mine = lines.filter((l) => l.msg === 'about to fail' || l.msg === 'unhandled error' || l.msg === 'request');
    expect(mine.map((l) => l.msg).sort()).toEqual(['about to fail', 'request', 'unhandled error']);
    for (const line of lines) expect(line.reqId, String(line.msg)).toBe('trace-500');
  });
});
