import type { ColumnType, Generated } from 'kysely';

/** Notifications (docs/decisions/0018): one row per thing a player is told, unique by dedupe_key. */
export interface NotificationTables {
  notifications: {
    id: Generated<number>;
    account_id: string;
    kind: string;
    data: ColumnType<Record<string, unknown>, string, string>;
    dedupe_key: string;
    created_at: Date;
    read_at: Date | null;
  };
}
