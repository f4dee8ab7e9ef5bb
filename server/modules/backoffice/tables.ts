import type { Generated } from 'kysely';
import type { AdjustmentReasonCode, AdjustmentStatus, StaffRole } from '../../../contracts/backoffice-constants';

export interface BackofficeTables {
  staff: {
    id: Generated<string>;
    email: string;
    role: StaffRole;
    language: Generated<string>;
    password_hash: string | null;
    totp_secret: string | null;
    totp_enrolled_at: Date | null;
    last_totp_step: number | null;
    setup_token_hash: string | null;
    setup_expires_at: Date | null;
    failed_signins: Generated<number>;
    locked_until: Date | null;
    deactivated_at: Date | null;
    created_at: Generated<Date>;
  };
  staff_recovery_codes: {
    id: Generated<number>;
    staff_id: string;
    /** SHA-256 of the code: the code itself is shown once and never stored. */
    code_hash: string;
    used_at: Date | null;
  };
  staff_sessions: {
    id: Generated<number>;
    token_hash: string;
    staff_id: string;
    role: StaffRole;
    created_at: Generated<Date>;
    last_seen_at: Generated<Date>;
    expires_at: Date;
    revoked_at: Date | null;
  };
  adjustments: {
    id: Generated<string>;
    account_id: string;
    amount: number;
    reason_code: AdjustmentReasonCode;
    note: string;
    status: AdjustmentStatus;
    requested_by: string;
    decided_by: string | null;
    decided_at: Date | null;
    transaction_id: number | null;
    created_at: Generated<Date>;
  };
}
