import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_RIGHTS } from '../../contracts/backoffice-constants';
import type { Db } from '../../server/db';
import { backofficeRoutes } from '../../server/modules/backoffice';
import { guardStaffRoutes } from '../../server/modules/backoffice/guard';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';

const db = onPostgres ? 'PostgreSQL' : 'PGlite';

/** Builds the back-office plugin alone (no database needed to register it) and lists every route it defines with its declared right. */
async function declaredRoutes(t: TestApp, plugin: (app: FastifyInstance) => Promise<void> = backofficeRoutes) {
  const app = Fastify();
  app.decorate('config', t.config);
  app.decorate('db', {} as Db);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(cookie);
  const routes: Array<{ method: string; url: string; right: string | undefined }> = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, right: route.config?.right });
  });
  await app.register(plugin, { prefix: t.config.API_BASE });
  await app.ready();
  await app.close();
  return routes;
}

describe(`every back-office route declares the staff right it needs (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('each route under /backoffice names a right, any or open where it is defined', async () => {
    const routes = (await declaredRoutes(t)).filter((r) => r.url.startsWith(`${t.config.API_BASE}/backoffice`));
    expect(routes.length).toBeGreaterThanOrEqual(36);
    for (const route of routes) expect([...STAFF_RIGHTS, 'any', 'open'], `${route.method} ${route.url}`).toContain(route.right);
    const rightOf = (method: string, path: string) => routes.find((r) => r.method === method && r.url === `${t.config.API_BASE}${path}`)?.right;
    expect(rightOf('POST', '/backoffice/signin')).toBe('open');
    expect(rightOf('GET', '/backoffice/me')).toBe('any');
    expect(rightOf('POST', '/backoffice/adjustments/:id/approve')).toBe('adjustments');
    expect(rightOf('POST', '/backoffice/games/:code')).toBe('content');
    expect(rightOf('GET', '/backoffice/dashboard')).toBe('dashboard');
  });

  it('the app does not build with a back-office route that declares no right', async () => {
    const planted = async (app: FastifyInstance) => {
      guardStaffRoutes(app, `${t.config.API_BASE}/backoffice`, 'staff_session');
      app.get('/backoffice/forgotten', async () => ({ ok: true }));
    };
    await expect(declaredRoutes(t, planted)).rejects.toThrow('GET /api/backoffice/forgotten declares no staff right');
  });

  it('without a staff session every route but the open ones answers 401, whatever it is sent', async () => {
    const routes = (await declaredRoutes(t)).filter((r) => r.url.startsWith(`${t.config.API_BASE}/backoffice`) && r.right !== 'open');
    for (const route of routes) {
      const url = route.url.slice(t.config.API_BASE.length).replace(/:[A-Za-z]+/g, '1');
      const res = await t.api({ method: route.method as 'GET' | 'POST', url, payload: route.method === 'GET' ? undefined : {} });
      expect(`${route.method} ${url} ${res.statusCode} ${res.json().code}`).toBe(`${route.method} ${url} 401 UNAUTHORIZED`);
    }
  });
});
