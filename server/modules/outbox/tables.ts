import type { Generated } from 'kysely';

export interface OutboxTables {
  outbox: {
    id: Generated<number>;
    channel: 'email' | 'sms';
    recipient: string;
    subject: string | null;
    body: string;
    created_at: Generated<Date>;
  };
}
