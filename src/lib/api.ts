import { ofetch, type FetchOptions } from 'ofetch';
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

/** The one HTTP client: configured base, cookies included, the CHANNEL header on every call. */
export const http = ofetch.create({
  baseURL: siteConfig.apiUrl,
  credentials: 'include',
  headers: { [CHANNEL_HEADER]: siteConfig.channel },
  retry: 0,
});

async function toApiError(error: unknown): Promise<ApiError> {
  const response = (error as { response?: Response }).response;
  if (!response) return new ApiError('TECHNICAL_ERROR', 0);
  const parsed = ApiErrorSchema.safeParse((error as { data?: unknown }).data);
  // An unreadable body becomes a technical error (spec section 8).
  return new ApiError(parsed.success ? parsed.data.code : 'TECHNICAL_ERROR', response.status, parsed.success ? parsed.data.until : undefined);
}

export interface CallOptions extends Pick<FetchOptions<'json'>, 'method' | 'query' | 'signal'> {
  body?: unknown;
  /** Queries report 401 to the session layer; mutations (sign-in itself) handle it themselves. */
  isQuery?: boolean;
}

/** Calls the API and parses the answer with the shared contract; failures throw ApiError. */
export async function apiCall<S extends z.ZodType>(schema: S, path: string, options: CallOptions = {}): Promise<z.output<S>> {
  const { isQuery, body, ...rest } = options;
  let data: unknown;
  try {
    data = await http(path, { ...rest, body: body as Record<string, unknown> | undefined });
  } catch (error) {
    const apiError = await toApiError(error);
    if (apiError.status === 401 && isQuery) onUnauthorized();
    throw apiError;
  }
  const parsed = schema.safeParse(data ?? {});
  if (!parsed.success) throw new ApiError('TECHNICAL_ERROR', 200);
  return parsed.data;
}
