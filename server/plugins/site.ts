import { languageInfo, PSEUDO_LOCALE_ON, PSEUDO_LOCALE_PREFIX, splitLocalePath } from '../../contracts/languages';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Serves the prerendered site from SITE_DIR with the rewrites static hosting needs:
 * /game-launch/<code>, /raffles/<ref> and /promotions/<slug> are one shell page per language, unknown paths get the
 * locale's 404 page. Text files are sent precompressed (brotli or gzip, made at build time by
 * scripts/precompress.ts) to clients that accept them, with `Vary: accept-encoding`.
 */
/**
 * Hashed build assets (_astro/) never change: cached for a year. Pages must revalidate (ETag) so a
 * deployment shows at once. Other public files (logo, icons, game art, banners) keep their names
 * across deployments: an hour, then revalidation.
 */
export function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${path.sep}_astro${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (/\.html(?:\.br|\.gz)?$/.test(filePath)) return 'no-cache';
  return 'public, max-age=3600';
}

export async function registerSite(app: FastifyInstance, config: Config) {
  const root = path.resolve(config.SITE_DIR);
  const hasSite = existsSync(path.join(root, 'index.html'));
  // The pseudo-locale is a language of the build and of the server only with PSEUDO_LOCALE=1 (contracts/languages.ts):
  // both must have it, or neither (npm start rebuilds a site built otherwise, scripts/site-freshness.ts).
  if (hasSite && existsSync(path.join(root, PSEUDO_LOCALE_PREFIX, 'index.html')) !== PSEUDO_LOCALE_ON) {
    app.log.warn(
      PSEUDO_LOCALE_ON
        ? `PSEUDO_LOCALE=1 but ${config.SITE_DIR} was built without it: there are no /${PSEUDO_LOCALE_PREFIX}/ pages (build it with PSEUDO_LOCALE=1)`
        : `${config.SITE_DIR} was built with PSEUDO_LOCALE=1 but this server runs without it: /${PSEUDO_LOCALE_PREFIX}/game-launch/<code> and the other shells answer 404 and the API refuses the language (run it with PSEUDO_LOCALE=1)`,
    );
  }
  if (hasSite) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      redirect: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply: { header: (k: string, v: string) => unknown }, filePath: string) {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (!hasSite || url.startsWith(`${config.API_BASE}/`)) {
      return reply.status(404).send({ code: 'NOT_FOUND' });
    }
    // Each language's pages live under its prefix (contracts/languages.ts); the default one's at the root.
    const { lang, path: local } = splitLocalePath(url);
    const own = languageInfo(lang).prefix;
    // @fastify/static's lookups of this path (brotli, gzip, plain) each left an end-of-stream
    // listener on the response before it came here; sending the shell adds more. They end with this
    // response (no leak), but pass Node's default of 10 and print MaxListenersExceededWarning.
    reply.raw.setMaxListeners(20);
    const prefix = own ? `${own}/` : '';
    if (/^\/game-launch\/[^/]+\/?$/.test(local) && request.method === 'GET') {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile(`${prefix}game-launch/index.html`);
    }
    if (/^\/raffles\/[a-z0-9][a-z0-9-]{0,62}\/?$/.test(local) && request.method === 'GET') {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile(`${prefix}raffles/index.html`);
    }
    if (/^\/promotions\/[a-z0-9]+(?:-[a-z0-9]+)*\/?$/.test(local) && request.method === 'GET') {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile(`${prefix}promotions/index.html`);
    }
    return reply
      .status(404)
      .type('text/html')
      .sendFile(own ? `${own}/404/index.html` : '404.html');
  });
}
