import type { ColumnType } from 'kysely';

/** JSON columns: written as JSON text, read back parsed. */
type Json = ColumnType<unknown, string | null, string | null>;

export interface AuditTables {
  /** Append-only and hash-chained (./log.ts); the database refuses UPDATE and DELETE. */
  audit_log: {
    seq: number;
    at: Date;
    actor: string;
    role: string;
    action: string;
    target: string | null;
    before: Json | null;
    after: Json | null;
    reason: string | null;
    request_id: string | null;
    ip: string | null;
    prev_hash: string;
    hash: string;
  };
}
