import { FetchError, ofetch } from 'ofetch';
import type { z } from 'zod';
import { displayCode, type ErrorCode } from '../../contracts/errors';
import { CHANNEL_HEADER } from '../../contracts/constants';
import { siteConfig } from './config';
// The message of a technical error (the network is down: nothing else may load then).
import 'virtual:strings?errors.TECHNICAL_ERROR';

/** The catalogue's messages load with the first failure: no page needs them before. */
const loadErrorStrings = () => import('virtual:strings?errors').catch(() => {});

/** An API failure with its catalogue code; `displayCode` is the code whose message the site shows. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly displayCode: ErrorCode;
  /** Player-protection refusals: until when they apply (ISO 8601). */
  readonly until?: string;
  constructor(code: string, status: number, until?: string) {
    super(code);
    this.code = code;
    this.status = status;
    this.displayCode = displayCode(code);
    this.until = until;
  }
}

type UnauthorizedHook = () => void;
let onUnauthorized: UnauthorizedHook = () => {};
/** The one 401 hook (spec section 4): set by the session layer. */
export function setUnauthorizedHook(hook: UnauthorizedHook) {
  onUnauthorized = hook;
}

/** Query values as the API reads them: undefined left out, arrays as repeated keys. */
export type Query = Record<string, string | number | boolean | undefined | Array<string | number | boolean>>;

/** The URL of an API path under the configured base (relative or absolute), with its query string. */
export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return `${siteConfig.apiUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  signal?: AbortSignal;
  body?: unknown;
  /** Queries are retried once and report 401 to the session layer; mutations (sign-in itself) handle it themselves. */
  isQuery?: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A call with no answer after this long ends in the technical error. */
export const API_TIMEOUT_MS = 15_000;
/** A failed query is asked again once, after this long (spec section 8: queries retry at most once). */
const RETRY_DELAY_MS = 500;
/** Answers worth asking again: the server or a proxy in trouble. Other 4xx answers never change. */
const RETRY_STATUSES = [408, 500, 502, 503, 504];

/**
 * The one HTTP client, on ofetch (the design card's choice): cookies included, the CHANNEL header
 * on every call, a JSON body as JSON, queries retried once, and a 15 s timeout. The answer is read
 * as text and parsed here, so a body that is not JSON is a technical error (spec section 8), as is a
 * network failure or a timeout. `fetch` is looked up on each call (tests stub it).
 */
const client = ofetch.create(
  {
    credentials: 'include',
    responseType: 'text',
    retryDelay: RETRY_DELAY_MS,
    retryStatusCodes: RETRY_STATUSES,
    // A call that timed out is not asked again: the player sees the technical error after 15 s, not 30.
    onRequestError(context) {
      if ((context.error as { name?: string } | undefined)?.name === 'TimeoutError') context.options.retry = false;
    },
  },
  { fetch: (input, init) => globalThis.fetch(input, init) },
);

/** The caller's signal, ended by the timeout too (ofetch applies its own `timeout` only without a signal). */
function withTimeout(signal: AbortSignal | undefined): { signal?: AbortSignal; timeout?: number } {
  if (!signal) return { timeout: API_TIMEOUT_MS };
  if (typeof AbortSignal.any !== 'function' || typeof AbortSignal.timeout !== 'function') return { signal };
  return { signal: AbortSignal.any([signal, AbortSignal.timeout(API_TIMEOUT_MS)]) };
}

async function send(path: string, { method, query, signal, body, isQuery }: CallOptions): Promise<{ status: number; data: unknown }> {
  let status: number;
  let text: string | undefined;
  try {
    const response = await client.raw<string, 'text'>(apiUrl(path, query), {
      method: method ?? 'GET',
      ...withTimeout(signal),
      retry: isQuery ? 1 : 0,
      headers: { accept: 'application/json', [CHANNEL_HEADER]: siteConfig.channel },
      // ofetch sends a plain object as JSON with its content type.
      body: body === undefined ? undefined : (body as Record<string, unknown>),
    });
    status = response.status;
    text = response._data;
  } catch (error) {
    // No answer (offline, timeout, aborted): technical. An error status: read its body below.
    if (!(error instanceof FetchError) || !error.response) throw new ApiError('TECHNICAL_ERROR', 0);
    status = error.response.status;
    text = typeof error.data === 'string' ? error.data : undefined;
  }
  const ok = status >= 200 && status < 300;
  let data: unknown;
  try {
    data = text === undefined || text === '' ? undefined : JSON.parse(text);
  } catch {
    // Unreadable (not JSON, or cut off): a technical error, whatever the status said.
    if (ok) throw new ApiError('TECHNICAL_ERROR', status);
    data = undefined;
  }
  if (!ok) {
    // An error body is { code, until? } (ApiErrorBody in contracts/errors.ts); anything else is technical.
    const fields = isObject(data) ? data : {};
    const code = typeof fields.code === 'string' ? fields.code : 'TECHNICAL_ERROR';
    throw new ApiError(code, status, typeof fields.until === 'string' ? fields.until : undefined);
  }
  return { status, data };
}

/**
 * Calls the API; failures throw ApiError. `S` is the route's response schema in contracts/,
 * imported as a type only (`apiCall<typeof BalanceSchema>('/balance')`): the server encodes every answer
 * with that schema before sending it (fastify-type-provider-zod's serializer refuses anything else,
 * tests/api/response-contracts.test.ts checks every route declares one), so the browser does not
 * carry zod to parse it again (docs/decisions/0012). An answer that is not a JSON object or array
 * (a proxy's HTML page, a cut-off body) is a technical error; an empty one (204) reads as `{}`.
 */
export async function apiCall<S extends z.ZodType = z.ZodUnknown>(path: string, options: CallOptions = {}): Promise<z.output<S>> {
  type T = z.output<S>;
  let answer: { status: number; data: unknown };
  try {
    answer = await send(path, options);
  } catch (error) {
    await loadErrorStrings();
    if (error instanceof ApiError && error.status === 401 && options.isQuery) onUnauthorized();
    throw error;
  }
  if (answer.data === undefined) return {} as T;
  if (!isObject(answer.data)) throw new ApiError('TECHNICAL_ERROR', answer.status);
  return answer.data as T;
}
