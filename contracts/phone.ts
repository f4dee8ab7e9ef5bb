import { z } from 'zod';
import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/mobile';
import { body } from './common';
import { OTP_LENGTH } from './constants';
import { LoginPasswordSchema, SiteRefSchema } from './auth';
import { INTERNATIONAL_FORMAT, PHONE_INPUT_MAX, PHONE_SEPARATORS } from './fields';

/**
 * Phone verification by SMS one-time code (spec sections 2, 4, 5, 7 and 8).
 *
 * Which call answers which error (besides REQUEST_VALIDATION_ERROR for a malformed body and
 * UNAUTHORIZED when signed out):
 * - GET  /IsPhoneNumberVerified: none.
 * - POST /IsPhoneNumberUnique: PHONE_NUMBER_EXISTS when another live account has verified the number
 *   (signed-in players only, and rate limited per IP, so numbers cannot be enumerated anonymously).
 * - POST /RequestOtpSms: PHONE_NUMBER_EXISTS when the number is verified on another account, or this
 *   account already has a verified number (changing it needs the password: the calls below);
 *   TOO_MANY_REQUESTS within OTP_RESEND_WAIT_SECONDS of the account's last code of the same flow
 *   (verify or change) or of the last code to that number, or past a daily SMS cap (per number, per account).
 * - POST /VerifyOTP: INVALID_ONE_TIME_PASSWORD for a wrong, expired, used or superseded code, or a code
 *   sent to another number or account; TOO_MANY_REQUESTS once the code has had 5 wrong tries (ask
 *   for a new one); PHONE_NUMBER_EXISTS if another account verified the number meanwhile.
 * - POST /request-otp-sms-for-phone-number-change: INVALID_CURRENT_PASSWORD; PHONE_NUMBER_NOT_VERIFIED
 *   when the account has no verified number to change (first verification goes through /RequestOtpSms);
 *   PHONE_NUMBER_EXISTS for the current number or one verified elsewhere; TOO_MANY_REQUESTS as above.
 * - POST /change-phone-number: INVALID_CURRENT_PASSWORD, PHONE_NUMBER_NOT_VERIFIED, then as /VerifyOTP.
 * - POST /reset-phone-number: INVALID_CURRENT_PASSWORD; PHONE_NUMBER_NOT_INCLUDED when no number is on file.
 * Wrong passwords on these calls are throttled per account: TOO_MANY_REQUESTS.
 */

/**
 * A mobile number in international format, answered in E.164 ("+81 90-1234-5678" -> "+819012345678").
 * Checked with libphonenumber-js's mobile metadata: a number that cannot receive SMS is refused.
 * Issue messages are locale keys under `phone:validation.*`. The browser checks the same rules with
 * contracts/phone-number.ts (no zod); tests/unit/fields.test.ts proves both agree.
 */
export const PhoneNumberSchema = z
  .string({ error: 'validation.phoneRequired' })
  .max(PHONE_INPUT_MAX, 'validation.phoneInvalid')
  .transform((v) => v.replace(PHONE_SEPARATORS, ''))
  .pipe(
    z
      .string()
      .min(1, 'validation.phoneRequired')
      .regex(INTERNATIONAL_FORMAT, 'validation.phoneInvalid')
      .refine((v) => isValidPhoneNumber(v), 'validation.phoneInvalid')
      .transform((v) => parsePhoneNumberWithError(v).number as string),
  );

/** The code as typed: required, at most 6 characters (spec section 5); a wrong one is INVALID_ONE_TIME_PASSWORD. */
export const OtpTokenSchema = z.string({ error: 'validation.codeRequired' }).trim().min(1, 'validation.codeRequired').max(OTP_LENGTH, 'validation.codeLength');

/** Accepted for compatibility and ignored: the SMS text is the server's own template (decisions.md). */
const MessageTextSchema = z.string().max(1000).optional();

// GET /IsPhoneNumberVerified's answer lives apart: the header's watcher reads it without loading the number metadata.
export { PhoneStatusSchema, type PhoneStatus } from './phone-status';

export const PhoneUniqueSchema = body({ phoneNumber: PhoneNumberSchema, siteRef: SiteRefSchema });
export const PhoneUniqueResultSchema = z.object({ unique: z.literal(true) });

export const RequestOtpSmsSchema = body({ phoneNumber: PhoneNumberSchema, messageText: MessageTextSchema });
export const OtpSentSchema = z.object({
  phoneNumber: z.string(),
  /** Seconds until another code may be requested. */
  resendAfterSeconds: z.number().int(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number().int(),
});
export type OtpSent = z.infer<typeof OtpSentSchema>;

export const VerifyOtpSchema = body({ phoneNumber: PhoneNumberSchema, token: OtpTokenSchema });
/** `validationCode`: an opaque reference of this verification, kept with it for support. */
export const VerifyOtpResultSchema = z.object({ phoneNumber: z.string(), validationCode: z.string() });

export const RequestChangeOtpSchema = body({
  password: LoginPasswordSchema,
  phoneNumber: PhoneNumberSchema,
  messageText: MessageTextSchema,
});
export const ChangePhoneNumberSchema = body({ password: LoginPasswordSchema, phoneNumber: PhoneNumberSchema, token: OtpTokenSchema });
export const ChangePhoneResultSchema = z.object({ phoneNumber: z.string() });
export const ResetPhoneNumberSchema = body({ password: LoginPasswordSchema });
