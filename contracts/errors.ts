/**
 * The error catalogue (spec section 8 plus decisions.md). No zod in this file: the site's API client
 * imports it in every page. The API sends the SCREAMING_CASE code;
 * the client maps it to the message in locales/<lang>/errors.json under the same code.
 */
export const errorStatus = {
  TECHNICAL_ERROR: 500,
  REQUEST_VALIDATION_ERROR: 400,
  INVALID_USER_OR_EMAIL: 400,
  USER_LOCKED_OUT: 423,
  EMAIL_ALREADY_EXISTS: 409,
  DISPLAYNAME_ALREADY_EXISTS: 409,
  BONUS_CANNOT_BE_CLAIMED: 409,
  INVALID_CURRENT_PASSWORD: 400,
  INVALID_ONE_TIME_PASSWORD: 400,
  PHONE_NUMBER_EXISTS: 409,
  PHONE_NUMBER_NOT_VERIFIED: 403,
  PHONE_NUMBER_NOT_INCLUDED: 400,
  TESTER_ACCOUNT_DELETION_FORBIDDEN: 403,
  INVALID_CAPTCHA: 400,
  TOO_MANY_REQUESTS: 429,
  // Codes the catalogue leaves to the server; the site shows them as their own message.
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  CHANNEL_REQUIRED: 400,
  MAINTENANCE: 503,
  INVALID_RESET_TOKEN: 400,
  COMMON_PASSWORD: 400,
  INSUFFICIENT_FUNDS: 409,
  GAME_NOT_AVAILABLE: 404,
  DEMO_NOT_AVAILABLE: 403,
  GAME_SESSION_EXPIRED: 410,
  SPORTSBOOK_NOT_CONFIGURED: 404,
  PROMOTION_NOT_AVAILABLE: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The database is unreachable or the server is overloaded: nothing was done, the client may retry. */
  SERVICE_UNAVAILABLE: 503,
  /** A state-changing call with the session cookie from outside the site (docs/decisions/0005). */
  FORBIDDEN_ORIGIN: 403,
  /** Bets that cover each other in one table round (baccarat player + banker, roulette red + black...). */
  OPPOSING_BETS: 400,
  /** Player protection (docs/decisions/0008): the body carries `until`. */
  PLAY_BREAK_ACTIVE: 403,
  SELF_EXCLUDED: 403,
  PLAY_LIMIT_REACHED: 403,
  /** An unsubscribe link whose token matches no email sent (docs/decisions/0011). */
  INVALID_UNSUBSCRIBE_LINK: 400,
  /** Back-office (docs/decisions/0019): a staff role without the right to this call. */
  FORBIDDEN: 403,
  /** A staff set-up link that is unknown, used or past its 24 h. */
  INVALID_SETUP_TOKEN: 400,
  /** Four eyes: the staff member who asked for an adjustment cannot approve or reject it. */
  OWN_ADJUSTMENT: 403,
  /** The adjustment was approved or rejected already. */
  ADJUSTMENT_NOT_PENDING: 409,
  /** A live table's bet after its round's betting closed, by the server's clock (docs/decisions/0025). */
  BETTING_CLOSED: 409,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** Every non-2xx body. `message` is a developer hint in English, never shown to players. */
export interface ApiErrorBody {
  code: string;
  message?: string;
  issues?: Array<{ path: string; message: string }>;
  /** Protection refusals: until when it applies (ISO 8601; absent for an indefinite exclusion). */
  until?: string;
  /** 5xx answers: the request's id (also the x-request-id response header), to find its log lines. */
  requestId?: string;
}

/** Codes whose message the site shows as another code's (spec section 8). */
export const shownAs: Partial<Record<ErrorCode, ErrorCode>> = {
  // PHONE_NUMBER_NOT_VERIFIED has its own message since the API refuses coin play without a verified
  // number (docs/decisions/0005): a technical error would hide what the player must do.
  PHONE_NUMBER_NOT_INCLUDED: 'REQUEST_VALIDATION_ERROR',
};

/** The catalogue code whose message to show for any code the server sent. */
export function displayCode(code: string): ErrorCode {
  if (!(code in errorStatus)) return 'TECHNICAL_ERROR';
  const known = code as ErrorCode;
  return shownAs[known] ?? known;
}
