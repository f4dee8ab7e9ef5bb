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
import { createLaunchToken, openPlaySession } from './launch';
import { playHouseRound } from './play';
import { rotateSeed } from './seeds';
import { verifyRound } from './verify';
import { recordRound } from '../../metrics';
import { hashToken } from '../../plugins/session';

/** How many play sessions' owners are kept in memory: a session's player and game never change. */
const OWNERS_KEPT = 10_000;

/** The house game provider's API, called by the game client page (/house/play/), and the player's bet history. */
export default async function houseRoutes(app: FastifyInstance) {
  const api = zod(app);
  // The games module launches house games through this hook (it may not import this module back).
  app.hooks.launchToken.provide((launch) => createLaunchToken(app.db, launch));
  const owners = new Map<string, { accountId: string | null; gameCode: string }>();
  /** The play session's player and game (null when the session is not found). */
  async function ownerOf(sessionToken: string) {
    const tokenHash = hashToken(sessionToken);
    const known = owners.get(tokenHash);
    if (known) return known;
    const row = await app.db.selectFrom('play_sessions').select(['account_id', 'game_code']).where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!row) return null;
    const owner = { accountId: row.account_id, gameCode: row.game_code };
    owners.set(tokenHash, owner);
    if (owners.size > OWNERS_KEPT) owners.delete(owners.keys().next().value!);
    return owner;
  }

  api.post('/house/session', { schema: { body: HouseSessionRequestSchema, response: { 200: HouseSessionResponseSchema } } }, async (request) =>
    openPlaySession(app.db, request.body.token),
  );

  api.post('/house/play', { schema: { body: PlayRequestSchema, response: { 200: PlayResponseSchema } } }, async (request) => {
    const played = await playHouseRound(app.db, request.body.session, request.body.input, request.body.requestId);
    if (played.currency !== 'COIN') return played;
    const owner = await ownerOf(request.body.session).catch((error) => {
      app.log.error({ err: error }, 'the round was played; its player could not be read for progression');
      return null;
    });
    const settled = played.status === 'settled';
    if (owner?.accountId) {
      const { kind } = request.body.input;
      // After the round committed: listeners (progression) log their own failures, never this round's.
      await app.hooks.roundPlayed.emit({ accountId: owner.accountId, gameCode: owner.gameCode, kind, stake: played.stake, win: played.win, settled });
    }
    // Coin rounds settled, by game (a repeated requestId answers the first result and is counted again).
    if (settled) recordRound(owner?.gameCode ?? request.body.input.kind, played.stake, played.win);
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
