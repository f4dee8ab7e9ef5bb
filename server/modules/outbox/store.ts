import type { Db } from '../../db';

/** Writes a message to the development outbox (mail without SMTP_URL, SMS without SMS_GATEWAY_URL). */
export async function storeInOutbox(db: Db, message: { channel: 'email' | 'sms'; to: string; subject?: string; body: string }) {
  await db
    .insertInto('outbox')
    .values({ channel: message.channel, recipient: message.to.toLowerCase(), subject: message.subject ?? null, body: message.body })
    .execute();
}
