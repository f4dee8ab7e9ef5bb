import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/mobile';
import { phoneNumberShape } from './fields';

/**
 * A mobile number as typed, in E.164 ("+81 90-1234-5678" -> "+819012345678"), or its problem
 * (`validation.*` under the phone namespace): the rules of PhoneNumberSchema (contracts/phone.ts)
 * without zod, for the phone popups (tests/unit/fields.test.ts proves both agree). It carries
 * libphonenumber-js's metadata, so only the lazily loaded popups import it.
 */
export function normalisePhoneNumber(value: string): { phoneNumber: string } | { issue: string } {
  const shape = phoneNumberShape(value);
  if ('issue' in shape) return shape;
  if (!isValidPhoneNumber(shape.digits)) return { issue: 'validation.phoneInvalid' };
  return { phoneNumber: parsePhoneNumberWithError(shape.digits).number as string };
}
