import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus } from '../../contracts/errors';
import { createTestApp, type TestApp } from '../support/app';

describe(`foundation API (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: true }, APP: { maintenence: true, captcha: false } }) });
  });
  afterAll(() => t.close());

  it('answers the health probe with the database checked', async () => {
    const res = await t.api({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('returns the channel flags from configuration, with the spec spelling maintenence', async () => {
    const web = await t.api({ method: 'GET', url: '/channel?channelCode=WEB' });
    expect(web.statusCode).toBe(200);
    expect(web.json()).toEqual({ maintenence: false, captcha: true });
    const app = await t.api({ method: 'GET', url: '/channel?channelCode=APP' });
    expect(app.json()).toEqual({ maintenence: true, captcha: false });
  });

  it('answers NOT_FOUND for an unknown channel code and REQUEST_VALIDATION_ERROR without one', async () => {
    const unknown = await t.api({ method: 'GET', url: '/channel?channelCode=NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const missing = await t.api({ method: 'GET', url: '/channel' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('REQUEST_VALIDATION_ERROR');
  });

  it('refuses a call without a CHANNEL header, or with an unknown one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/channel?channelCode=WEB' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CHANNEL_REQUIRED');
    const wrong = await t.api({ method: 'GET', url: '/channel?channelCode=WEB', headers: { channel: 'EVIL' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CHANNEL_REQUIRED');
  });

  const pageView = { path: '/about', language: 'en' };
  const countViews = async () =>
    Number(
      (
        await t.testDb.db
          .selectFrom('page_views')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stores a page view', async () => {
    const before = await countViews();
    const res = await t.api({ method: 'POST', url: '/analytics/page-view', payload: pageView });
    expect(res.statusCode).toBe(200);
    expect(await countViews()).toBe(before + 1);
  });

  it.each([
    ['malformed JSON', { payload: '{"path": "/", ', headers: { 'content-type': 'application/json' } }, 400, 'REQUEST_VALIDATION_ERROR'],
    ['wrong types', { payload: { path: 42, language: 'en' } }, 400, 'REQUEST_VALIDATION_ERROR'],
    ['an unknown field', { payload: { ...pageView, admin: true } }, 400, 'REQUEST_VALIDATION_ERROR'],
    ['an unknown language', { payload: { ...pageView, language: 'fr' } }, 400, 'REQUEST_VALIDATION_ERROR'],
    ['an oversized body', { payload: { ...pageView, referrer: 'x'.repeat(70 * 1024) } }, 413, 'PAYLOAD_TOO_LARGE'],
    ['a non-JSON content type', { payload: 'path=/', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ] as const)('answers %s with a catalogue error, a 4xx, and stores nothing', async (_name, request, status, code) => {
    const before = await countViews();
    const res = await t.api({ method: 'POST', url: '/analytics/page-view', ...request } as never);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    expect(errorStatus).toHaveProperty(code);
    expect(await countViews()).toBe(before);
  });

  it('answers unknown API paths with NOT_FOUND as JSON', async () => {
    const res = await t.api({ method: 'GET', url: '/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND' });
  });

  it('publishes OpenAPI generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/channel'].get).toBeDefined();
    expect(doc.paths['/api/analytics/page-view'].post.requestBody).toBeDefined();
  });
});
