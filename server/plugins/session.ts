import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpsSite, type Config } from '../config';
import { compiledOnce, instanceOf, type Db, type DbOrTrx } from '../db';
import type { ChangeChannel } from '../db/notifications';
import { cachePerKey, ReadCache } from '../lib/read-cache';
import { AppError } from '../errors';
import { clock } from '../clock';

export const SESSION_COOKIE = 'session';
/** Readable by the site: its presence means signed in, and it carries the display name (spec section 3). */
export const SESSION_INFO_COOKIE = 'session_info';

/**
 * The cookie names in use: on an https site they carry the `__Host-` prefix, so the browser accepts
 * them only as Secure, host-only cookies for path / (no subdomain or plain-http page can plant one).
 */
export function sessionCookieNames(config: Config) {
  const prefix = httpsSite(config) ? '__Host-' : '';
  return { session: `${prefix}${SESSION_COOKIE}`, info: `${prefix}${SESSION_INFO_COOKIE}`, secure: prefix !== '' };
}
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SignedInAccount {
  id: string;
  accountRef: string;
  displayName: string;
  email: string;
  language: string;
  isTester: boolean;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    account: SignedInAccount | null;
  }
}

/** Session and reset tokens are stored as SHA-256 of 256 random bits: a database leak reveals no usable token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** A new session row (every sign-in and sign-up writes one: compiled once). */
const insertSession = compiledOnce((db, value: Record<'tokenHash' | 'accountId' | 'expiresAt', never>) =>
  db.insertInto('sessions').values({ token_hash: value.tokenHash, account_id: value.accountId, expires_at: value.expiresAt }).returning('id'),
);

export async function createSession(db: Db, accountId: string): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const [row] = (await insertSession(db, { tokenHash: hashToken(token), accountId, expiresAt: new Date(clock.ms() + SESSION_TTL_MS) })).rows;
  if (!row) throw new Error('session: the insert returned no row');
  return { token, sessionId: row.id };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, displayName: string) {
  const names = sessionCookieNames(request.server.config);
  // An http site reached over https (a local proxy) still gets Secure cookies on that connection.
  const secure = names.secure || request.protocol === 'https';
  const maxAge = Math.floor(SESSION_TTL_MS / 1000);
  reply.setCookie(names.session, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
  reply.setCookie(names.info, JSON.stringify({ displayName }), { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const names = sessionCookieNames(request.server.config);
  reply.clearCookie(names.session, { path: '/', secure: names.secure });
  reply.clearCookie(names.info, { path: '/', secure: names.secure });
}

/** The session token of the call's cookie (under the configured name), if any. */
export const sessionCookieOf = (request: FastifyRequest): string | undefined => request.cookies[sessionCookieNames(request.server.config).session] || undefined;

function presentedToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return sessionCookieOf(request);
}

/**
 * Every API request reads its session: each server keeps the sessions it has read (docs/decisions/
 * 0013). A session or account change (sign-out, password change or reset, deletion, a language or
 * name change, an operator's SQL) sends a notice on ACCOUNT_CHANGED_CHANNEL when it commits (the
 * triggers of migration 2026-11-25T01-00), and every server drops that account's sessions when it
 * arrives; the server that made the change drops them at once (forgetSessionsOf). While a server
 * cannot hear the notices (its listening connection is down, or not up yet) it keeps nothing.
 * SESSION_CACHE_MS bounds an entry's life even so; a session is never used past its expiry.
 */
export const ACCOUNT_CHANGED_CHANNEL = 'account_changed';
const SESSION_CACHE_MS = 30_000;
const MAX_CACHED_SESSIONS = 10_000;

type CachedSession = { account: SignedInAccount; expiresAt: number } | null;
const sessionCaches = cachePerKey(() => {
  const cache = new ReadCache<CachedSession>({ maxEntries: MAX_CACHED_SESSIONS, name: 'sessions' });
  // Off until this server hears the change notices (sessionChanges).
  cache.enabled = false;
  return cache;
});
const sessionCacheOf = (db: DbOrTrx) => sessionCaches(instanceOf(db).key);

/** Drops what this server holds of an account's sessions (after a change of them or of the account has committed). */
export function forgetSessionsOf(db: DbOrTrx, accountId: string): void {
  sessionCacheOf(db).forgetWhere((s) => s?.account.id === accountId);
}

/** The notices that keep a server's sessions current (server/db/notifications.ts). */
export const sessionChanges = (db: Db): ChangeChannel => ({
  name: ACCOUNT_CHANGED_CHANNEL,
  changed: (accountId) => forgetSessionsOf(db, accountId),
  listening: (on) => {
    sessionCacheOf(db).enabled = on;
  },
});

/** A live session's account, by token hash (compiled once: every signed-in request that misses the cache runs it). */
const sessionQuery = compiledOnce((db, value: Record<'tokenHash' | 'now', never>) =>
  db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at',
      'accounts.id',
      'accounts.account_ref',
      'accounts.display_name',
      'accounts.email',
      'accounts.language',
      'accounts.is_tester',
    ])
    .where('sessions.token_hash', '=', value.tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', value.now)
    .where('accounts.deleted_at', 'is', null),
);

async function readSession(db: Db, tokenHash: string): Promise<CachedSession> {
  const [row] = (await sessionQuery(db, { tokenHash, now: clock.now() })).rows;
  if (!row) return null;
  return {
    expiresAt: row.expires_at.getTime(),
    account: {
      id: row.id,
      accountRef: row.account_ref,
      displayName: row.display_name ?? '',
      email: row.email ?? '',
      language: row.language,
      isTester: row.is_tester,
      sessionId: row.sessionId,
    },
  };
}

/** The live session a token names (not revoked, not expired, its account not deleted), or null. */
export async function findSession(db: Db, token: string): Promise<SignedInAccount | null> {
  const tokenHash = hashToken(token);
  const found = await sessionCacheOf(db).get(
    tokenHash,
    clock.ms(),
    () => readSession(db, tokenHash),
    // An unknown token is not kept (random tokens must not push out real sessions).
    (s, loadedAt) => (s ? Math.min(loadedAt + SESSION_CACHE_MS, s.expiresAt) : loadedAt),
  );
  return found?.account ?? null;
}

/** Whether this server holds a session (tests and diagnostics). */
export const isSessionCached = (db: Db, token: string) => sessionCacheOf(db).has(hashToken(token));

/** Resolves the signed-in account (cookie or Bearer token) for every API request. */
export async function registerSession(api: FastifyInstance) {
  api.decorateRequest('account', null);
  // A callback, not an async hook: a request without a token costs no promise (app.ts says why).
  api.addHook('onRequest', (request, _reply, done) => {
    const token = presentedToken(request);
    if (!token) return done();
    findSession(api.db, token).then((account) => {
      request.account = account;
      done();
    }, done);
  });
}

/** The signed-in account, or UNAUTHORIZED (401: the site signs out and opens the login popup). */
export function requireAccount(request: FastifyRequest): SignedInAccount {
  if (!request.account) throw new AppError('UNAUTHORIZED', 'Sign in first');
  return request.account;
}
