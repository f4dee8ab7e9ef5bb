import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /** A long-lived answer (a live table's stream) gives its in-flight place back once it is under way. */
    leaveInFlight(): void;
  }
}
import underPressure from '@fastify/under-pressure';
import type { ApiErrorBody } from '../../contracts/errors';
import type { Config } from '../config';
import { recordRefused } from '../metrics';

/** Seconds a refused client is told to wait before it retries. */
export const RETRY_AFTER_SECONDS = 1;

/** The API's 503: nothing was done, try again shortly. */
export function sendUnavailable(reply: FastifyReply) {
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ code: 'SERVICE_UNAVAILABLE', requestId: reply.request.id } satisfies ApiErrorBody);
}

/**
 * Overload answers 503 SERVICE_UNAVAILABLE at once instead of queueing without bound: above
 * MAX_REQUESTS_IN_FLIGHT requests being handled, or while the event loop lags more than
 * MAX_EVENT_LOOP_DELAY_MS (@fastify/under-pressure), a new request is refused before any work.
 * Requests already admitted finish; the database pool bounds their wait for a connection.
 */
export async function registerOverload(app: FastifyInstance, config: Config) {
  // Not on the embedded database: PGlite runs every query on this event loop, so its delay
  // measures the database's own work rather than overload (a burst of rounds would refuse the
  // next ones for a second at a time). The in-flight cap below still applies.
  if (config.MAX_EVENT_LOOP_DELAY_MS > 0 && config.DATABASE_URL) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
      pressureHandler: (_request, reply) => {
        recordRefused('overload');
        sendUnavailable(reply);
      },
    });
  }

  let inFlight = 0;
  // Responses of admitted requests: each gives its place back once (on its response, or on its
  // connection closing first when the client goes away).
  const admitted = new WeakSet<object>();
  const release = (raw: object) => {
    if (!admitted.delete(raw)) return;
    inFlight--;
  };
  app.decorateReply('leaveInFlight', function (this: FastifyReply) {
    release(this.raw);
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (inFlight >= config.MAX_REQUESTS_IN_FLIGHT) {
      request.log.warn({ inFlight }, 'overloaded: request refused');
      recordRefused('overload');
      // Answered here: done() is not called, so no later hook or handler runs (Fastify's early reply).
      sendUnavailable(reply);
      return;
    }
    inFlight++;
    admitted.add(reply.raw);
    reply.raw.once('close', () => release(reply.raw));
    done();
  });
  app.addHook('onResponse', (_request, reply, done) => {
    release(reply.raw);
    done();
  });
}
