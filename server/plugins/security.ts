import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpsSite, type Config } from '../config';
import { AppError } from '../errors';

/**
 * The sha256 sources of every inline script in the built site (Astro emits a few: island hydration,
 * the language/analytics snippet). Computed from the HTML being served, so the policy always matches
 * the build without a build step of its own.
 */
export function inlineScriptHashes(siteDir: string): string[] {
  const root = path.resolve(siteDir);
  if (!existsSync(root)) return [];
  const hashes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html')) {
        for (const match of readFileSync(full, 'utf8').matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
          if (/\bsrc\s*=/i.test(match[1])) continue;
          hashes.add(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
        }
      }
    }
  };
  walk(root);
  return [...hashes].sort();
}

/**
 * Security headers on every response. The site's pages and files (helmet): a content security policy
 * without 'unsafe-inline' scripts, frames only from and inside this site, nosniff, a referrer policy,
 * and HSTS when the public site is https. Helmet's middleware is built once (@fastify/helmet built it
 * again for every request, parsing the policy each time).
 * The API's JSON answers get the short set a JSON API needs (OWASP REST Security): a policy that
 * allows nothing (`default-src 'none'; frame-ancestors 'none'`: an answer opened as a document runs
 * nothing and frames nowhere), nosniff, no framing, the referrer policy and HSTS; helmet's dozen
 * headers with the site's script hashes were a third of a cached `GET /balance`'s time. The API's
 * own pages (`/docs`) keep the site's set.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const extra = config.CSP_SOURCES;
  const https = httpsSite(config);
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(config.SITE_DIR), ...extra],
        // React islands set style attributes; styles cannot run code, so inline styles stay allowed.
        styleSrc: ["'self'", "'unsafe-inline'", ...extra],
        // Captcha pictures are data: URLs.
        imgSrc: ["'self'", 'data:', ...extra],
        fontSrc: ["'self'", 'data:', ...extra],
        connectSrc: ["'self'", ...extra],
        // The house games run in a frame of /game-launch/.
        frameSrc: ["'self'", ...extra],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Game art and banners may come from a CDN without CORP headers.
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'sameorigin' },
  });
  const apiHeaders: Array<[string, string]> = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ...(https ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]] : []),
  ];
  const apiPrefix = `${config.API_BASE}/`;
  const apiPages = `${config.API_BASE}/docs`;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith(apiPrefix) && !request.url.startsWith(apiPages)) {
      for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
      return done();
    }
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin a browser says the request comes from: Origin, else the origin of Referer; null when neither. */
function claimedOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || referer === '') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null'; // an unreadable Referer names no origin of ours
  }
}

/**
 * Cross-site request forgery guard (docs/decisions/0005): a state-changing call that carries the
 * session cookie must come from the site: its Origin (or Referer) is PUBLIC_SITE_URL's origin or the
 * origin of the request's own host. A call with a Bearer token needs no Origin (browsers never add
 * one on their own). A call from another origin is refused even without a cookie (login forgery).
 */
export function registerOriginCheck(api: FastifyInstance, config: Config, sessionCookie: string) {
  const siteOrigin = new URL(config.PUBLIC_SITE_URL).origin;
  // The house provider's calls never read the cookie: their authority is the play-session token in
  // the body, which another site cannot know. Its game page also sends no referrer (Origin: null).
  const bodyTokenPaths = `${config.API_BASE}/house/`;
  api.addHook('onRequest', (request, _reply, done) => {
    if (!STATE_CHANGING.has(request.method)) return done();
    // The matched route, not the raw URL: no crafted path can borrow the exemption.
    if (request.routeOptions.url?.startsWith(bodyTokenPaths)) return done();
    if (request.headers.authorization?.startsWith('Bearer ')) return done();
    const usesCookie = Boolean(request.cookies[sessionCookie]);
    const origin = claimedOrigin(request);
    if (origin === null) {
      if (usesCookie) throw new AppError('FORBIDDEN_ORIGIN', 'A call with the session cookie needs an Origin header of the site');
      return done();
    }
    if (origin === siteOrigin || origin === `${request.protocol}://${request.host}`) return done();
    throw new AppError('FORBIDDEN_ORIGIN', 'Calls from another site are refused');
  });
}

/** Paths whose query string carries secrets (reset tokens, launch tokens): logged without it. */
const SECRET_QUERY_PATHS = [/^(\/en)?\/(reset-password|password_reset|app-password-reset)\b/, /^(\/en)?\/house\/play\b/];
/** Parameters whose values are secrets wherever they appear. */
const SECRET_PARAMS = /^(token|code|otp|password|authToken|session|email|to)$/i;

/** A URL fit for the log: no query string on secret-carrying paths, secret parameters masked elsewhere. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const pathname = url.slice(0, q);
  if (SECRET_QUERY_PATHS.some((re) => re.test(pathname))) return `${pathname}?[redacted]`;
  const params = new URLSearchParams(url.slice(q + 1));
  let masked = false;
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.test(key)) {
      params.set(key, '[redacted]');
      masked = true;
    }
  }
  return masked ? `${pathname}?${params.toString()}` : url;
}

/**
 * The process's one logger, pino's (Fastify's own logger is pino too): the server makes it before the
 * database opens, so the start's steps log as requests do, and hands it to the app (Fastify's
 * `loggerInstance`). Writes to `stream` (tests capture it), else standard output.
 */
export function createLogger(config: Config, stream?: { write(line: string): void }): Logger {
  return stream ? pino(loggerOptions(config), stream as DestinationStream) : pino(loggerOptions(config));
}

/** pino options of the API process: secrets redacted, request URLs stripped of secret query strings. */
export function loggerOptions(config: Config) {
  const secretFields = ['password', 'newPassword', 'currentPassword', 'confirmPassword', 'token', 'authToken', 'captchaData'];
  return {
    level: config.LOG_LEVEL,
    redact: [
      'req.headers.cookie',
      'req.headers.authorization',
      'req.headers.referer',
      'res.headers["set-cookie"]',
      ...secretFields.flatMap((f) => [`body.${f}`, `req.body.${f}`, `*.${f}`]),
      'body.code',
      'req.body.code',
    ],
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: loggableUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
