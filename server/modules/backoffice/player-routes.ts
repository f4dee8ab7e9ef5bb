import type { FastifyInstance } from 'fastify';
import {
  AccountRefParamsSchema,
  AdjustmentDecisionSchema,
  AdjustmentIdParamsSchema,
  AdjustmentListQuerySchema,
  AdjustmentListSchema,
  AdjustmentRequestSchema,
  AdjustmentResultSchema,
  Player360Schema,
  PlayerSearchQuerySchema,
  PlayerSearchResultSchema,
  ReasonBodySchema,
  RevokeResultSchema,
} from '../../../contracts/backoffice';
import { OkSchema } from '../../../contracts/common';
import { zod } from '../../zod-routes';
import { decideAdjustment, listAdjustments, requestAdjustment } from './adjustments';
import { actorOf, metaOf, staffOf } from './guard';
import { player360, revokePlayerSessions, searchPlayers, setPlayerLock } from './players';

/** Player search and 360, lock and unlock, session revocation; wallet adjustments (four eyes above the threshold). */
export default async function playerRoutes(app: FastifyInstance) {
  const r = zod(app);

  // ---- Players
  r.get(
    '/backoffice/players',
    { schema: { querystring: PlayerSearchQuerySchema, response: { 200: PlayerSearchResultSchema } }, config: { right: 'players.view' } },
    async (request) => ({ players: await searchPlayers(app.db, request.query.query) }),
  );
  r.get(
    '/backoffice/players/:accountRef',
    { schema: { params: AccountRefParamsSchema, response: { 200: Player360Schema } }, config: { right: 'players.view' } },
    async (request) => player360(app.db, app.config, request.params.accountRef),
  );
  for (const lock of [true, false]) {
    r.post(
      `/backoffice/players/:accountRef/${lock ? 'lock' : 'unlock'}`,
      { schema: { params: AccountRefParamsSchema, body: ReasonBodySchema, response: { 200: OkSchema } }, config: { right: 'players.lock' } },
      async (request) => {
        await setPlayerLock(app.db, actorOf(request), request.params.accountRef, lock, request.body.reason);
        return { ok: true as const };
      },
    );
  }
  r.post(
    '/backoffice/players/:accountRef/sessions/revoke',
    { schema: { params: AccountRefParamsSchema, response: { 200: RevokeResultSchema } }, config: { right: 'players.sessions' } },
    async (request) => ({ revoked: await revokePlayerSessions(app.db, actorOf(request), request.params.accountRef) }),
  );

  // ---- Adjustments
  r.post(
    '/backoffice/adjustments',
    { schema: { body: AdjustmentRequestSchema, response: { 200: AdjustmentResultSchema } }, config: { right: 'adjustments' } },
    async (request) => requestAdjustment(app.db, app.config.ADJUSTMENT_APPROVAL_THRESHOLD, staffOf(request), metaOf(request), request.body),
  );
  r.get(
    '/backoffice/adjustments',
    { schema: { querystring: AdjustmentListQuerySchema, response: { 200: AdjustmentListSchema } }, config: { right: 'adjustments' } },
    async (request) => ({ adjustments: await listAdjustments(app.db, request.query.status) }),
  );
  for (const approve of [true, false]) {
    r.post(
      `/backoffice/adjustments/:id/${approve ? 'approve' : 'reject'}`,
      {
        schema: { params: AdjustmentIdParamsSchema, body: AdjustmentDecisionSchema.nullish(), response: { 200: AdjustmentResultSchema } },
        config: { right: 'adjustments' },
      },
      async (request) => decideAdjustment(app.db, staffOf(request), metaOf(request), request.params.id, approve, request.body?.reason),
    );
  }
}
