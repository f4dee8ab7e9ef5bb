import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { isProduction } from '../../config';
import type { Db } from '../../db';
import { PermanentDeliveryError, type Transport } from './service';
import { storeInOutbox } from './store';

export interface SmsMessage {
  /** E.164. */
  to: string;
  text: string;
  /** The outbox's idempotency key, sent as the Idempotency-Key header (the same on every attempt). */
  key?: string;
}

/** Every way of sending an SMS. `send` resolves once the gateway has accepted the message, or throws. */
export interface SmsGateway {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** The gateway refused or could not be reached. The message never contains the token or the text. */
export class SmsGatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SmsGatewayError';
  }
}

/** Development and tests: the message lands in the dev outbox (GET {API_BASE}/dev/outbox). */
export function outboxSmsGateway(db: Db): SmsGateway {
  return {
    name: 'outbox',
    send: (m) => storeInOutbox(db, { channel: 'sms', to: m.to, body: m.text }),
  };
}

export interface HttpSmsGatewayOptions {
  url: string;
  token?: string;
  timeoutMs?: number;
}

/**
 * A real SMS provider behind a small HTTP contract: POST {url} with JSON `{ to, text }`,
 * `Authorization: Bearer <token>` and `Idempotency-Key: <key>`; any 2xx means accepted. It makes one
 * attempt: retries are the outbox's (with backoff, the same key each time, so a provider that honours
 * the header sends a code once however often it is asked).
 */
export function httpSmsGateway({ url, token, timeoutMs = 10_000 }: HttpSmsGatewayOptions): SmsGateway {
  return {
    name: 'http',
    async send(message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(message.key ? { 'idempotency-key': createHash('sha256').update(message.key).digest('hex').slice(0, 32) } : {}),
          },
          body: JSON.stringify({ to: message.to, text: message.text }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const reason = (error as Error).name === 'TimeoutError' ? 'timed out' : 'unreachable';
        throw new SmsGatewayError(`SMS gateway ${reason}`);
      }
      // Drain the body so the connection is released; its content is not trusted or logged.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) {
        throw new SmsGatewayError(`SMS gateway answered ${response.status}`, response.status);
      }
    },
  };
}

/** Production without SMS_GATEWAY_URL: codes cannot be delivered, so requesting one fails loudly. */
function unconfiguredSmsGateway(): SmsGateway {
  return {
    name: 'unconfigured',
    send: async () => {
      throw new SmsGatewayError('SMS_GATEWAY_URL is not configured');
    },
  };
}

/** The HTTP gateway when SMS_GATEWAY_URL is set; otherwise the dev outbox, outside production only. */
export function createSmsGateway(config: Config, db: Db, log?: FastifyBaseLogger): SmsGateway {
  if (config.SMS_GATEWAY_URL) return httpSmsGateway({ url: config.SMS_GATEWAY_URL, token: config.SMS_GATEWAY_TOKEN });
  if (!isProduction(config)) return outboxSmsGateway(db);
  log?.error('SMS_GATEWAY_URL is not set: phone verification codes cannot be sent');
  return unconfiguredSmsGateway();
}

/**
 * The outbox's SMS transport: the configured gateway. A 4xx refusal (other than 408 and 429) is
 * permanent: the same request will be refused again, so the message is a dead letter at once.
 */
export function smsTransport(config: Config, db: Db, log?: FastifyBaseLogger): Transport {
  const gateway = createSmsGateway(config, db, log);
  return {
    name: gateway.name,
    async send(m) {
      try {
        await gateway.send({ to: m.to, text: m.text, key: m.key });
      } catch (error) {
        const status = error instanceof SmsGatewayError ? error.status : undefined;
        if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429)
          throw new PermanentDeliveryError((error as Error).message);
        throw error;
      }
    },
  };
}
