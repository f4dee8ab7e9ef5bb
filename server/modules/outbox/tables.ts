import type { ColumnType, Generated } from 'kysely';

export interface OutboxTables {
  /** The development mailbox: where messages are delivered without SMTP_URL / SMS_GATEWAY_URL (GET /dev/outbox). */
  outbox: {
    id: Generated<number>;
    channel: 'email' | 'sms';
    recipient: string;
    subject: string | null;
    body: string;
    created_at: Generated<Date>;
  };
  /** The durable outbox: every email and SMS until delivered (or dead). */
  outbox_messages: {
    id: Generated<number>;
    idempotency_key: string;
    channel: 'email' | 'sms';
    recipient: string;
    subject: string | null;
    body: string;
    headers: ColumnType<Record<string, string> | null, string | null, string | null>;
    status: Generated<'pending' | 'sent' | 'dead'>;
    attempts: Generated<number>;
    next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
    expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    lease_token: string | null;
    leased_until: Date | null;
    last_error: string | null;
    created_at: Generated<Date>;
    sent_at: Date | null;
    dead_at: Date | null;
  };
}
