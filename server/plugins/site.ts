import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Serves the prerendered site from SITE_DIR with the rewrites static hosting needs:
 * /game-launch/<code> and /raffles/<ref> are one shell page per language, unknown paths get the
 * locale's 404 page.
 */
export async function registerSite(app: FastifyInstance, config: Config) {
  const root = path.resolve(config.SITE_DIR);
  const hasSite = existsSync(path.join(root, 'index.html'));
  if (hasSite) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      redirect: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(reply: { header: (k: string, v: string) => unknown }, filePath: string) {
        // Hashed build assets never change; pages must revalidate.
        const immutable = filePath.includes(`${path.sep}_astro${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (!hasSite || url.startsWith(config.API_BASE + '/')) {
      return reply.status(404).send({ code: 'NOT_FOUND' });
    }
    const en = url === '/en' || url.startsWith('/en/');
    const prefix = en ? 'en/' : '';
    const local = en ? url.slice(3) : url;
    if (/^\/game-launch\/[^/]+\/?$/.test(local) && request.method === 'GET') {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile(`${prefix}game-launch/index.html`);
    }
    if (/^\/raffles\/[a-z0-9][a-z0-9-]{0,62}\/?$/.test(local) && request.method === 'GET') {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile(`${prefix}raffles/index.html`);
    }
    return reply.status(404).type('text/html').sendFile(en ? "en/404/index.html" : "404.html");
  });
}
