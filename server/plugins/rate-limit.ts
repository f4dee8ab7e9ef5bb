import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../errors';

/**
 * Per-IP rate limits for the abuse-prone calls (sign-in, sign-up, forgot-password, captcha).
 * Registers @fastify/rate-limit in the caller's scope with `global: false`: only routes declaring
 * `config: { rateLimit: limitOf(app, 'SIGNIN_RATE_LIMIT') }` are limited. Counters live in memory
 * (one process) or, when REDIS_URL is set, in Redis so every API instance shares them.
 */
export async function registerRateLimit(app: FastifyInstance) {
  let redis: Redis | undefined;
  if (app.config.REDIS_URL) {
    redis = new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    redis.on('error', (err) => app.log.warn({ err: { message: err.message } }, 'rate-limit redis error'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'cc-rate-limit-',
    // trustProxy is on in app.ts, so request.ip is the client behind the reverse proxy.
    keyGenerator: (request) => request.ip,
    // Redis trouble must not lock every player out; the account lockout still guards passwords.
    skipOnError: true,
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS', 'Rate limit reached; retry later'),
  });
}

type LimitKey =
  | 'SIGNIN_RATE_LIMIT'
  | 'SIGNUP_RATE_LIMIT'
  | 'FORGOT_PASSWORD_RATE_LIMIT'
  | 'RESET_PASSWORD_RATE_LIMIT'
  | 'CAPTCHA_RATE_LIMIT' | 'UNIQUE_CHECK_RATE_LIMIT';

/** The route-level rate limit for one of the configured limits (requests per RATE_LIMIT_WINDOW_MS per IP). */
export function limitOf(app: FastifyInstance, key: LimitKey) {
  return { max: app.config[key], timeWindow: app.config.RATE_LIMIT_WINDOW_MS };
}
