import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../contracts/errors';
import { CHANNEL_HEADER } from '../contracts/constants';
import { unstorableTextPath } from '../contracts/common';
import type { ChannelConfig } from '../contracts/system';
import { channelOf, type Config } from './config';
import { instanceOf, type Db } from './db';
import { requestFinished, requestStarted, setDbPoolSource } from './metrics';
import { AppError } from './errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSite } from './plugins/site';
import { registerJsonCompression } from './plugins/compression';
import { registerOverload, sendUnavailable } from './plugins/overload';
import { isDatabaseUnavailable } from './db/faults';
import { registerSession, sessionChanges, sessionCookieNames } from './plugins/session';
import { listenForChanges } from './db/notifications';
import { controlChanges } from './modules/protection/listener';
import { loggerOptions, registerOriginCheck, registerSecurityHeaders } from './plugins/security';
import { apiModules } from './modules';
import { createOutbox } from './modules/outbox/setup';
import { recordMessageFailed, recordMessageSent, runJob } from './metrics';
import type { Outbox } from './modules/outbox/service';
import { createLive, type Live } from './modules/live';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Shutdown state: draining (after SIGTERM) makes /health/ready answer 503 while requests are still served. */
    lifecycle: { draining: boolean };
    /** Emails and SMS: enqueue in the causing transaction, then `deliver` (docs/decisions/0015). */
    outbox: Outbox;
    /** The shared live tables: this server's watchers, the stream between servers, the clocks (docs/decisions/0025). */
    live: Live;
  }
  interface FastifyRequest {
    /** The channel code from the CHANNEL header, checked against configuration. */
    channel: string;
    /** That channel's configuration (default flags on the few paths that need no channel). */
    channelFlags: ChannelConfig;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger writes (tests capture it); standard output by default. */
  logStream?: { write(line: string): void };
}

/** Paths under the API base that need no CHANNEL header (probes, docs, the dev outbox). */
const channelFree = ['/health', '/docs', '/openapi.json', '/dev/'];

/**
 * One log line per request once it is answered: API calls at info, the site's files and the health
 * probes at debug (a page load fetches a dozen files, a balancer probes every few seconds, and they
 * say nothing an access log of the proxy would not).
 */
function registerRequestLog(app: FastifyInstance, config: Config) {
  const apiPrefix = `${config.API_BASE}/`;
  const probePrefix = `${config.API_BASE}/health`;
  app.addHook('onResponse', (request, reply, done) => {
    const api = (request.url.startsWith(apiPrefix) || request.url === config.API_BASE) && !request.url.startsWith(probePrefix);
    const level = api ? 'info' : 'debug';
    request.log[level]({ req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    done();
  });
}

/** A caller's x-request-id worth keeping: short, printable, nothing a log or header could be abused with. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:@/+=-]{0,127}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/** The request's id: the caller's x-request-id when sane (a proxy's or a client's trace), else a new UUID. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * A request Node cannot even parse (headers over the size limit, not HTTP): answered with a code of
 * the catalogue, as every other refusal, then the connection closes (Node's and Fastify's way).
 */
function answerUnreadableRequest(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request not received in time']
        : [400, 'Unreadable request'];
  const body = JSON.stringify({ code: 'REQUEST_VALIDATION_ERROR', message } satisfies ApiErrorBody);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

export async function buildApp({ config, db, logger, logStream }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { ...loggerOptions(config), ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: config.BODY_LIMIT,
    // Per-IP limits must not trust a client-written X-Forwarded-For: only a configured proxy's.
    trustProxy: config.TRUST_PROXY,
    // Every log line of a request carries its id (reqId); the answer echoes it (x-request-id).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Fastify's own two lines per request (incoming, completed) are replaced by one, below.
    logController: new LogController({ disableRequestLogging: true }),
    // A path Fastify cannot route (bad percent-encoding, a parameter over its length) is the client's input.
    frameworkErrors: (error, _request, reply) =>
      (reply as FastifyReply).status(400).send({ code: 'REQUEST_VALIDATION_ERROR', message: error.message } satisfies ApiErrorBody),
    clientErrorHandler: answerUnreadableRequest,
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('lifecycle', { draining: false });
  // First hook of all, so even a request refused in onRequest (overload, channel) carries it and is measured.
  // The hooks every request runs take a callback, not a promise: no await in them, and a promise
  // costs each request a turn of the microtask queue per hook (bench/balance: a warm GET /balance
  // 74-76 µs of main thread instead of 77-80). A throw in one is caught by Fastify and answered as
  // any route's error.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    requestStarted();
    // 'close' comes once per response, sent or abandoned by the client; the route is its pattern
    // (bounded label values), 'unmatched' for paths no route has.
    reply.raw.once('close', () =>
      requestFinished(request.routeOptions.url ?? 'unmatched', request.method, reply.raw.headersSent ? reply.statusCode : 499, reply.elapsedTime / 1000),
    );
    done();
  });
  // The pool whose counts /metrics reports: PostgreSQL's pg.Pool; the embedded database is one connection.
  const dbInstance = instanceOf(db);
  const pool = dbInstance.pool;
  setDbPoolSource(pool ? () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) : () => ({ total: 1 }));
  // While draining, answers ask the client to reconnect (to another instance, through the balancer).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // Every server runs an outbox worker: due messages are claimed under a lease, so each goes once.
  const outbox = createOutbox(config, db, app.log);
  app.decorate('outbox', outbox);
  outbox.observe = (channel, outcome) => (outcome === 'sent' ? recordMessageSent(channel) : recordMessageFailed(channel));
  outbox.runPass = (pass, onError) => runJob('outbox', pass, onError);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => {
    await outbox.stop();
    outbox.close();
  });
  // The live tables follow their streams once the app is ready; their watchers' streams end before the server closes.
  const live = createLive(config, db, app.log);
  app.decorate('live', live);
  app.addHook('onReady', async () => live.start());
  app.addHook('preClose', async () => live.stop());
  app.decorateRequest('channel', '');
  app.decorateRequest('channelFlags', null as unknown as ChannelConfig);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(cookie);
  registerRequestLog(app, config);
  registerJsonCompression(app);
  await registerOverload(app, config);
  registerSecurityHeaders(app, config);

  app.setErrorHandler((error, request, reply) => {
    const send = (status: number, body: ApiErrorBody) => reply.status(status).send(body);
    if (error instanceof AppError) {
      return send(error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.issues ? { issues: error.issues } : {}),
        ...(error.until ? { until: error.until.toISOString() } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.'),
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
      return send(500, { code: 'TECHNICAL_ERROR', requestId: request.id });
    }
    const fastifyCode = (error as { code?: string }).code ?? '';
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(413, { code: 'PAYLOAD_TOO_LARGE' });
    if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return send(415, { code: 'UNSUPPORTED_MEDIA_TYPE' });
    if (fastifyCode.startsWith('FST_ERR_CTP_') || (error as Error).name === 'SyntaxError') {
      // The body could not be read as JSON (broken, empty, or with a __proto__ key): the client's
      // input, refused as any other invalid input (docs/decisions/0014).
      return send(400, { code: 'REQUEST_VALIDATION_ERROR', message: 'Unreadable request body', issues: [{ path: 'body', message: 'not readable as JSON' }] });
    }
    if (status === 429) return send(429, { code: 'TOO_MANY_REQUESTS' });
    if (status === 503) return sendUnavailable(reply);
    if (status >= 400 && status < 500) return send(status, { code: 'REQUEST_VALIDATION_ERROR' });
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { code: 'TECHNICAL_ERROR', requestId: request.id });
  });

  await registerOpenApi(app, config);

  await app.register(
    async (api) => {
      api.addHook('onRequest', (request, _reply, done) => {
        const sub = request.url.slice(config.API_BASE.length).split('?')[0];
        if (channelFree.some((p) => sub.startsWith(p))) {
          request.channelFlags = { maintenence: false, captcha: true, bearer: false };
          return done();
        }
        // EventSource sends no headers of its own: a stream names its channel in the query.
        const channel = request.headers[CHANNEL_HEADER] ?? (sub.endsWith('/stream') ? (request.query as { channel?: unknown }).channel : undefined);
        const flags = typeof channel === 'string' ? channelOf(config, channel) : undefined;
        if (!flags) throw new AppError('CHANNEL_REQUIRED', 'A known CHANNEL header is required');
        request.channel = channel as string;
        request.channelFlags = flags;
        done();
      });
      registerOriginCheck(api, config, sessionCookieNames(config).session);
      // Every request string the database cannot store (NUL, lone surrogates) is refused here, before
      // any route's own validation, so no route can forget it.
      api.addHook('preValidation', (request, _reply, done) => {
        for (const [part, value] of [
          ['body', request.body],
          ['querystring', request.query],
          ['params', request.params],
        ] as const) {
          const path = unstorableTextPath(value);
          if (path !== null) {
            const tooDeep = path.endsWith('(too deep)');
            throw new AppError(
              'REQUEST_VALIDATION_ERROR',
              tooDeep ? 'Nested deeper than any contract' : 'Text the database cannot store (NUL or a lone surrogate)',
              [{ path: path === '' ? part : `${part}.${path}`, message: tooDeep ? 'too deep' : 'unstorable text' }],
            );
          }
        }
        done();
      });
      api.setNotFoundHandler((_request, reply) => {
        reply.status(404).send({ code: 'NOT_FOUND' } satisfies ApiErrorBody);
      });
      await registerSession(api);
      for (const module of apiModules) await api.register(module);
    },
    { prefix: config.API_BASE },
  );

  // Other servers' (and operators') changes reach this server's caches (one connection for all).
  listenForChanges(app, [sessionChanges(db), controlChanges(db)]);
  await registerSite(app, config);
  return app;
}
