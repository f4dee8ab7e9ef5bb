/** Business constants shared by the site and the API (spec section 9). One place for each value. */
// The languages are data (contracts/languages.ts); re-exported here for the modules that read constants.
export { LANGUAGES, DEFAULT_LANGUAGE, type Language } from './languages';
export const LANGUAGE_STORAGE_KEY = 'language';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 14;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 6;
export const OTP_RESEND_WAIT_SECONDS = 30;

export const BALANCE_CACHE_MS = 1000;
export const BONUS_CLAIM_GUARD_MS = 5 * 60 * 1000;
export const BALANCE_ANIMATION_MS = 1800;
export const TOAST_MAX = 3;
export const TOAST_HIDE_MS = 5000;
export const RAFFLE_TICK_MS = 1000;
export const GAMES_STALE_MS = 10_000;

/** The daily bonus can be claimed again this long after the last claim. */
export const DAILY_BONUS_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Coin statement entries per page (GET /transactions), and the most a page may ask for. */
export const STATEMENT_PAGE_SIZE = 20;
export const STATEMENT_MAX_PAGE_SIZE = 100;

/** Player protection choices (contracts/protection.ts). */
export const REALITY_CHECK_MINUTES = [15, 30, 60] as const;
export const BREAK_DAYS = [1, 3, 7, 14, 30] as const;
export const EXCLUSION_PERIODS = ['6m', '1y', 'indefinite'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];

export const DEMO_CURRENCY = 'PTS';
export const COIN_CURRENCY = 'COIN';

export const CAPTCHA_POPUP = { width: 300, height: 450 } as const;
export const SHORT_LOGO_BELOW_PX = 400;
export const GRID_COLUMNS = { sm: 3, md: 5, xl: 7 } as const;

export const POPUPS = [
  'login',
  'signup',
  'reset-password',
  'raffle',
  'delete-account',
  'set-phone-number',
  'change-password',
  'phone-number',
  'captcha',
] as const;
export type PopupName = (typeof POPUPS)[number];
/** The phone verification popup cannot be closed (spec section 2). */
export const UNCLOSABLE_POPUPS: readonly PopupName[] = ['phone-number'];

export const CHANNEL_HEADER = 'channel';
export const WEB_CHANNEL = 'WEB';
