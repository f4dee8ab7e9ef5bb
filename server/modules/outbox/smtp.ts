import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../../config';
import { messageIdFor, PermanentDeliveryError, type Transport } from './service';

/** Longest wait for each step of an SMTP exchange; the outbox lease (OUTBOX_LEASE_MS) is longer than all of them together. */
const SMTP_TIMEOUT_MS = 20_000;

/**
 * The outbox's email transport over SMTP (SMTP_URL). Each message goes with a Message-ID derived from
 * its idempotency key, the same on every attempt, so a repeat after a crash is recognisable downstream.
 * A 5xx answer is permanent (the message is a dead letter); anything else is retried.
 */
export function smtpTransport(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): Transport {
  const transport: Transporter = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  } satisfies SMTPTransport.Options);
  return {
    name: 'smtp',
    async send(m) {
      try {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: m.to,
          subject: m.subject ?? '',
          text: m.text,
          headers: m.headers ?? undefined,
          messageId: messageIdFor(m.key, config.MAIL_FROM),
        });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500 && code < 600) throw new PermanentDeliveryError(`SMTP refused the message (${code})`);
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
