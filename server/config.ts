import { isIP } from 'node:net';
import { XP_COINS_PER_POINT_DEFAULT } from '../contracts/progression-config';
import { z } from 'zod';
import { ChannelConfigSchema, type ChannelConfig } from '../contracts/system';
import { WEB_CHANNEL } from '../contracts/constants';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const channels = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'CHANNELS must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().min(1), ChannelConfigSchema))
  // A Map: a lookup by a client-sent code must not find inherited names (constructor, __proto__).
  .transform((record) => new Map<string, ChannelConfig>(Object.entries(record)));

/** Every setting the API process reads, with its default. README's configuration table mirrors this. */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Development aids (dev outbox, captcha answers, OpenAPI UI): only when asked for, never in production. */
  DEV_TOOLS: bool.default(false),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/[^\s]+$/, 'DATABASE_URL: a PostgreSQL URL like postgres://user:password@host:5432/database')
    .refine((v) => URL.canParse(v), 'DATABASE_URL: a PostgreSQL URL like postgres://user:password@host:5432/database')
    .optional(),
  /** Production on the embedded database (one process, one host): only when said so. */
  ALLOW_EMBEDDED_DB: bool.default(false),
  DATA_DIR: z.string().default('./data'),
  API_BASE: z.string().startsWith('/').default('/api'),
  SITE_DIR: z.string().default('./dist'),
  /** Unset: http://localhost:<PORT> (loadConfig), so links in emails point at the port the site really runs on. */
  PUBLIC_SITE_URL: z.string().url().default('http://localhost:4321'),
  CHANNELS: channels.prefault(JSON.stringify({ [WEB_CHANNEL]: { maintenence: false, captcha: true, bearer: false } })),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Coin Casino <no-reply@coincasino.example>'),
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SUPPORT_EMAIL: z.string().email().default('support@coincasino.example'),
  SIGNUP_BONUS: z.coerce.number().int().min(0).default(10_000),
  /** Back-office adjustments above this many coins (absolute) wait for a second finance or admin member (docs/decisions/0019). */
  ADJUSTMENT_APPROVAL_THRESHOLD: z.coerce.number().int().min(0).default(10_000),
  DAILY_BONUS: z.coerce.number().int().min(0).default(1_000),
  /** Coins wagered (real coins) for one XP point (docs/decisions/0018). */
  XP_COINS_PER_POINT: z.coerce.number().int().min(1).default(XP_COINS_PER_POINT_DEFAULT),
  /** The time zone whose midnight turns the day of missions and the login streak. */
  DAY_START_TZ: z
    .string()
    .default('Asia/Tokyo')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'DAY_START_TZ: an IANA time zone such as Asia/Tokyo'),
  /** The UTC hour from which each server sends the day's offer emails (docs/decisions/0011); unset: only `npm run admin -- marketing:send` does. */
  MARKETING_SEND_HOUR: z.coerce.number().int().min(0).max(23).optional(),
  SPORTSBOOK_URL: z.string().url().optional(),
  SEED_DEMO: bool.default(true),
  /** Run the shared live tables' clocks on this server (docs/decisions/0025); tests drive them by hand. */
  LIVE_CLOCK: bool.default(true),
  /** Shorter rounds at every live table (betting 4 s, draw 1.5 s, pause 1 s): end-to-end tests and demos. */
  LIVE_FAST: bool.default(false),
  /** Open live-table streams per client address and per signed-in account. */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).default(8),
  /** The Redis keys of the tables' streams and presence begin with this (one deployment per prefix). */
  LIVE_STREAM_PREFIX: z
    .string()
    .regex(/^[a-z0-9:_-]{1,40}$/)
    .default('live'),
  /** Whether X-Forwarded-For/-Proto are believed: `true` (any proxy) or a comma-separated list of proxy addresses/CIDRs. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string[] => (v === 'true' ? true : v === 'false' ? false : v.split(',').map((a) => a.trim())))
    .refine(
      (v) => typeof v === 'boolean' || v.every(isAddressOrCidr),
      'TRUST_PROXY: true, false, or comma-separated proxy addresses or CIDRs (10.0.0.1,192.168.0.0/16)',
    ),
  /** Origins besides the site the pages may load from (CDN, analytics, an absolute API or lobby URL), space-separated. */
  CSP_SOURCES: z
    .string()
    .default('')
    .transform((v) => v.split(/\s+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[a-z0-9.*-]+(:\d+)?$/i, 'CSP_SOURCES: space-separated origins like https://cdn.example.com'))),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  // Accounts: per-IP rate limits (requests per RATE_LIMIT_WINDOW_MS) and sign-in lockout.
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  FORGOT_PASSWORD_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  RESET_PASSWORD_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  CAPTCHA_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  UNIQUE_CHECK_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  // Game launches (real and demo): each stores a token, so a script cannot flood the table.
  LAUNCH_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).default(5),
  LOCKOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(15 * 60_000),
  // Phone verification: hold signed-in players in the verification popup until verified,
  // and daily caps on codes sent (rolling 24 h) against SMS pumping.
  PHONE_VERIFICATION_REQUIRED: bool.default(true),
  SMS_DAILY_LIMIT_PER_NUMBER: z.coerce.number().int().min(1).default(5),
  SMS_DAILY_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  // Overload (docs/decisions/0004-database-faults-and-overload.md): refuse new requests with 503 instead of queueing them without bound.
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).default(1000),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  // Operations (docs/decisions/0014-operable-process.md).
  /** After SIGTERM: /health/ready answers 503 and requests are still served this long, then the server closes. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(10_000),
  /** Prometheus text at GET /metrics on its own listener; 0 turns it off. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Where the metrics listener binds: loopback unless the scraper is elsewhere. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // The durable outbox (docs/decisions/0015): how often each server's worker looks for due
  // emails and SMS, the first retry's wait (doubling each time up to OUTBOX_RETRY_MAX_MS), the
  // attempts before a dead letter, and how long a claim holds a message (longer than the SMTP timeouts).
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(2_000),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  OUTBOX_RETRY_MAX_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(60 * 60_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(12),
  OUTBOX_LEASE_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
  // Retention (docs/decisions/0015-outbox-retention-backups-cluster.md): a daily job (exactly once across servers, from RETENTION_HOUR UTC) deletes
  // what is no longer needed, this many days after it expired (or was made, for page views). The
  // wallet journal, game rounds and provider transactions are kept.
  RETENTION_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  RETENTION_SESSION_DAYS: z.coerce.number().int().min(1).default(30),
  RETENTION_TOKEN_DAYS: z.coerce.number().int().min(2).default(7),
  RETENTION_PAGE_VIEW_DAYS: z.coerce.number().int().min(1).default(180),
  RETENTION_OUTBOX_DAYS: z.coerce.number().int().min(1).default(30),
});

export type Config = z.infer<typeof ConfigSchema>;

/** An IP address, or one with a prefix length (CIDR). */
function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A configuration the server refuses: its message is one line per problem, `Invalid configuration: VAR: why`. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.map((p) => `Invalid configuration: ${p}`).join('\n'));
  }
}

/** Combinations that would run production with a development aid open or a message channel missing. */
function deploymentProblems(config: Config): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!config.DATABASE_URL && !config.ALLOW_EMBEDDED_DB) {
    problems.push('DATABASE_URL: required with NODE_ENV=production (or ALLOW_EMBEDDED_DB=true for a single-node install on the embedded database)');
  }
  if (!httpsSite(config)) problems.push(`PUBLIC_SITE_URL: must be https with NODE_ENV=production (is ${config.PUBLIC_SITE_URL})`);
  if (config.DEV_TOOLS) problems.push('DEV_TOOLS: must not be true with NODE_ENV=production (it opens the dev outbox and captcha answers)');
  if (!config.SMTP_URL) problems.push('SMTP_URL: required with NODE_ENV=production (emails have nowhere else to go)');
  if (!config.SMS_GATEWAY_URL) problems.push('SMS_GATEWAY_URL: required with NODE_ENV=production (verification codes have nowhere else to go)');
  return problems;
}

/** What the server says at start about a configuration it runs with but an operator should know of. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.DEV_TOOLS) warnings.push('DEV_TOOLS is on: the dev outbox, captcha answers and the OpenAPI UI are open (never in production)');
  if (isProduction(config) && !config.DATABASE_URL) {
    warnings.push(`ALLOW_EMBEDDED_DB=true: a single-node install on the embedded database in ${config.DATA_DIR} (one process; no second instance)`);
  }
  // Without Redis the live tables' events reach only this instance's watchers (docs/decisions/0025).
  const liveAlone = config.DATABASE_URL ? '; the live tables work on one instance only (their events reach only its own watchers)' : '';
  if (isProduction(config) && !config.REDIS_URL) {
    warnings.push(`REDIS_URL is unset: rate limits are per process, so N instances allow N times the limits${liveAlone}`);
  } else if (liveAlone && !config.REDIS_URL) {
    warnings.push(`REDIS_URL is unset${liveAlone}`);
  }
  return warnings;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present: Record<string, string | undefined> = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // The public address follows PORT when not set (a bad or random PORT keeps the default; PORT's own check reports a bad one).
  if (present.PUBLIC_SITE_URL === undefined && present.PORT !== undefined && /^[1-9]\d{0,4}$/.test(present.PORT)) {
    present.PUBLIC_SITE_URL = `http://localhost:${present.PORT}`;
  }
  // No demo raffles and content in production unless asked for.
  if (present.SEED_DEMO === undefined && present.NODE_ENV === 'production') present.SEED_DEMO = 'false';
  const parsed = ConfigSchema.safeParse(present);
  // One line per problem, each naming its variable (the server prints the message alone, no stack).
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = i.path.join('.');
      return i.message.startsWith(`${name}:`) ? i.message : `${name}: ${i.message}`;
    });
    throw new ConfigError(lines);
  }
  const problems = deploymentProblems(parsed.data);
  if (problems.length > 0) throw new ConfigError(problems);
  return parsed.data;
}

export const isProduction = (config: Config) => config.NODE_ENV === 'production';

/** Development aids (dev outbox, captcha answers, OpenAPI UI) exist only with DEV_TOOLS=true (never in production). */
export const devToolsOn = (config: Config) => config.DEV_TOOLS && !isProduction(config);

/** The flags of a configured channel, or undefined: only the configured codes themselves, never inherited names. */
export const channelOf = (config: Config, code: string | undefined): ChannelConfig | undefined => (code === undefined ? undefined : config.CHANNELS.get(code));

/** Cookies are Secure and `__Host-` prefixed when the public site is https, whatever a proxy says. */
export const httpsSite = (config: Config) => new URL(config.PUBLIC_SITE_URL).protocol === 'https:';
