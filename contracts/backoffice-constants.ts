/**
 * Back-office constants without zod (the back-office site imports them; docs/decisions/0019).
 * Roles and their rights, adjustment reason codes, password and TOTP rules for staff.
 */
export const STAFF_ROLES = ['support', 'finance', 'content', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a role may do. `admin` may do everything. */
export const STAFF_RIGHTS = ['players.view', 'players.lock', 'players.sessions', 'adjustments', 'content', 'dashboard', 'audit', 'staff'] as const;
export type StaffRight = (typeof STAFF_RIGHTS)[number];

export const ROLE_RIGHTS: Record<StaffRole, readonly StaffRight[]> = {
  support: ['players.view', 'players.lock', 'players.sessions'],
  finance: ['players.view', 'players.lock', 'players.sessions', 'adjustments'],
  content: ['content'],
  admin: STAFF_RIGHTS,
};
export const roleHas = (role: StaffRole, right: StaffRight) => ROLE_RIGHTS[role].includes(right);

/** Why coins were adjusted: the player's statement shows the reason in their language (locales wallet.json). */
export const ADJUSTMENT_REASON_CODES = ['GOODWILL', 'CORRECTION', 'PRIZE', 'CHARGEBACK'] as const;
export type AdjustmentReasonCode = (typeof ADJUSTMENT_REASON_CODES)[number];
export const ADJUSTMENT_STATUSES = ['PENDING', 'APPLIED', 'REJECTED'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;
export const RECOVERY_CODE_COUNT = 10;
/** TOTP (RFC 6238) as every authenticator app reads it by default. */
export const TOTP = { algorithm: 'SHA1', digits: 6, period: 30, issuer: 'Coin Casino' } as const;

export const STAFF_SESSION_ABSOLUTE_MS = 8 * 60 * 60 * 1000;
export const STAFF_SESSION_IDLE_MS = 30 * 60 * 1000;
export const STAFF_SETUP_TTL_MS = 24 * 60 * 60 * 1000;
