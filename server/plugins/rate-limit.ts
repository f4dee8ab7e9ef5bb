import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from '../errors';
import { recordRateLimitFallback, recordRefused } from '../metrics';

// The plugin's own stores (CommonJS files, not in its types): the shared one and the per-process one.
const require = createRequire(import.meta.url);
type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result: Counted | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: { continueExceeding: boolean; exponentialBackoff: boolean; routeInfo: { method: string; url: string } }): Store;
}
type StoreClass = new (...args: unknown[]) => Store;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

/** How often, at most, a Redis outage is logged again while it lasts (each decision is counted). */
const FALLBACK_LOG_EVERY_MS = 60_000;

/**
 * The shared counters in Redis, and per-process counters that decide whenever Redis cannot (down,
 * unreachable, too slow): a Redis outage makes the limits per instance, never absent. Each such
 * decision is counted (casino_rate_limit_store_fallbacks_total) and the outage logged.
 */
class RedisWithFallback implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly onFallback: (error: Error) => void,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return cb(null, result);
        this.onFallback(error);
        this.local.incr(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.shared.read!(
      key,
      (error, result) => {
        if (!error) return cb(null, result);
        this.onFallback(error);
        this.local.read!(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<Store['child']>[0]): Store {
    return new RedisWithFallback(this.shared.child(routeOptions), this.local.child(routeOptions), this.onFallback);
  }
}

function fallbackLogger(log: FastifyBaseLogger) {
  let lastLogged = 0;
  return (error: Error) => {
    recordRateLimitFallback();
    const now = Date.now();
    if (now - lastLogged < FALLBACK_LOG_EVERY_MS) return;
    lastLogged = now;
    log.error({ err: { message: error.message } }, 'rate limits: Redis failed, counting per process until it answers again');
  };
}

/**
 * Per-IP rate limits for the abuse-prone calls (sign-in, sign-up, forgot-password, captcha).
 * Registers @fastify/rate-limit in the caller's scope with `global: false`: only routes declaring
 * `config: { rateLimit: limitOf(app, 'SIGNIN_RATE_LIMIT') }` are limited. Counters live in memory
 * (one process) or, when REDIS_URL is set, in Redis so every API instance shares them; when Redis
 * fails the limits are counted per process meanwhile (never none), logged and counted.
 */
export async function registerRateLimit(app: FastifyInstance) {
  let redis: Redis | undefined;
  if (app.config.REDIS_URL) {
    // No offline queue and a short command timeout: while Redis is away a limit is decided at
    // once by the per-process counters instead of waiting for a reconnection.
    redis = new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000, enableOfflineQueue: false, commandTimeout: 500 });
    redis.on('error', (err) => app.log.warn({ err: { message: err.message } }, 'rate-limit redis error'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  const shared = redis;
  const onFallback = fallbackLogger(app.log);
  // The plugin makes the store with `new store(options)`; this class closes over Redis and the logger.
  const store = shared
    ? class extends RedisWithFallback {
        constructor(options: { continueExceeding: boolean; exponentialBackoff: boolean }) {
          super(
            new RedisStore(options.continueExceeding, options.exponentialBackoff, shared, 'cc-rate-limit-'),
            new LocalStore(options.continueExceeding, options.exponentialBackoff),
            onFallback,
          );
        }
      }
    : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(store ? { store: store as unknown as RateLimitPluginOptions['store'] } : {}),
    // trustProxy is on in app.ts, so request.ip is the client behind the reverse proxy.
    keyGenerator: (request) => request.ip,
    // A store error never reaches the plugin (the fallback decides), and were one to, the request is refused rather than unlimited.
    skipOnError: false,
    onExceeded: () => recordRefused('rate_limit'),
    errorResponseBuilder: () => new AppError('TOO_MANY_REQUESTS', 'Rate limit reached; retry later'),
  });
}

type LimitKey =
  | 'SIGNIN_RATE_LIMIT'
  | 'SIGNUP_RATE_LIMIT'
  | 'FORGOT_PASSWORD_RATE_LIMIT'
  | 'RESET_PASSWORD_RATE_LIMIT'
  | 'CAPTCHA_RATE_LIMIT'
  | 'UNIQUE_CHECK_RATE_LIMIT'
  | 'LAUNCH_RATE_LIMIT';

/** The route-level rate limit for one of the configured limits (requests per RATE_LIMIT_WINDOW_MS per IP). */
export function limitOf(app: FastifyInstance, key: LimitKey) {
  return { max: app.config[key], timeWindow: app.config.RATE_LIMIT_WINDOW_MS };
}
