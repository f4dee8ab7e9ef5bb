import type { ColumnType, Generated } from 'kysely';

/** Player protection (see the 2026-11-24T00-10_play_protection migration). */
export interface ProtectionTables {
  play_controls: {
    account_id: string;
    reality_check_minutes: number | null;
    time_limit: number | null;
    time_limit_next: number | null;
    time_limit_next_at: Date | null;
    wager_limit: number | null;
    wager_limit_next: number | null;
    wager_limit_next_at: Date | null;
    break_until: Date | null;
    exclusion_period: string | null;
    exclusion_since: Date | null;
    exclusion_until: Date | null;
    updated_at: Date;
  };
  play_control_history: {
    id: Generated<number>;
    account_id: string;
    at: Date;
    kind: string;
    detail: ColumnType<Record<string, unknown>, string, string>;
  };
}
