import { z } from 'zod';
import { body, LanguageSchema } from './common';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants';
import { DISPLAY_NAME_PATTERN, EMAIL_MAX, EMAIL_PATTERN } from './fields';

export { DISPLAY_NAME_PATTERN };

/**
 * Account calls (spec sections 3, 5 and 7). Issue messages are locale keys under `auth:validation.*`;
 * the site translates them. The forms check the same rules with contracts/fields.ts (no zod in the
 * browser); tests/unit/fields.test.ts proves both agree.
 */
export const EmailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(EMAIL_MAX, 'validation.emailInvalid')
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'validation.emailInvalid' }));

export const DisplayNameSchema = z
  .string({ error: 'validation.usernameRequired' })
  .trim()
  .min(1, 'validation.usernameRequired')
  .refine((v) => [...v].length >= USERNAME_MIN && [...v].length <= USERNAME_MAX, 'validation.usernameLength')
  .refine((v) => DISPLAY_NAME_PATTERN.test(v), 'validation.usernameChars');

/** Sign-in only checks presence: the stored rules may have changed since the password was set. */
export const LoginPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .max(PASSWORD_MAX, 'validation.passwordTooLong');
/** A new password: at least 6 characters (decisions.md); the common-password list is checked on the server. */
export const NewPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN, 'validation.passwordLength')
  .max(PASSWORD_MAX, 'validation.passwordTooLong');

export const SiteRefSchema = z.string().min(1).max(32);

export const CaptchaDataSchema = z.strictObject({
  challengeId: z.string().min(1).max(64),
  /** The horizontal position, in puzzle pixels, where the player dropped the piece. */
  answer: z.number().finite(),
});

export const SignupSchema = body({
  email: EmailSchema,
  displayName: DisplayNameSchema,
  password: NewPasswordSchema,
  isAgeOver18: z.literal(true, { error: 'validation.termsRequired' }),
  languageCode: LanguageSchema,
  siteRef: SiteRefSchema,
  captchaData: CaptchaDataSchema.optional(),
});
export type SignupRequest = z.infer<typeof SignupSchema>;

export const SigninSchema = body({ email: EmailSchema, password: LoginPasswordSchema, siteRef: SiteRefSchema });
/** `authToken` only for channels configured with `bearer: true` (in-app webviews); the web relies on the cookie. */
export const SigninResultSchema = z.object({ authToken: z.string().optional(), displayName: z.string() });

export const UniqueCheckSchema = body({ email: EmailSchema, displayName: DisplayNameSchema, siteRef: SiteRefSchema });
/** Both free: 200 `{ unique: true }`; otherwise EMAIL_ALREADY_EXISTS or DISPLAYNAME_ALREADY_EXISTS. */
export const UniqueResultSchema = z.object({ unique: z.literal(true) });
/**
 * Step 1 of sign-up asks whether a new password passes the server's rules (length, and the
 * common-password list, which stays on the server) before the captcha: 400 COMMON_PASSWORD or
 * REQUEST_VALIDATION_ERROR otherwise. Nothing is stored.
 */
export const PasswordCheckSchema = body({ password: NewPasswordSchema });
export const PasswordCheckResultSchema = z.object({ acceptable: z.literal(true) });

export const ForgotPasswordSchema = body({ email: EmailSchema, languageCode: LanguageSchema, siteRef: SiteRefSchema });
export const ResetPasswordSchema = body({
  email: EmailSchema,
  token: z.string().min(1).max(256),
  password: NewPasswordSchema,
  confirmPassword: z.string().max(PASSWORD_MAX).optional(),
}).refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
  message: 'validation.passwordsMismatch',
  path: ['confirmPassword'],
});
/** The signed-in player's language (settings): SMS codes and emails about the account use it. */
export const AccountLanguageSchema = body({ languageCode: LanguageSchema });
export const ChangePasswordSchema = body({ currentPassword: LoginPasswordSchema, newPassword: NewPasswordSchema });
export const DeleteAccountSchema = body({ password: LoginPasswordSchema });

/** The account summary of spec section 3, plus what the settings page shows. */
export const AccountSummarySchema = z.object({
  accountId: z.string(),
  accountRef: z.string(),
  displayName: z.string(),
  email: z.string(),
  languageCode: LanguageSchema,
  isTester: z.boolean(),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/** A slider puzzle challenge: a background with a hole and the piece to slide into it (both PNG data URLs). */
export const CaptchaChallengeSchema = z.object({
  challengeId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  background: z.string(),
  piece: z.string(),
  pieceY: z.number().int(),
  pieceSize: z.number().int(),
  expiresAt: z.string(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

/** POST /signup answers the new account's public reference; the site then signs in (spec section 7). */
export const SignupResultSchema = z.object({ accountRef: z.string(), displayName: z.string() });
export type SignupResult = z.infer<typeof SignupResultSchema>;

/**
 * GET {API_BASE}/dev/captcha/:challengeId (outside production only): the answer of a challenge, so
 * automated tests can solve the puzzle. Absent in production.
 */
export const CaptchaSolutionSchema = z.object({ answer: z.number().int() });
export const CaptchaParamsSchema = z.strictObject({ challengeId: z.string().min(1).max(64) });

/**
 * Answers: /logout, /forgot-password, /reset-password and /delete-account answer `{ ok: true }`
 * (OkSchema in contracts/common.ts); /change-password answers 204 without a body;
 * GET /account answers AccountSummarySchema; POST /captcha/challenge (no body) answers CaptchaChallengeSchema.
 */
