import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/common';
import {
  LiveBetRequestSchema,
  LiveBetResponseSchema,
  LiveChainsSchema,
  LiveRoundParamsSchema,
  LiveRoundRecordSchema,
  LiveSnapshotSchema,
  LiveStampRequestSchema,
  LiveTableParamsSchema,
  LiveTablesSchema,
} from '../../../contracts/live';
import { LIVE_TABLES, liveTable, type LiveTableDef } from '../../../contracts/live-tables';
import { AppError } from '../../errors';
import { clock } from '../../clock';
import { requireAccount } from '../../plugins/session';
import { zod } from '../../zod-routes';
import { parseId } from './broker';
import { placeLiveBet } from './bets';
import { myBets, publishedChains, roundRecord } from './state';

const StreamQuerySchema = z.strictObject({
  /** EventSource cannot send headers: the channel code comes in the query (app.ts reads it). */
  channel: z.string().max(32).optional(),
  lastEventId: z.string().max(40).optional(),
});

const lastResults = 12;

/**
 * The shared live tables (docs/decisions/0025): GET /live/tables, GET /live/tables/:tableId (the
 * snapshot), GET /live/tables/:tableId/stream (Server-Sent Events), POST /live/tables/:tableId/bets,
 * POST /live/tables/:tableId/stamps, GET /live/tables/:tableId/chain, GET /live/rounds/:roundId.
 */
export default async function liveRoutes(app: FastifyInstance) {
  const api = zod(app);
  const live = app.live;
  const pace = (table: LiveTableDef) => live.runner.tables.find((t) => t.id === table.id) ?? table;

  api.get('/live/tables', { schema: { response: { 200: LiveTablesSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return {
      serverTime: clock.ms(),
      tables: LIVE_TABLES.map((table) => {
        const { state } = live.hub.state(table.id);
        const round = state.round;
        const phase = round?.phase ?? ('waiting' as const);
        return {
          id: table.id,
          kind: table.kind,
          bettingMs: pace(table).bettingMs,
          limits: { ...table.limits, chips: [...table.limits.chips] },
          phase,
          phaseEndsAt: !round ? null : phase === 'betting' ? round.closesAt : phase === 'drawing' ? round.resultAt : round.nextAt,
          watchers: state.watchers,
          lastResults: state.history.slice(0, lastResults).map((h) => h.result),
        };
      }),
    };
  });

  api.get('/live/tables/:tableId', { schema: { params: LiveTableParamsSchema, response: { 200: LiveSnapshotSchema } } }, async (request, reply) => {
    const table = liveTable(request.params.tableId)!;
    const { state, lastId } = live.hub.state(table.id);
    reply.header('cache-control', 'no-store');
    const mine = request.account && state.round ? await myBets(app.db, state.round.roundId, request.account.id) : null;
    return {
      serverTime: clock.ms(),
      lastEventId: lastId,
      limits: { ...table.limits, chips: [...table.limits.chips] },
      kind: table.kind,
      bettingMs: pace(table).bettingMs,
      state,
      mine,
    };
  });

  const streamAnswer = {
    description: 'Server-Sent Events: `id:` and `data:` (a LiveEvent as JSON, contracts/live-tables.ts) per event, a snapshot first',
    content: { 'text/event-stream': { schema: z.string() } },
  };
  api.get(
    '/live/tables/:tableId/stream',
    { schema: { params: LiveTableParamsSchema, querystring: StreamQuerySchema, response: { 200: streamAnswer } } },
    async (request, reply) => {
      const { tableId } = request.params;
      const accountId = request.account?.id ?? null;
      if (!live.hub.mayOpen(request.ip, accountId)) throw new AppError('TOO_MANY_REQUESTS', 'Too many open streams');
      const header = request.headers['last-event-id'];
      const given = (typeof header === 'string' ? header : undefined) ?? request.query.lastEventId ?? null;
      const lastEventId = given && parseId(given) ? given : null;
      // The stream outlives the request: it leaves the in-flight count, and Fastify no longer answers it.
      reply.leaveInFlight();
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      res.write('retry: 2000\n\n');
      await live.hub.watch(tableId, res, lastEventId, live.broker, { address: request.ip, accountId });
    },
  );

  api.post(
    '/live/tables/:tableId/bets',
    { schema: { params: LiveTableParamsSchema, body: LiveBetRequestSchema, response: { 200: LiveBetResponseSchema } } },
    async (request) => {
      const account = requireAccount(request);
      return placeLiveBet(app.db, app.config, account.id, request.params.tableId, request.body);
    },
  );

  api.post(
    '/live/tables/:tableId/stamps',
    { schema: { params: LiveTableParamsSchema, body: LiveStampRequestSchema, response: { 200: OkSchema } } },
    async (request) => {
      const account = requireAccount(request);
      // Redis away: nothing was sent, the client may try again.
      const unavailable = () => {
        throw new AppError('SERVICE_UNAVAILABLE', 'Stamps are unavailable for a moment');
      };
      if (!(await live.broker.tryStamp(account.id).catch(unavailable))) throw new AppError('TOO_MANY_REQUESTS', 'One stamp every 2 seconds');
      await live.broker
        .append(request.params.tableId, { type: 'stamp', stamp: request.body.stamp, name: account.displayName, at: Date.now() })
        .catch(unavailable);
      return { ok: true as const };
    },
  );

  api.get('/live/tables/:tableId/chain', { schema: { params: LiveTableParamsSchema, response: { 200: LiveChainsSchema } } }, async (request) => {
    return { tableId: request.params.tableId, chains: await publishedChains(app.db, request.params.tableId) };
  });

  api.get('/live/rounds/:roundId', { schema: { params: LiveRoundParamsSchema, response: { 200: LiveRoundRecordSchema } } }, async (request) => {
    const record = await roundRecord(app.db, request.params.roundId);
    if (!record) throw new AppError('NOT_FOUND', 'No such round');
    return record;
  });
}
