import { toLanguage } from '../../../contracts/languages';
import type { FastifyInstance } from 'fastify';
import {
  BetHistoryQuerySchema,
  BetHistoryResponseSchema,
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
import { zod } from '../../zod-routes';
import { requireAccount } from '../../plugins/session';
import { betHistory } from './bet-history';
import devSeedRoutes from './dev-seed';
import { openPlaySession } from './launch';
import { playHouseRound } from './play';
import { rotateSeed } from './seeds';
import { verifyRound } from './verify';
import { recordRound } from '../../metrics';
import { hashToken } from '../../plugins/session';
import { clock } from '../../clock';
import { afterRealRound } from '../progression/service';

/**
 * Levels and missions move with each real round (docs/decisions/0018), after it committed: a
 * failure here is logged and never turns a played round into an error (the next round catches up).
 * Answers the round's game code (for the per-game metrics), or null when the session is not found.
 */
async function progressAfterRound(app: FastifyInstance, sessionToken: string): Promise<string | null> {
  try {
    const session = await app.db
      .selectFrom('play_sessions')
      .select(['account_id', 'game_code'])
      .where('token_hash', '=', hashToken(sessionToken))
      .executeTakeFirst();
    if (session?.account_id) await afterRealRound(app.db, app.config, session.account_id, clock.now());
    return session?.game_code ?? null;
  } catch (error) {
    app.log.error({ err: error }, 'progression after a round failed');
    return null;
  }
}

/** The house game provider's API, called by the game client page (/house/play/), and the player's bet history. */
export default async function houseRoutes(app: FastifyInstance) {
  const api = zod(app);

  api.post('/house/session', { schema: { body: HouseSessionRequestSchema, response: { 200: HouseSessionResponseSchema } } }, async (request) =>
    openPlaySession(app.db, request.body.token),
  );

  api.post('/house/play', { schema: { body: PlayRequestSchema, response: { 200: PlayResponseSchema } } }, async (request) => {
    const played = await playHouseRound(app.db, request.body.session, request.body.input, request.body.requestId);
    if (played.currency !== 'COIN') return played;
    const gameCode = await progressAfterRound(app, request.body.session);
    // Coin rounds settled, by game (a repeated requestId answers the first result and is counted again).
    if (played.status === 'settled') recordRound(gameCode ?? request.body.input.kind, played.stake, played.win);
    return played;
  });

  api.post('/house/seed', { schema: { body: SeedRequestSchema, response: { 200: SeedResponseSchema } } }, async (request) =>
    rotateSeed(app.db, request.body.session, request.body.clientSeed),
  );

  api.get(
    '/house/rounds/:roundId/verify',
    { schema: { params: RoundIdParamsSchema, querystring: VerifyRoundQuerySchema, response: { 200: VerifyRoundResponseSchema } } },
    async (request) => verifyRound(app.db, request.params.roundId, request.query.languageCode ?? 'ja'),
  );

  api.get('/get-bet-history', { schema: { querystring: BetHistoryQuerySchema, response: { 200: BetHistoryResponseSchema } } }, async (request) => {
    const account = requireAccount(request);
    const language = request.query.languageCode ?? toLanguage(account.language);
    return betHistory(app.db, account.id, request.query.page, language);
  });

  await devSeedRoutes(app);
}
