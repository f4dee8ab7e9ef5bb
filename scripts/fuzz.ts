/**
 * npm run fuzz [-- --short] [--seed=N] [--per-endpoint=N] [--seconds=N]
 *
 * Requests generated from the API's own contracts (the OpenAPI document built from the zod schemas
 * lists every route with its parameters and body) and mutated: wrong types, missing and extra
 * fields, huge and odd strings (NUL, lone surrogates, invalid UTF-8), bad JSON, wrong methods and
 * content types, bad cookies and tokens, no or odd CHANNEL. Every endpoint, signed out and signed in,
 * against the real app listening on 127.0.0.1 on a fresh database (embedded PGlite in memory, or a
 * fresh PostgreSQL database when TEST_DATABASE_URL is set).
 *
 * Prints counts by status. Fails (exit 1) on any 5xx, any request without an answer, any refused
 * request (4xx) that changed state (any insert, update or delete in any table of the schema), or a
 * wallet whose balance is not the sum of its journal. Bounded: at most N variants per endpoint and
 * identity, and a time limit; a run that sent fewer than its minimum of requests (--min-requests=N,
 * else 80% of those scheduled) fails.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { seedDemoContent } from '../server/db/seed';
import { checkConservation, postMovement } from '../server/modules/wallet';
import { createSession } from '../server/plugins/session';
import { errorStatus } from '../contracts/errors';
import { createTestDb } from '../tests/support/db';
import { createTestPlayer } from '../tests/support/players';
import { sendRaw, type RawRequest, type RawResponse } from './fuzz/raw-http';
import { intBetween, pick, sample, seeded, wrongType, type JsonSchema, type Rand } from './fuzz/schema-sample';

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const short = args.includes('--short');
const seed = Number(flag('seed') ?? Math.floor(Math.random() * 2 ** 31));
const perEndpoint = Number(flag('per-endpoint') ?? (short ? 24 : 80));
// Upper bounds, not durations: a run that reaches one before it sent its minimum of requests fails.
const deadline = Date.now() + 1000 * Number(flag('seconds') ?? (short ? 300 : 900));
const rand: Rand = seeded(seed);

/* ---------------- the app, on a fresh database, on loopback ---------------- */

const serverErrors: string[] = [];
const logSink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: { message?: string; type?: string } };
        serverErrors.push(`${entry.msg}: ${entry.err?.type ?? ''} ${entry.err?.message ?? ''}`.slice(0, 300));
      } catch {
        serverErrors.push(line.slice(0, 300));
      }
    }
    done();
  },
});

const testDb = await createTestDb();
const db = testDb.db;
const config = loadConfig({
  NODE_ENV: 'test',
  SITE_DIR: './no-site',
  SEED_DEMO: 'true',
  CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: true } }),
  // Rate limits would answer 429 before the body is even read: lift them so mutations reach validation.
  SIGNIN_RATE_LIMIT: '1000000',
  SIGNUP_RATE_LIMIT: '1000000',
  FORGOT_PASSWORD_RATE_LIMIT: '1000000',
  CAPTCHA_RATE_LIMIT: '1000000',
  UNIQUE_CHECK_RATE_LIMIT: '1000000',
  LOCKOUT_THRESHOLD: '1000000',
  // The live tables' clock writes rounds and leases on its own: off, so that every change seen between
  // two snapshots is one a request made (the tables still answer, their streams with a snapshot).
  LIVE_CLOCK: 'false',
});
await seedDemoContent(db, config);
const app = await buildApp({ config, db, logger: { level: 'error', stream: logSink } });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as { port: number }).port;
const API = config.API_BASE;

/* ---------------- who calls: a signed-out visitor, and a verified, funded player ---------------- */

interface Identity {
  name: 'signed-out' | 'signed-in';
  token?: string;
  accountId?: string;
  playSession?: string;
  /** Bets the slot of the play session accepts. */
  betLevels?: number[];
}

async function newPlayer(): Promise<Identity> {
  const player = await createTestPlayer(db);
  await db
    .updateTable('accounts')
    .set({ phone_number: `+8190${String(intBetween(rand, 10_000_000, 99_999_999))}`, phone_verified_at: new Date() })
    .where('id', '=', player.id)
    .execute();
  await postMovement(db, {
    accountId: player.id,
    type: 'ADJUSTMENT',
    amount: 1_000_000,
    idempotencyKey: `fuzz-${randomBytes(8).toString('hex')}`,
    reason: 'fuzz',
  });
  return { name: 'signed-in', token: player.token, accountId: player.id };
}

/** The signed-in identity stays signed in: a fuzzed logout, password change or deletion may end it. */
async function ensureSignedIn(who: Identity): Promise<Identity> {
  const alive = await db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select('sessions.id')
    .where('sessions.account_id', '=', who.accountId!)
    .where('sessions.revoked_at', 'is', null)
    .where('accounts.deleted_at', 'is', null)
    .executeTakeFirst();
  if (alive) return who;
  const account = await db.selectFrom('accounts').select('deleted_at').where('id', '=', who.accountId!).executeTakeFirst();
  if (account?.deleted_at) return newPlayer();
  return { ...who, token: (await createSession(db, who.accountId!)).token, playSession: undefined };
}

const call = (method: string, path: string, who: Identity, body?: unknown) =>
  sendRaw(port, {
    method,
    target: `${API}${path}`,
    headers: [
      ['channel', 'WEB'],
      ...(who.token ? [['authorization', `Bearer ${who.token}`] as [string, string]] : []),
      ...(body ? [['content-type', 'application/json'] as [string, string]] : []),
    ],
    body: body ? Buffer.from(JSON.stringify(body)) : undefined,
  });

/** A launch token (real for the player, demo for the visitor), as /launchgame gives it. */
async function launchToken(who: Identity): Promise<string | undefined> {
  const res = who.token
    ? await call('GET', '/launchgame?gameCode=slot-sakura-fortune&language=en', who)
    : await call('GET', '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS&language=en', who);
  if (res.status !== 200) return undefined;
  return new URL(JSON.parse(res.body).url, 'http://x').searchParams.get('token') ?? undefined;
}

async function playSession(who: Identity): Promise<string | undefined> {
  if (who.playSession) return who.playSession;
  const token = await launchToken(who);
  if (!token) return undefined;
  const res = await call('POST', '/house/session', who, { token });
  if (res.status === 200) {
    const opened = JSON.parse(res.body) as { session: string; game: { definition?: { betLevels?: number[] } } };
    who.playSession = opened.session;
    who.betLevels = opened.game.definition?.betLevels;
  }
  return who.playSession;
}

/* ---------------- what changed: every table of the schema, by triggers ---------------- */

/**
 * Every table of the schema the migrations built (information_schema, not a hand list: a table a
 * later migration adds is covered without anyone remembering it) gets row triggers that log each
 * insert, delete and real update (a row whose values changed) and a truncate into fuzz_changes, in
 * the same transaction (a rolled-back change leaves no trace). The snapshot is that log, counted by
 * table and operation: a refused request that wrote anywhere shows, and reading it costs the same
 * however large the tables grow. (The fuzz's database is its own, dropped at the end.)
 */
const TABLES = (
  await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
    db,
  )
).rows.map((r) => r.name);
for (const name of ['accounts', 'wallets', 'wallet_journal', 'house_rounds', 'sessions']) {
  if (!TABLES.includes(name))
    throw new Error(`fuzz: the schema read from information_schema lacks ${name} (read ${TABLES.length} tables: ${TABLES.join(', ')})`);
}
await sql`create table fuzz_changes (id bigserial primary key, table_name text not null, op text not null)`.execute(db);
await sql`create function fuzz_log_change() returns trigger language plpgsql as $$
begin
  insert into fuzz_changes (table_name, op) values (TG_TABLE_NAME, lower(TG_OP));
  return null;
end $$`.execute(db);
for (const name of TABLES) {
  await sql`create trigger fuzz_write after insert or delete on ${sql.table(name)} for each row execute function fuzz_log_change()`.execute(db);
  await sql`create trigger fuzz_update after update on ${sql.table(name)} for each row when (old.* is distinct from new.*) execute function fuzz_log_change()`.execute(
    db,
  );
  await sql`create trigger fuzz_truncate after truncate on ${sql.table(name)} for each statement execute function fuzz_log_change()`.execute(db);
}

/**
 * Writes a refusal is meant to make, by operation, each with why: anything else a refused request
 * writes is a failure.
 */
const REFUSAL_WRITES: Record<string, { writes: string[]; why: string }> = {
  'POST /api/reset-phone-number': { writes: ['phone_password_failures insert'], why: 'a wrong password is counted towards the lockout that stops guessing' },
};
for (const [route, { writes }] of Object.entries(REFUSAL_WRITES)) {
  for (const write of writes)
    if (!TABLES.includes(write.split(' ')[0])) throw new Error(`fuzz: REFUSAL_WRITES for ${route} names a table the schema does not have: ${write}`);
}

/** The last write logged so far. */
async function snapshot(): Promise<string> {
  const { rows } = await sql<{ last: string }>`select coalesce(max(id), 0)::text as last from fuzz_changes`.execute(db);
  return rows[0].last;
}

/** The writes logged since that snapshot, by table and operation ("wallets update x1"). */
async function diff(since: string): Promise<string[]> {
  const { rows } = await sql<{
    key: string;
    n: string;
  }>`select table_name || ' ' || op as key, count(*)::text as n from fuzz_changes where id > ${since}::bigint group by 1 order by 1`.execute(db);
  return rows.map((r) => `${r.key} x${r.n}`);
}

/* ---------------- the routes, from the OpenAPI document ---------------- */

interface Param {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  params: Param[];
  body?: JsonSchema;
}

const openapi = JSON.parse((await sendRaw(port, { method: 'GET', target: `${API}/openapi.json`, headers: [] })).body) as {
  paths: Record<string, Record<string, { parameters?: Param[]; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
};
const operations: Operation[] = Object.entries(openapi.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    params: op.parameters ?? [],
    body: op.requestBody?.content?.['application/json']?.schema,
  })),
);

/* ---------------- generation and mutation ---------------- */

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const generatedOdd = fc.sample(fc.string({ unit: anyCodeUnit, minLength: 1, maxLength: 40 }), { seed, numRuns: 200 });
const oddStrings = [
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(20),
  '\ud800',
  '\udfff',
  'x\ud83dy',
  '\ufffe\uffff',
  '\ufeff',
  '\u202eevil',
  'Ⅸ𝔥𝔢𝔩𝔩𝔬',
  '😀'.repeat(40),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: '${7*7}' is a template-injection probe, sent as text.
  "' OR '1'='1",
  '"; drop table accounts; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '%s%n%x',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  ' ',
  '',
  '\r\n',
  '\t',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  'null',
  'true',
  '+81 90 1234 5678',
  '+819012345678',
  'a@b',
  'x'.repeat(300),
  'é'.repeat(200),
];
const oddString = () => (rand() < 0.6 ? pick(rand, oddStrings) : pick(rand, generatedOdd));
const hugeString = () => pick(rand, ['a', '\u0000', 'é', '😀', '\ud800'])!.repeat(pick(rand, [1_000, 20_000, 70_000, 300_000]));

const badJsonBodies = [
  '{',
  '}',
  '[',
  'nul',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '{"a":1}{"b":2}',
  '\u0000',
  '\ufeff{}',
  '""',
  '1',
  'null',
  'true',
  '[]',
  '[{}]',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  'x'.repeat(5000),
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1e999}',
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
];
const invalidUtf8 = Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xed, 0xa0, 0x80, 0xff, 0xfe, 0xc0, 0xaf]), Buffer.from('"}')]);
const badChannels = [
  undefined,
  '',
  'web',
  'WEB ',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'x'.repeat(5000),
  'WEB\u0000',
  'WEB,WEB',
];
const badAuth: Array<Array<[string, string]>> = [
  [['cookie', 'session=']],
  [['cookie', `session=${randomBytes(32).toString('base64url')}`]],
  [['cookie', 'session=%ZZ%; session_info={"displayName":"x"']],
  [['cookie', `session=${'a'.repeat(8000)}`]],
  [['cookie', 'session=a\u0000b']],
  [['cookie', 'session=\u00ff\u00fe']],
  [['cookie', '=;;=;session']],
  [['cookie', '__proto__=x; constructor=y; session=z']],
  [
    ['cookie', `session=${randomBytes(32).toString('base64url')}`],
    ['origin', 'https://evil.example'],
  ],
  [['origin', 'null']],
  [['authorization', 'Bearer ']],
  [['authorization', 'Bearer \u0000']],
  [['authorization', `Bearer ${randomBytes(32).toString('base64url')}`]],
  [['authorization', 'Basic YTpi']],
  [['authorization', `Bearer ${'x'.repeat(10_000)}`]],
];
const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND'];

/** Percent-encodes as UTF-8 (a lone surrogate becomes U+FFFD, as a browser would send it). */
const pct = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`))
    .join('');

type Mutation =
  | 'valid'
  | 'nul-string'
  | 'surrogate-string'
  | 'missing-field'
  | 'extra-field'
  | 'wrong-type'
  | 'odd-string'
  | 'huge-string'
  | 'bad-json'
  | 'invalid-utf8'
  | 'wrong-method'
  | 'channel'
  | 'auth'
  | 'content-type'
  | 'raw-query'
  | 'raw-path';
const mutations: Mutation[] = [
  'valid',
  'nul-string',
  'surrogate-string',
  'missing-field',
  'extra-field',
  'wrong-type',
  'odd-string',
  'huge-string',
  'bad-json',
  'invalid-utf8',
  'wrong-method',
  'channel',
  'auth',
  'content-type',
  'raw-query',
  'raw-path',
];

/** Known-good values by field name, so valid requests get past look-ups to the deeper code. */
async function knownValues(op: Operation, who: Identity): Promise<(field: string) => unknown> {
  const session = op.path.startsWith('/api/house/') ? await playSession(who) : undefined;
  const launch = op.path === '/api/house/session' ? await launchToken(who) : undefined;
  const round = op.path.includes('{roundId}') ? await db.selectFrom('house_rounds').select('id').limit(1).executeTakeFirst() : undefined;
  return (field) => {
    if (rand() < 0.15) return undefined; // sometimes a generated value instead
    switch (field) {
      case 'session':
        return session;
      case 'token':
        return launch;
      case 'gameCode':
        return pick(rand, ['slot-sakura-fortune', 'roulette-european', 'blackjack-classic', 'baccarat-classic', 'slot-ninja-gold']);
      case 'promoSlug':
        return pick(rand, ['coin-festival', 'weekly-raffle']);
      case 'siteRef':
        return 'WEB';
      case 'roundId':
        return round?.id;
      case 'currency':
        return 'PTS';
      case 'input':
        return op.path === '/api/house/play' && who.betLevels && rand() < 0.5 ? { kind: 'slot', bet: pick(rand, who.betLevels) } : undefined;
      default:
        return undefined;
    }
  };
}

/** Every string-typed place of a value, as a path of keys, for odd and huge strings. */
function stringPaths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}
function setAt(target: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = (Array.isArray(target) ? [...target] : { ...(target as object) }) as Record<string | number, unknown>;
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), value);
  return copy;
}
function allPaths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => allPaths(v, [...at, i]))];
  if (value && typeof value === 'object') return [at, ...Object.entries(value).flatMap(([k, v]) => allPaths(v, [...at, k]))];
  return [at];
}

/**
 * The variants of one endpoint: each mutation once (NUL and lone surrogates once per field of the
 * body or query, since a refusal of one field hides what another would do), then random ones.
 */
const fieldCount = (op: Operation) => Math.max(1, op.body ? Object.keys(op.body.properties ?? {}).length : op.params.filter((p) => p.in === 'query').length);
function firstPass(op: Operation): Array<{ mutation: Mutation; field?: number }> {
  const first: Array<{ mutation: Mutation; field?: number }> = [];
  for (const m of mutations) {
    if (m === 'nul-string' || m === 'surrogate-string') for (let f = 0; f < fieldCount(op); f++) first.push({ mutation: m, field: f });
    else first.push({ mutation: m });
  }
  return first;
}
function schedule(op: Operation, count: number): Array<{ mutation: Mutation; field?: number }> {
  const out = firstPass(op).slice(0, Math.max(count, mutations.length));
  while (out.length < count) out.push({ mutation: pick(rand, mutations), field: intBetween(rand, 0, fieldCount(op) - 1) });
  return out;
}
/** How many requests schedule(op, count) gives (without drawing from the seeded random numbers). */
const scheduleLength = (op: Operation, count: number) => Math.max(count, Math.min(firstPass(op).length, Math.max(count, mutations.length)));

/** The CHANNEL a `channel` mutation sent, to check it is refused. */
let sentChannel: string | undefined;

async function buildRequest(op: Operation, who: Identity, mutation: Mutation, field = 0): Promise<RawRequest> {
  const named = await knownValues(op, who);
  const pathParams: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  for (const p of op.params) {
    if (p.in === 'path') pathParams[p.name] = String(sample(rand, p.schema, named, p.name));
    else if (p.in === 'query' && (p.required || rand() < 0.5)) query[p.name] = sample(rand, p.schema, named, p.name);
  }
  let body: unknown = op.body ? sample(rand, op.body, named) : undefined;
  let rawBody: Buffer | undefined;
  let method = op.method;
  let contentType: string | undefined = op.body ? 'application/json' : undefined;
  let rawQuery: string | undefined;
  const headers: Array<[string, string]> = [];
  let channel: string | undefined = 'WEB';
  let auth: Array<[string, string]> = who.token ? [['authorization', `Bearer ${who.token}`]] : [];
  // The site's way: the session cookie, with the Origin a browser adds (the Origin check wants it).
  if (who.token && rand() < 0.3)
    auth = [
      ['cookie', `session=${who.token}`],
      ['origin', `http://127.0.0.1:${port}`],
    ];

  // Mutations apply to the body when there is one, else to the query.
  const onBody = op.body !== undefined && (Object.keys(query).length === 0 || rand() < 0.7);
  const target = () => (onBody ? body : query);
  const setTarget = (v: unknown) => {
    if (onBody) body = v;
    else Object.assign(query, v as object);
  };
  switch (mutation) {
    case 'valid':
      break;
    case 'missing-field': {
      const t = target();
      if (t && typeof t === 'object' && !Array.isArray(t)) {
        const keys = Object.keys(t);
        if (keys.length) {
          const copy = { ...(t as Record<string, unknown>) };
          delete copy[pick(rand, keys)];
          if (onBody) body = copy;
          else for (const k of Object.keys(query)) if (!(k in copy)) delete query[k];
        }
      } else if (onBody) body = undefined;
      break;
    }
    case 'extra-field': {
      const key = pick(rand, ['isAdmin', 'accountId', 'balance', 'amount', 'role', 'constructor', 'toString', randomBytes(3).toString('hex')]);
      const t = target();
      if (t && typeof t === 'object' && !Array.isArray(t)) setTarget({ ...(t as object), [key]: pick(rand, [true, 1_000_000, 'x', null, {}]) });
      else if (onBody || !op.body) query[key] = '1';
      if (onBody && rand() < 0.3) rawBody = Buffer.from(JSON.stringify(body).replace(/^\{/, '{"__proto__":{"isAdmin":true},'));
      break;
    }
    case 'wrong-type': {
      if (onBody) {
        const paths = allPaths(body);
        body = setAt(body, pick(rand, paths), wrongType(rand, {}));
      } else {
        const keys = Object.keys(query);
        if (keys.length) query[pick(rand, keys)] = pick(rand, [['a', 'b'], '', '-1', '1.5', '1e400', 'true', '[object Object]']);
      }
      break;
    }
    case 'nul-string':
    case 'surrogate-string':
    case 'odd-string':
    case 'huge-string': {
      const value =
        mutation === 'nul-string'
          ? pick(rand, ['a\u0000b', '/x\u0000', '\u0000'])
          : mutation === 'surrogate-string'
            ? pick(rand, ['\ud800', 'a\udfffb', '/x\ud83d'])
            : mutation === 'odd-string'
              ? oddString()
              : hugeString();
      const chosen = mutation === 'nul-string' || mutation === 'surrogate-string';
      if (op.body) {
        // The field'th property of the body (a string or not: a NUL where a number goes is refused too).
        const keys = Object.keys(op.body.properties ?? {});
        const paths = stringPaths(body);
        const key = chosen && keys.length ? keys[field % keys.length] : undefined;
        body = key
          ? setAt(body ?? {}, [key], value)
          : paths.length
            ? setAt(body, pick(rand, paths), value)
            : setAt(body ?? {}, [pick(rand, ['x', 'email', 'name'])], value);
      } else {
        const keys = op.params.filter((p) => p.in === 'query').map((p) => p.name);
        query[keys.length ? (chosen ? keys[field % keys.length] : pick(rand, keys)) : 'q'] = value;
      }
      break;
    }
    case 'bad-json':
      rawBody = Buffer.from(pick(rand, badJsonBodies));
      contentType = 'application/json';
      if (method === 'GET' && rand() < 0.5) method = 'POST';
      break;
    case 'invalid-utf8':
      rawBody = invalidUtf8;
      contentType = pick(rand, ['application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1']);
      break;
    case 'wrong-method':
      method = pick(
        rand,
        methods.filter((m) => m !== op.method),
      );
      break;
    case 'channel':
      channel = pick(rand, badChannels);
      sentChannel = channel;
      break;
    case 'auth':
      auth = pick(rand, badAuth);
      break;
    case 'content-type':
      contentType = pick(rand, [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=utf-16',
        'application/jsonx',
        '',
        '\u00ff/\u00fe',
        'application/json, text/plain',
      ]);
      if (body === undefined) rawBody = Buffer.from('a=1&b=2');
      break;
    case 'raw-query':
      rawQuery = pick(rand, [
        '%00',
        'a=%00',
        'gameCode=%ED%A0%80',
        'gameCode=%',
        'gameCode=%E0%A4%A',
        'page=1&page=2',
        'languageCode[]=ja',
        'a[b][c]=1',
        '__proto__[x]=1',
        'constructor.prototype.x=1',
        '&&&==&',
        'x='.padEnd(9000, 'y'),
      ]);
      break;
    case 'raw-path':
      for (const k of Object.keys(pathParams))
        pathParams[k] = pick(rand, ['%00', '%ED%A0%80', '..%2F..%2Fetc', '%', 'x'.repeat(3000), '%F0%9F%98%80', '-1', '00000000-0000-0000-0000-000000000000']);
      if (Object.keys(pathParams).length === 0) rawQuery = pick(rand, ['%', '%00']);
      break;
  }

  let path = op.path;
  for (const [k, v] of Object.entries(pathParams)) path = path.replace(`{${k}}`, mutation === 'raw-path' ? v : pct(v));
  const qs = Object.entries(query)
    .flatMap(([k, v]) =>
      Array.isArray(v)
        ? v.map((x) => `${pct(k)}=${pct(String(x))}`)
        : v === undefined
          ? []
          : [`${pct(k)}=${pct(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))}`],
    )
    .join('&');
  const fullQuery = rawQuery ?? qs;
  if (channel !== undefined) headers.push(['channel', channel]);
  headers.push(...auth);
  if (body !== undefined && rawBody === undefined && method !== 'GET' && method !== 'HEAD') rawBody = Buffer.from(JSON.stringify(body));
  if (rawBody !== undefined && contentType !== undefined) headers.push(['content-type', contentType]);
  return { method, target: `${path}${fullQuery ? `?${fullQuery}` : ''}`, headers, body: rawBody };
}

/* ---------------- the run ---------------- */

const byStatus = new Map<number, number>();
/** `--verbose`: statuses per operation, to see how deep the generated requests get. */
const byOperation = new Map<string, Map<number, number>>();
/** Problems by kind, with the first few requests that showed each. */
const failures = new Map<string, { count: number; examples: string[] }>();
const fail = (kind: string, example: string) => {
  const entry = failures.get(kind) ?? { count: 0, examples: [] };
  entry.count++;
  if (entry.examples.length < 3) entry.examples.push(example);
  failures.set(kind, entry);
};
const notes = new Map<string, number>();
const note = (what: string) => notes.set(what, (notes.get(what) ?? 0) + 1);
let sent = 0;
let signedIn = await newPlayer();
const signedOut: Identity = { name: 'signed-out' };
const describeRequest = (who: Identity, req: RawRequest, mutation: Mutation) =>
  `[${who.name} ${mutation}] ${req.method} ${req.target.slice(0, 160)}${req.body ? ` body=${JSON.stringify(req.body.toString('utf8').slice(0, 160))}` : ''}`;

/**
 * The fewest requests the run must send to pass: `--min-requests=N`, else MIN_SHARE of what it
 * schedules (every operation, both identities, its variants). A run the time limit stopped early (a
 * slow or busy machine), or whose route list came back short, did not test what it claims: it fails.
 */
const MIN_SHARE = 0.8;
const scheduled = operations.reduce((n, op) => n + 2 * scheduleLength(op, perEndpoint), 0);
const minRequests = Math.max(1, Number(flag('min-requests') ?? Math.ceil(MIN_SHARE * scheduled)));
for (const route of Object.keys(REFUSAL_WRITES)) {
  if (!operations.some((op) => `${op.method} ${op.path}` === route)) throw new Error(`fuzz: REFUSAL_WRITES names a route the API does not have: ${route}`);
}
if (operations.length < 20) fail('too few operations', `the OpenAPI document lists ${operations.length} operations`);
console.log(
  `fuzz: seed ${seed}, ${operations.length} operations, up to ${perEndpoint} variants each per identity (${scheduled} scheduled, at least ${minRequests} to pass), database ${testDb.kind}, http://127.0.0.1:${port}`,
);
outer: for (const op of operations) {
  for (const identity of ['signed-out', 'signed-in'] as const) {
    for (const { mutation, field } of schedule(op, perEndpoint)) {
      if (Date.now() > deadline) {
        note('stopped at the time limit');
        break outer;
      }
      if (identity === 'signed-in') signedIn = await ensureSignedIn(signedIn);
      const who = identity === 'signed-in' ? signedIn : signedOut;
      sentChannel = undefined;
      const req = await buildRequest(op, who, mutation, field);
      const before = await snapshot();
      let res: RawResponse;
      try {
        res = await sendRaw(port, req);
      } catch (error) {
        fail(`no answer: ${op.method} ${op.path}`, `${(error as Error).message} ${describeRequest(who, req, mutation)}`);
        continue;
      }
      sent++;
      byStatus.set(res.status, (byStatus.get(res.status) ?? 0) + 1);
      const opKey = `${op.method} ${op.path} (${who.name})`;
      const opStatuses = byOperation.get(opKey) ?? new Map<number, number>();
      opStatuses.set(res.status, (opStatuses.get(res.status) ?? 0) + 1);
      byOperation.set(opKey, opStatuses);
      // Every API path but the probes, the docs and the dev aids needs a known CHANNEL (Node trims a header's spaces).
      const needsChannel = !/^\/api\/(health|docs|openapi\.json|dev\/)/.test(req.target);
      const channelSent = sentChannel as string | undefined;
      if (mutation === 'channel' && needsChannel && channelSent?.trim() !== 'WEB' && res.status !== 431) {
        let code: unknown;
        try {
          code = (JSON.parse(res.body) as { code?: unknown }).code;
        } catch {}
        // A control character in a header is refused by Node's HTTP parser before any route: the server
        // answers that unreadable request with REQUEST_VALIDATION_ERROR; any other unknown value is CHANNEL_REQUIRED.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for.
        const unparseable = /[\x00-\x08\x0a-\x1f\x7f]/.test(channelSent ?? '');
        const refused = unparseable ? res.status === 400 && code === 'REQUEST_VALIDATION_ERROR' : code === 'CHANNEL_REQUIRED';
        if (!refused)
          fail(
            'unknown CHANNEL accepted',
            `CHANNEL ${JSON.stringify(channelSent)}: ${res.status} ${res.body.slice(0, 60)} ${describeRequest(who, req, mutation)}`,
          );
      }
      if (res.status >= 500) fail(`${res.status} on ${op.method} ${op.path} (${mutation})`, `${res.body.slice(0, 80)} ${describeRequest(who, req, mutation)}`);
      if (res.status >= 400 && req.method !== 'HEAD') {
        let code: unknown;
        try {
          code = (JSON.parse(res.body) as { code?: unknown }).code;
        } catch {
          code = undefined;
        }
        if (typeof code !== 'string' || !(code in errorStatus)) {
          if (res.status >= 500) fail('5xx without a catalogue {code} body', describeRequest(who, req, mutation));
          else note(`${res.status} answered without a catalogue {code} body (${res.body.slice(0, 60)})`);
        }
      }
      if (res.status >= 400) {
        const allowed = REFUSAL_WRITES[`${op.method} ${op.path}`]?.writes ?? [];
        const changed = (await diff(before)).filter((d) => !allowed.includes(d.slice(0, d.lastIndexOf(' x'))));
        if (changed.length)
          fail(`refused (${res.status}) but changed state on ${op.method} ${op.path}`, `${changed.join(', ')}: ${describeRequest(who, req, mutation)}`);
      }
      if (sent % 250 === 0) {
        const report = await checkConservation(db);
        if (report.problems.length) fail('wallet conservation broken', `after ${sent} requests: ${JSON.stringify(report.problems.slice(0, 3))}`);
      }
    }
  }
}

// The state check must be able to see a change: plant one (a coin moved, a row added) and look.
{
  const before = await snapshot();
  await postMovement(db, {
    accountId: signedIn.accountId!,
    type: 'ADJUSTMENT',
    amount: 1,
    idempotencyKey: `fuzz-self-check-${randomBytes(8).toString('hex')}`,
    reason: 'fuzz self-check',
  });
  const seen = await diff(before);
  if (!seen.some((d) => d.startsWith('wallet_journal insert')) || !seen.some((d) => d.startsWith('wallets update')))
    fail('self-check: the state check missed a planted movement', seen.join(', '));
  // ...and every table of the schema is watched (a table made since the start would not be).
  const watched = (
    await sql<{ name: string }>`select distinct event_object_table as name from information_schema.triggers where trigger_name = 'fuzz_write'`.execute(db)
  ).rows.map((r) => r.name);
  const tables = (
    await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'fuzz_changes'`.execute(
      db,
    )
  ).rows.map((r) => r.name);
  const uncovered = tables.filter((name) => !watched.includes(name));
  if (uncovered.length) fail('self-check: tables left out of the state check', uncovered.join(', '));
}

const conservation = await checkConservation(db);
if (conservation.problems.length) fail('wallet conservation broken', `at the end: ${JSON.stringify(conservation.problems.slice(0, 3))}`);
await app.close();
await testDb.drop();

console.log(`\nfuzz: ${sent} requests (seed ${seed}); by status:`);
for (const [status, count] of [...byStatus.entries()].sort((a, b) => a[0] - b[0])) console.log(`  ${status}: ${count}`);
if (args.includes('--verbose')) {
  for (const [key, statuses] of byOperation)
    console.log(
      `  ${key}: ${[...statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([st, n]) => `${st} x${n}`)
        .join(', ')}`,
    );
}
if (!(sent >= minRequests))
  fail('too few requests', `${sent} sent, fewer than the minimum of ${minRequests} (--min-requests): the run stopped before it tested what it claims`);
console.log(
  `wallets conserved: ${conservation.problems.length === 0 ? 'yes' : 'NO'} (${conservation.wallets} wallets, ${conservation.entries} journal entries)`,
);
for (const [what, count] of notes) console.log(`note: ${what} x${count}`);
if (failures.size) {
  const total = [...failures.values()].reduce((n, f) => n + f.count, 0);
  console.log(`\nFAILED: ${total} problems of ${failures.size} kinds:`);
  for (const [kind, { count, examples }] of failures) {
    console.log(`  - ${kind}: x${count}`);
    for (const e of examples) console.log(`      ${e.slice(0, 300)}`);
  }
  const errors = [...new Set(serverErrors)];
  if (errors.length) {
    console.log('server errors logged:');
    for (const e of errors.slice(0, 20)) console.log(`  * ${e}`);
  }
  process.exit(1);
}
console.log('\nfuzz: no 5xx, no refused request changed state');
process.exit(0);
