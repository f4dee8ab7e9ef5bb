import type { FastifyInstance } from 'fastify';
import {
  HouseSessionRequestSchema,
  HouseSessionResponseSchema,
  PlayRequestSchema,
  PlayResponseSchema,
  RoundIdParamsSchema,
  SeedRequestSchema,
  SeedResponseSchema,
  VerifyRoundQuerySchema,
  VerifyRoundResponseSchema,
} from '../../../contracts/games';
import { zod } from '../../app';
import { openPlaySession, playHouseRound, rotateSeed, verifyRound } from './provider';

/** The house game provider's API, called by the game client page (/house/play/). */
export default async function houseRoutes(app: FastifyInstance) {
  const api = zod(app);

  api.post('/house/session', { schema: { body: HouseSessionRequestSchema, response: { 200: HouseSessionResponseSchema } } }, async (request) =>
    openPlaySession(app.db, request.body.token),
  );

  api.post('/house/play', { schema: { body: PlayRequestSchema, response: { 200: PlayResponseSchema } } }, async (request) =>
    playHouseRound(app.db, request.body.session, request.body.input),
  );

  api.post('/house/seed', { schema: { body: SeedRequestSchema, response: { 200: SeedResponseSchema } } }, async (request) =>
    rotateSeed(app.db, request.body.session, request.body.clientSeed),
  );

  api.get(
    '/house/rounds/:roundId/verify',
    { schema: { params: RoundIdParamsSchema, querystring: VerifyRoundQuerySchema, response: { 200: VerifyRoundResponseSchema } } },
    async (request) => verifyRound(app.db, request.params.roundId, request.query.languageCode ?? 'ja'),
  );
}
