import type { z } from 'zod';
import { ApiErrorSchema, displayCode, type ErrorCode } from '../../contracts/errors';
import { CHANNEL_HEADER } from '../../contracts/constants';
import { siteConfig } from './config';

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
  const text = await response.text().catch(() => '');
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(data);
    throw new ApiError(parsed.success ? parsed.data.code : 'TECHNICAL_ERROR', response.status, parsed.success ? parsed.data.until : undefined);
  }
  return { status: response.status, data };
}

/** Calls the API and parses the answer with the shared contract; failures throw ApiError. */
export async function apiCall<S extends z.ZodType>(schema: S, path: string, options: CallOptions = {}): Promise<z.output<S>> {
  let data: unknown;
  try {
    ({ data } = await send(path, options));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && options.isQuery) onUnauthorized();
    throw error;
  }
  const parsed = schema.safeParse(data ?? {});
  if (!parsed.success) throw new ApiError('TECHNICAL_ERROR', 200);
  return parsed.data;
}
