import type { Generated } from 'kysely';

export type PhoneCodePurpose = 'verify' | 'change';

export interface PhoneTables {
  phone_codes: {
    id: Generated<number>;
    account_id: string;
    /** E.164. */
    phone_number: string;
    purpose: PhoneCodePurpose;
    code_hash: string;
    attempts: Generated<number>;
    created_at: Date;
    expires_at: Date;
    /** Set when the code is used, superseded by a newer one, or cleared by a number reset. */
    consumed_at: Date | null;
    validation_code: string | null;
  };
  /** One row per SMS sent: the resend wait and the daily caps are counted here. */
  sms_sends: {
    id: Generated<number>;
    account_id: string;
    phone_number: string;
    purpose: PhoneCodePurpose;
    created_at: Date;
  };
  phone_password_failures: {
    id: Generated<number>;
    account_id: string;
    created_at: Date;
  };
}
