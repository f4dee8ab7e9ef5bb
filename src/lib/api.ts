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
  /** Queries report 401 to the session layer; mutations (sign-in itself) handle it themselves. */
  isQuery?: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The one HTTP client, on the browser's fetch (an HTTP library cost ~5 KB gzip on every page):
 * configured base, cookies included, the CHANNEL header on every call, a JSON body as JSON.
 * A network failure, or an answer that is not JSON, is a technical error (spec section 8).
 */
async function send(path: string, { method, query, signal, body }: CallOptions): Promise<{ status: number; data: unknown }> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method: method ?? 'GET',
      credentials: 'include',
      signal,
      headers: {
        accept: 'application/json',
        [CHANNEL_HEADER]: siteConfig.channel,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('TECHNICAL_ERROR', 0);
  }
  const text = await response.text().catch(() => null);
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text ?? '');
  } catch {
    // Unreadable (not JSON, or cut off): a technical error, whatever the status said.
    if (response.ok) throw new ApiError('TECHNICAL_ERROR', response.status);
    data = undefined;
  }
  if (!response.ok) {
    // An error body is { code, until? } (ApiErrorBody in contracts/errors.ts); anything else is technical.
    const body = isObject(data) ? data : {};
    const code = typeof body.code === 'string' ? body.code : 'TECHNICAL_ERROR';
    throw new ApiError(code, response.status, typeof body.until === 'string' ? body.until : undefined);
  }
  return { status: response.status, data };
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
