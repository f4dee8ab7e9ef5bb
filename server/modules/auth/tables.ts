import type { Generated } from 'kysely';

export interface AuthTables {
  accounts: {
    id: Generated<string>;
    account_ref: string;
    email: string | null;
    display_name: string | null;
    password_hash: string | null;
    language: Generated<string>;
    site_ref: Generated<string>;
    is_tester: Generated<boolean>;
    phone_number: string | null;
    phone_verified_at: Date | null;
    failed_logins: Generated<number>;
    locked_until: Date | null;
    created_at: Generated<Date>;
    deleted_at: Date | null;
    /** Locked by staff (back-office): sign-in answers USER_LOCKED_OUT until unlocked. */
    staff_locked_at: Generated<Date | null>;
  };
  sessions: {
    id: Generated<number>;
    token_hash: string;
    account_id: string;
    created_at: Generated<Date>;
    expires_at: Date;
    revoked_at: Date | null;
  };
  password_resets: {
    id: Generated<number>;
    account_id: string;
    /** SHA-256 of the emailed token (hashToken): the token itself is never stored. */
    token_hash: string;
    expires_at: Date;
    used_at: Date | null;
    created_at: Generated<Date>;
  };
  /** Password reset requests, recorded before /forgot-password answers; the outbox worker makes each one's token and mail. */
  reset_requests: {
    id: Generated<number>;
    /** Trimmed and lower-cased. */
    email: string;
    requested_at: Generated<Date>;
    processed_at: Date | null;
  };
}
