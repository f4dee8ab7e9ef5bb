import { toLanguage } from '../../../contracts/languages';
import type { FastifyInstance } from 'fastify';
import { LobbyQuerySchema, LobbyResponseSchema, type LobbyResponse } from '../../../contracts/lobby';
import { zod } from '../../zod-routes';
import { lobbyJson } from './lobby';
import { settleRaces } from './races';
import { recordJobFailure, recordJobSuccess } from '../../metrics';

/** How often each instance looks for races to start, close and pay. */
const RACE_TICK_MS = 15_000;

/** The tournaments lobby (docs/decisions/0007-tournaments-lobby.md): `GET /tournaments`, and the race timer. */
export default async function tournamentRoutes(app: FastifyInstance) {
  const api = zod(app);

  api.get('/tournaments', { schema: { querystring: LobbyQuerySchema, response: { 200: LobbyResponseSchema } } }, async (request, reply) => {
    const account = request.account;
    const language = request.query.languageCode ?? toLanguage(account?.language);
    // The player's own rank is in it: no shared cache may keep it.
    reply.header('cache-control', 'private, no-store');
    // Sent as JSON text: the snapshot is checked against the contract when built (lobby.ts), so many
    // lobbies polling cost neither a query nor a schema walk each.
    const json = await lobbyJson(app.db, language, account?.id ?? null);
    return reply.type('application/json; charset=utf-8').send(json as unknown as LobbyResponse);
  });

  // Every instance runs the timer; payRace's claim makes the payout happen once. Tests call
  // settleRaces themselves with the test clock, so the timer stays off there.
  if (app.config.NODE_ENV !== 'test') {
    let running: Promise<void> | null = null;
    const tick = () => (running ??= settle().finally(() => (running = null)));
    const settle = async () => {
      try {
        const paid = await settleRaces(app.db);
        for (const race of paid) app.log.info({ race: race.ref, players: race.players, prizes: race.paid.length }, 'race paid');
        recordJobSuccess('race_settlement');
      } catch (error) {
        recordJobFailure('race_settlement');
        app.log.error({ err: error }, 'race settlement failed; retrying at the next tick');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(tick, RACE_TICK_MS);
      timer.unref();
      void tick();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      // The database closes after this: let a settlement in progress finish first.
      await running;
    });
  }
}
