import type { DbOrTrx } from '../../db';

/** Writes a message to the development mailbox (mail without SMTP_URL, SMS without SMS_GATEWAY_URL; GET /dev/outbox). */
export async function storeInOutbox(db: DbOrTrx, message: { channel: 'email' | 'sms'; to: string; subject?: string | null; body: string }) {
  await db
    .insertInto('outbox')
    .values({ channel: message.channel, recipient: message.to.toLowerCase(), subject: message.subject ?? null, body: message.body })
    .execute();
}
