import { localizePath, toLanguage } from '../../../contracts/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordLaunch } from '../favourites';
import { GAMES_STALE_MS, type Language } from '../../../contracts/constants';
import {
  DemoLaunchQuerySchema,
  GamesQuerySchema,
  GamesResponseSchema,
  GameStatsParamsSchema,
  GameStatsResponseSchema,
  HOUSE_PLAY_PATH,
  LaunchQuerySchema,
  LaunchResultSchema,
  SportsbookQuerySchema,
} from '../../../contracts/games';
import { zod } from '../../zod-routes';
import { AppError } from '../../errors';
import { requireAccount } from '../../plugins/session';
import { limitOf, registerRateLimit } from '../../plugins/rate-limit';
import { refuseUnverifiedPhone } from '../phone';
import { findGame, listGames } from './service';
import { gameStats } from './stats';
import { assertMayPlay } from '../protection';
import { clock } from '../../clock';

/** Catalogue, game launch (real and demo) and sportsbook link (spec section 7). */
export default async function gamesRoutes(app: FastifyInstance) {
  await registerRateLimit(app);
  const api = zod(app);

  const refuseInMaintenance = (request: FastifyRequest) => {
    if (request.channelFlags.maintenence) throw new AppError('MAINTENANCE', 'The channel is in maintenance');
  };

  /** The lobby return address is passed through; only a site path or an http(s) URL is accepted. */
  const lobbyUrlOf = (raw: string | undefined): string | null => {
    if (!raw) return null;
    if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
    try {
      const url = new URL(raw);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
    } catch {
      // fall through
    }
    throw new AppError('REQUEST_VALIDATION_ERROR', 'lobbyUrl must be a site path or an http(s) URL');
  };

  /** `/house/play/?token=...&lobby=...&lang=...`, under /en for English. */
  const launchUrl = (token: string, lobbyUrl: string | null, language: Language) => {
    const params = new URLSearchParams({ token, lang: language });
    if (lobbyUrl) params.set('lobby', lobbyUrl);
    return `${localizePath(HOUSE_PLAY_PATH, language)}?${params.toString()}`;
  };

  const enabledGame = async (code: string) => {
    const game = await findGame(app.db, code);
    if (!game?.is_enabled) throw new AppError('GAME_NOT_AVAILABLE', 'Unknown or disabled game');
    return game;
  };

  api.get('/games', { schema: { querystring: GamesQuerySchema, response: { 200: GamesResponseSchema } } }, async (request, reply) => {
    const games = await listGames(app.db, request.query.languageCode);
    // The same 10 s the site keeps the catalogue for (spec section 9): shared caches may hold it too.
    reply.header('cache-control', `public, max-age=${GAMES_STALE_MS / 1000}`);
    return [{ games }] as [{ games: typeof games }];
  });

  // A game's measured RTP beside its exact maths (decision 0020); public, answers cached a minute.
  api.get('/games/:code/stats', { schema: { params: GameStatsParamsSchema, response: { 200: GameStatsResponseSchema } } }, async (request, reply) => {
    const stats = await gameStats(app.db, request.params.code);
    reply.header('cache-control', 'public, max-age=60');
    return stats;
  });

  api.get(
    '/launchgame',
    { schema: { querystring: LaunchQuerySchema, response: { 200: LaunchResultSchema } }, config: { rateLimit: limitOf(app, 'LAUNCH_RATE_LIMIT') } },
    async (request) => {
      refuseInMaintenance(request);
      const account = requireAccount(request);
      await refuseUnverifiedPhone(app.db, app.config, account.id);
      await assertMayPlay(app.db, account.id, 0, clock.now());
      const game = await enabledGame(request.query.gameCode);
      const language = request.query.language ?? toLanguage(account.language);
      const lobbyUrl = lobbyUrlOf(request.query.lobbyUrl);
      const token = await app.hooks.launchToken.get()({
        accountId: account.id,
        signInSessionId: account.sessionId,
        gameCode: game.code,
        mode: 'real',
        lobbyUrl,
        language,
      });
      await recordLaunch(app.db, account.id, game.code, clock.now());
      return { url: launchUrl(token, lobbyUrl, language) };
    },
  );

  api.get(
    '/launch-demo',
    { schema: { querystring: DemoLaunchQuerySchema, response: { 200: LaunchResultSchema } }, config: { rateLimit: limitOf(app, 'LAUNCH_RATE_LIMIT') } },
    async (request) => {
      refuseInMaintenance(request);
      const game = await enabledGame(request.query.gameCode);
      if (!game.is_demo_available) throw new AppError('DEMO_NOT_AVAILABLE', 'This game has no demo');
      const language = request.query.language ?? 'ja';
      const lobbyUrl = lobbyUrlOf(request.query.lobbyUrl);
      // Demo play is anonymous even for a signed-in player: its points never touch the coin wallet.
      const token = await app.hooks.launchToken.get()({ accountId: null, signInSessionId: null, gameCode: game.code, mode: 'demo', lobbyUrl, language });
      return { url: launchUrl(token, lobbyUrl, language) };
    },
  );

  api.get('/launch-sportsbook', { schema: { querystring: SportsbookQuerySchema, response: { 200: LaunchResultSchema } } }, async (request) => {
    refuseInMaintenance(request);
    if (!app.config.SPORTSBOOK_URL) throw new AppError('SPORTSBOOK_NOT_CONFIGURED', 'No sportsbook is configured');
    return { url: app.config.SPORTSBOOK_URL };
  });
}
