import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  RaffleDefinitionSchema,
  RaffleHistoryQuerySchema,
  RaffleHistorySchema,
  RaffleListSchema,
  RaffleRecordSchema,
  RaffleRefParamsSchema,
  RaffleStandingSchema,
} from '../../../contracts/raffle';
import { devToolsOn } from '../../config';
import { clock } from '../../clock';
import { AppError } from '../../errors';
import { requireAccount } from '../../plugins/session';
import { zod } from '../../zod-routes';
import { ensureWeeklyRaffle } from './demo';
import { drawDueRaffles, drawRaffle } from './draw';
import { createRaffle, findRaffle, listRaffles, raffleHistory, raffleRecord, raffleStanding } from './service';
import { recordJobFailure, recordJobSuccess } from '../../metrics';

/** How often a listening server looks for due raffles (a draw is at most this late). */
export const RAFFLE_CHECK_MS = 5_000;

/**
 * GET /currentRaffle, GET /raffle-history (signed in); GET /raffles, GET /raffles/:ref/record
 * (public); in development, POST /dev/raffles and POST /dev/raffles/:ref/draw for tests against a
 * running server. A listening server checks for due raffles every RAFFLE_CHECK_MS (an unref'd
 * timer, stopped on close); injected test apps never listen, so tests call drawDueRaffles with the
 * test clock instead.
 */
export default async function raffleRoutes(app: FastifyInstance) {
  const api = zod(app);
  const siteUrl = app.config.PUBLIC_SITE_URL;

  api.get('/currentRaffle', { schema: { response: { 200: RaffleStandingSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return raffleStanding(app.db, account.id, clock.now(), siteUrl);
  });

  api.get('/raffle-history', { schema: { querystring: RaffleHistoryQuerySchema, response: { 200: RaffleHistorySchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return raffleHistory(app.db, account.id, siteUrl, request.query.languageCode);
  });

  api.get('/raffles', { schema: { response: { 200: RaffleListSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return listRaffles(app.db, clock.now());
  });

  api.get('/raffles/:ref/record', { schema: { params: RaffleRefParamsSchema, response: { 200: RaffleRecordSchema } } }, async (request, reply) => {
    const record = await raffleRecord(app.db, request.params.ref, clock.now());
    if (!record) throw new AppError('NOT_FOUND', 'No raffle has this ref');
    reply.header('cache-control', 'no-cache');
    return record;
  });

  if (devToolsOn(app.config)) {
    // Development aids for end-to-end tests against a running server (absent in production).
    api.post(
      '/dev/raffles',
      { schema: { body: RaffleDefinitionSchema, response: { 200: z.object({ ref: z.string(), commitment: z.string() }) } } },
      async (request) => {
        const { ref, commitment } = await createRaffle(app.db, request.body);
        return { ref, commitment };
      },
    );
    api.post('/dev/raffles/:ref/draw', { schema: { params: RaffleRefParamsSchema, response: { 200: z.object({ drawn: z.boolean() }) } } }, async (request) => {
      const row = await findRaffle(app.db, request.params.ref);
      if (!row) throw new AppError('NOT_FOUND', 'No raffle has this ref');
      return { drawn: (await drawRaffle(app.db, Number(row.id), clock.now())) !== null };
    });
  }

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      await drawDueRaffles(app.db, clock.now(), app.log);
      if (app.config.SEED_DEMO) await ensureWeeklyRaffle(app.db, clock.now());
      recordJobSuccess('raffle_draws');
    } catch (error) {
      recordJobFailure('raffle_draws');
      app.log.error({ err: error }, 'raffle check failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onListen', async () => {
    void check();
    timer = setInterval(() => void check(), RAFFLE_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
