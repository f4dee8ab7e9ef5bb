import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { httpsSite, type Config } from '../config';
import type { Db } from '../db';
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

export async function createSession(db: Db, accountId: string): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const row = await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), account_id: accountId, expires_at: new Date(clock.ms() + SESSION_TTL_MS) })
    .returning('id')
    .executeTakeFirstOrThrow();
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
export const sessionCookieOf = (request: FastifyRequest): string | undefined =>
  request.cookies[sessionCookieNames(request.server.config).session] || undefined;

function presentedToken(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined;
  return sessionCookieOf(request);
}

export async function findSession(db: Db, token: string): Promise<SignedInAccount | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
    .select([
      'sessions.id as sessionId',
      'accounts.id',
      'accounts.account_ref',
      'accounts.display_name',
      'accounts.email',
      'accounts.language',
      'accounts.is_tester',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', clock.now())
    .where('accounts.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    accountRef: row.account_ref,
    displayName: row.display_name ?? '',
    email: row.email ?? '',
    language: row.language,
    isTester: row.is_tester,
    sessionId: row.sessionId,
  };
}

/** Resolves the signed-in account (cookie or Bearer token) for every API request. */
export async function registerSession(api: FastifyInstance) {
  api.decorateRequest('account', null);
  api.addHook('onRequest', async (request) => {
    const token = presentedToken(request);
    if (token) request.account = await findSession(api.db, token);
  });
}

/** The signed-in account, or UNAUTHORIZED (401: the site signs out and opens the login popup). */
export function requireAccount(request: FastifyRequest): SignedInAccount {
  if (!request.account) throw new AppError('UNAUTHORIZED', 'Sign in first');
  return request.account;
}
