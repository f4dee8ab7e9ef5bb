import { z } from 'zod';

/**
 * GET /IsPhoneNumberVerified (spec section 3: phoneNumber, isVerified). Kept apart from contracts/phone.ts
 * so the header island that reads it does not bundle libphonenumber-js's metadata (~100 kB).
 */
export const PhoneStatusSchema = z.object({
  /** The number on file (E.164), verified or not, or null. */
  phoneNumber: z.string().nullable(),
  isVerified: z.boolean(),
  /** Whether this deployment holds signed-in players in the verification popup until verified. */
  isRequired: z.boolean(),
});
export type PhoneStatus = z.infer<typeof PhoneStatusSchema>;
