import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import {
  serializerCompiler,
  validatorCompiler,
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../contracts/errors';
import { CHANNEL_HEADER } from '../contracts/constants';
import type { Config } from './config';
import type { Db } from './db';
import { AppError } from './errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSite } from './plugins/site';
import { registerSession } from './plugins/session';
import { registerOverload, sendUnavailable } from './plugins/overload';
import { isDatabaseUnavailable } from './db/faults';
import { apiModules } from './modules';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
  interface FastifyRequest {
    /** The channel code from the CHANNEL header, checked against configuration. */
    channel: string;
  }
}


export interface AppDeps {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
}

/** Paths under the API base that need no CHANNEL header (probes, docs, the dev outbox). */
const channelFree = ['/health', '/docs', '/openapi.json', '/dev/'];

export async function buildApp({ config, db, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: config.BODY_LIMIT,
    // Per-IP limits must not trust a client-written X-Forwarded-For: only a configured proxy's.
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorateRequest('channel', '');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(cookie);
  await registerOverload(app, config);

  app.setErrorHandler((error, request, reply) => {
    const send = (status: number, body: ApiErrorBody) => reply.status(status).send(body);
    if (error instanceof AppError) return send(error.statusCode, { code: error.code, message: error.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: String(v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'invalid',
      }));
      return send(400, { code: 'REQUEST_VALIDATION_ERROR', message: 'Invalid request', issues });
    }
    if (isDatabaseUnavailable(error)) {
      // The database restarted, failed over or is out of connections: a client error it is not, a
      // bug neither. The client retries (with the same requestId where an action has one).
      request.log.warn({ err: { message: (error as Error).message, code: (error as { code?: string }).code } }, 'database unavailable');
      return sendUnavailable(reply);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return send(500, { code: 'TECHNICAL_ERROR' });
    }
    const fastifyCode = (error as { code?: string }).code ?? '';
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, { code: 'PAYLOAD_TOO_LARGE' });
    if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(415, { code: 'UNSUPPORTED_MEDIA_TYPE' });
    if (fastifyCode.startsWith('FST_ERR_CTP_') || (error as Error).name === 'SyntaxError') {
      // The body could not be read as JSON (spec: an unreadable body is a technical error), but it is the client's fault.
      return send(400, { code: 'TECHNICAL_ERROR', message: 'Unreadable request body' });
    }
    if (status === 429) return send(429, { code: 'TOO_MANY_REQUESTS' });
    if (status === 503) return sendUnavailable(reply);
    if (status >= 400 && status < 500) return send(status, { code: 'REQUEST_VALIDATION_ERROR' });
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { code: 'TECHNICAL_ERROR' });
  });

  await registerOpenApi(app, config);

  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        const sub = request.url.slice(config.API_BASE.length).split('?')[0];
        if (channelFree.some((p) => sub.startsWith(p))) return;
        const channel = request.headers[CHANNEL_HEADER];
        if (typeof channel !== 'string' || !(channel in config.CHANNELS)) {
          throw new AppError('CHANNEL_REQUIRED', 'A known CHANNEL header is required');
        }
        request.channel = channel;
      });
      api.setNotFoundHandler((_request, reply) => {
        reply.status(404).send({ code: 'NOT_FOUND' } satisfies ApiErrorBody);
      });
      await registerSession(api);
      for (const module of apiModules) await api.register(module);
    },
    { prefix: config.API_BASE },
  );

  await registerSite(app, config);
  return app;
}

