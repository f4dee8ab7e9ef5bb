import type { FastifyBaseLogger } from 'fastify';
import { isProduction, type Config } from '../../config';
import type { Db } from '../../db';
import { smtpTransport } from './smtp';
import { smsTransport } from './sms-gateway';
import { Outbox, type Transport } from './service';
import { storeInOutbox } from './store';

/** The development mailbox as a transport (GET /dev/outbox shows what it received). */
function mailboxTransport(db: Db): Transport {
  return { name: 'dev-mailbox', send: (m) => storeInOutbox(db, { channel: m.channel, to: m.to, subject: m.subject, body: m.text }) };
}

/** The outbox with the configured transports: SMTP and the SMS gateway, or (outside production) the development mailbox. */
export function createOutbox(config: Config, db: Db, log?: FastifyBaseLogger): Outbox {
  // Production never delivers to the development mailbox (config refuses to start without SMTP_URL).
  if (!config.SMTP_URL && isProduction(config)) throw new Error('SMTP_URL is required in production');
  const email = config.SMTP_URL ? smtpTransport(config) : mailboxTransport(db);
  return new Outbox(
    db,
    { email, sms: smsTransport(config, db, log) },
    {
      pollMs: config.OUTBOX_POLL_MS,
      retryBaseMs: config.OUTBOX_RETRY_BASE_MS,
      retryMaxMs: config.OUTBOX_RETRY_MAX_MS,
      maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
      leaseMs: config.OUTBOX_LEASE_MS,
      batch: 20,
    },
    log,
  );
}
