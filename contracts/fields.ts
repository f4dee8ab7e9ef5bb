import { OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants';

/**
 * The form fields' rules as plain functions, for the browser: the same rules as the zod schemas in
 * contracts/auth.ts and contracts/phone.ts (which the server keeps validating
 * every request with), without bundling zod into every page (docs/decisions/0012). Each check
 * answers the locale key of the field's first problem (`validation.*`, as the schema's first issue
 * says it) or null when the value passes; `invalid` for a problem the schema words in English (a
 * client seed), shown as the catalogue's validation error. Lengths count characters (code points),
 * as zod does.
 * tests/unit/fields.test.ts proves each check and its schema agree on generated and chosen samples.
 * No zod import here, ever: this file is in the browser's bundle.
 */
export type FieldCheck = (value: string) => string | null;

/** Characters, not UTF-16 units: an emoji counts once (zod's string length checks count the same way). */
const length = (value: string) => [...value].length;

/** zod's own email pattern (z.regexes.email); EmailSchema validates with this one. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX = 254;

/**
 * Latin letters, digits, hiragana, katakana (full and half width) and kanji only (decisions.md):
 * each character a letter of one of those scripts, an ASCII or full-width digit, or the kana
 * prolonged-sound and voicing marks (which Unicode files under no script). No Cyrillic, Hangul,
 * circled digits, symbols or spaces. Counted in characters, not bytes.
 */
export const DISPLAY_NAME_PATTERN = /^(?:(?=\p{L})[\p{Script=Latin}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]|[0-9０-９ーｰ゛゜ﾞﾟ])+$/u;

/** Spaces, hyphens, dots and brackets people type inside a number; they carry no meaning. */
export const PHONE_SEPARATORS = /[\s\-.()]/g;
/** International format: a plus sign and digits (spec section 5); E.164 allows at most 15 digits. */
export const INTERNATIONAL_FORMAT = /^\+\d{6,15}$/;
/** The longest number as typed, separators included. */
export const PHONE_INPUT_MAX = 32;

export const checkEmail: FieldCheck = (value) => {
  const email = value.trim();
  if (email.length === 0) return 'validation.emailRequired';
  return length(email) > EMAIL_MAX || !EMAIL_PATTERN.test(email) ? 'validation.emailInvalid' : null;
};

export const checkDisplayName: FieldCheck = (value) => {
  const name = value.trim();
  if (name.length === 0) return 'validation.usernameRequired';
  if (length(name) < USERNAME_MIN || length(name) > USERNAME_MAX) return 'validation.usernameLength';
  return DISPLAY_NAME_PATTERN.test(name) ? null : 'validation.usernameChars';
};

/** Sign-in only checks presence: the stored rules may have changed since the password was set. */
export const checkLoginPassword: FieldCheck = (value) => {
  if (value.length === 0) return 'validation.passwordRequired';
  return length(value) > PASSWORD_MAX ? 'validation.passwordTooLong' : null;
};

/** A new password: at least PASSWORD_MIN characters; the common-password list is the server's. */
export const checkNewPassword: FieldCheck = (value) => {
  if (value.length === 0) return 'validation.passwordRequired';
  if (length(value) < PASSWORD_MIN) return 'validation.passwordLength';
  return length(value) > PASSWORD_MAX ? 'validation.passwordTooLong' : null;
};

/** The SMS code as typed (trimmed): required, at most OTP_LENGTH characters. */
export const checkOtpToken: FieldCheck = (value) => {
  const token = value.trim();
  if (token.length === 0) return 'validation.codeRequired';
  return length(token) > OTP_LENGTH ? 'validation.codeLength' : null;
};

/**
 * The first checks of a phone number as typed (PhoneNumberSchema runs these, then asks
 * libphonenumber-js whether the number can receive SMS): the number without separators, or the problem.
 */
export function phoneNumberShape(value: string): { digits: string } | { issue: string } {
  if (length(value) > PHONE_INPUT_MAX) return { issue: 'validation.phoneInvalid' };
  const digits = value.replace(PHONE_SEPARATORS, '');
  if (digits.length === 0) return { issue: 'validation.phoneRequired' };
  return INTERNATIONAL_FORMAT.test(digits) ? { digits } : { issue: 'validation.phoneInvalid' };
}

/** An emailed unsubscribe link's token (32 random bytes, base64url); UnsubscribeTokenSchema validates with it. */
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
