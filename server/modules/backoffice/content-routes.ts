import type { FastifyInstance } from 'fastify';
import {
  BackofficePromotionCreateSchema,
  BackofficePromotionUpdateSchema,
  BackofficeRaceCreateSchema,
  BackofficeRaceTextsSchema,
  BackofficeRaffleCreateSchema,
  ContentGameListSchema,
  ContentPromotionListSchema,
  ContentRaceListSchema,
  ContentRaffleListSchema,
  GameCodeParamsSchema,
  GameUpdateSchema,
  PromotionSlugParamsSchema,
  RaceRefParamsSchema,
  RaffleRefBodyParamsSchema,
  ReasonBodySchema,
} from '../../../contracts/backoffice';
import { OkSchema } from '../../../contracts/common';
import { clock } from '../../clock';
import { AppError } from '../../errors';
import { zod } from '../../zod-routes';
import { writeAudit } from '../audit';
import { staffGameList, updateGame } from '../games';
import { insertPromotion, listPromotions, updatePromotion } from '../promotions';
import { cancelRaffle, createRaffle, drawRaffle, findRaffle, listRaffles } from '../raffle';
import { cancelRace, createRace, staffRaceList, updateRaceTexts } from '../tournaments';
import { actorOf } from './guard';

/**
 * Content (right `content`): raffles, races (the same RaceFileSchema and createRace as
 * `tournament:create`), promotions (the same schema as the shipped files, content/promotions) and
 * games. Each change and its audit row commit together.
 */
export default async function contentRoutes(app: FastifyInstance) {
  const r = zod(app);
  const content = { right: 'content' as const };

  // ---- Raffles
  r.get('/backoffice/raffles', { schema: { response: { 200: ContentRaffleListSchema } }, config: content }, async () => {
    const rows = await listRaffles(app.db, clock.now());
    return {
      raffles: rows.map((x) => ({
        ref: x.ref,
        status: x.status,
        startDateUtc: x.startDateUtc,
        endDateUtc: x.endDateUtc,
        raffleDrawDate: x.raffleDrawDate,
        title: x.translations.find((t) => t.languageCode === 'default')?.title ?? x.translations[0]?.title ?? x.ref,
      })),
    };
  });
  r.post('/backoffice/raffles', { schema: { body: BackofficeRaffleCreateSchema, response: { 200: OkSchema } }, config: content }, async (request) => {
    // A form uploads no file: a banner here would name a path on the server.
    if (request.body.banner) throw new AppError('REQUEST_VALIDATION_ERROR', 'banner is for the CLI', [{ path: 'banner', message: 'not accepted here' }]);
    await createRaffle(app.db, request.body, (trx, created) =>
      writeAudit(trx, actorOf(request), { action: 'raffle.create', target: `raffle:${created.ref}`, after: request.body }).then(() => undefined),
    );
    return { ok: true as const };
  });
  r.post(
    '/backoffice/raffles/:ref/cancel',
    { schema: { params: RaffleRefBodyParamsSchema, body: ReasonBodySchema, response: { 200: OkSchema } }, config: content },
    async (request) => {
      await app.db.transaction().execute(async (trx) => {
        const result = await cancelRaffle(trx, request.params.ref);
        if (result === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'No such raffle');
        if (result === 'ALREADY_FINAL') throw new AppError('REQUEST_VALIDATION_ERROR', 'The raffle is drawn or cancelled already');
        await writeAudit(trx, actorOf(request), {
          action: 'raffle.cancel',
          target: `raffle:${request.params.ref}`,
          after: { status: 'CANCELLED' },
          reason: request.body.reason,
        });
      });
      return { ok: true as const };
    },
  );
  r.post('/backoffice/raffles/:ref/draw', { schema: { params: RaffleRefBodyParamsSchema, response: { 200: OkSchema } }, config: content }, async (request) => {
    const row = await findRaffle(app.db, request.params.ref);
    if (!row) throw new AppError('NOT_FOUND', 'No such raffle');
    if (row.status !== 'SCHEDULED' || (row.draw_at && row.draw_at > clock.now()))
      throw new AppError('REQUEST_VALIDATION_ERROR', 'The raffle is not due for its draw');
    const outcome = await drawRaffle(app.db, Number(row.id), clock.now());
    // The draw pays prizes in its own transaction (raffle/draw.ts); its record is public and verifiable.
    await app.db.transaction().execute((trx) =>
      writeAudit(trx, actorOf(request), {
        action: 'raffle.draw',
        target: `raffle:${request.params.ref}`,
        after: outcome ? { totalTickets: outcome.totalTickets, winners: outcome.winners.length } : { drawnElsewhere: true },
      }),
    );
    return { ok: true as const };
  });

  // ---- Races
  r.get('/backoffice/races', { schema: { response: { 200: ContentRaceListSchema } }, config: content }, async () => ({ races: await staffRaceList(app.db) }));
  r.post('/backoffice/races', { schema: { body: BackofficeRaceCreateSchema, response: { 200: OkSchema } }, config: content }, async (request) => {
    const result = await createRace(app.db, request.body, (trx, created) =>
      writeAudit(trx, actorOf(request), { action: 'race.create', target: `race:${created.ref}`, after: request.body }).then(() => undefined),
    );
    if ('errors' in result) {
      throw new AppError(
        'REQUEST_VALIDATION_ERROR',
        result.errors.join('; '),
        result.errors.map((e) => ({ path: e.split(':')[0]!, message: e })),
      );
    }
    return { ok: true as const };
  });
  r.post(
    '/backoffice/races/:ref',
    { schema: { params: RaceRefParamsSchema, body: BackofficeRaceTextsSchema, response: { 200: OkSchema } }, config: content },
    async (request) => {
      await app.db.transaction().execute(async (trx) => {
        const done = await updateRaceTexts(trx, request.params.ref, request.body.translations);
        if ('refused' in done) {
          if (done.refused === 'NOT_FOUND') throw new AppError('NOT_FOUND', 'No such race');
          throw new AppError('REQUEST_VALIDATION_ERROR', 'The race is paid or cancelled already');
        }
        await writeAudit(trx, actorOf(request), {
          action: 'race.update',
          target: `race:${request.params.ref}`,
          before: { translations: done.before },
          after: { translations: request.body.translations },
          reason: request.body.reason,
        });
      });
      return { ok: true as const };
    },
  );
  r.post(
    '/backoffice/races/:ref/cancel',
    { schema: { params: RaceRefParamsSchema, body: ReasonBodySchema, response: { 200: OkSchema } }, config: content },
    async (request) => {
      await app.db.transaction().execute(async (trx) => {
        const { result, status } = await cancelRace(trx, request.params.ref);
        if (result === 'NOT_FOUND' || result === 'NOT_A_RACE') throw new AppError('NOT_FOUND', 'No such race');
        if (result === 'ALREADY_FINAL') throw new AppError('REQUEST_VALIDATION_ERROR', 'The race is paid or cancelled already');
        await writeAudit(trx, actorOf(request), {
          action: 'race.cancel',
          target: `race:${request.params.ref}`,
          before: { status },
          after: { status: 'CANCELLED' },
          reason: request.body.reason,
        });
      });
      return { ok: true as const };
    },
  );

  // ---- Promotions
  r.get('/backoffice/promotions', { schema: { response: { 200: ContentPromotionListSchema } }, config: content }, async () => ({
    promotions: await listPromotions(app.db),
  }));
  r.post('/backoffice/promotions', { schema: { body: BackofficePromotionCreateSchema, response: { 200: OkSchema } }, config: content }, async (request) => {
    await app.db.transaction().execute(async (trx) => {
      if (!(await insertPromotion(trx, request.body))) {
        throw new AppError('REQUEST_VALIDATION_ERROR', `A promotion with slug ${request.body.slug} exists`, [{ path: 'slug', message: 'taken' }]);
      }
      await writeAudit(trx, actorOf(request), { action: 'promotion.create', target: `promotion:${request.body.slug}`, after: request.body });
    });
    return { ok: true as const };
  });
  r.post(
    '/backoffice/promotions/:slug',
    { schema: { params: PromotionSlugParamsSchema, body: BackofficePromotionUpdateSchema, response: { 200: OkSchema } }, config: content },
    async (request) => {
      const { reason, ...fields } = request.body;
      await app.db.transaction().execute(async (trx) => {
        // Every field is given: an image left out is removed.
        const before = await updatePromotion(trx, request.params.slug, { image: undefined, ...fields });
        if (!before) throw new AppError('NOT_FOUND', 'No such promotion');
        await writeAudit(trx, actorOf(request), { action: 'promotion.update', target: `promotion:${request.params.slug}`, before, after: fields, reason });
      });
      return { ok: true as const };
    },
  );
  for (const published of [true, false]) {
    r.post(
      `/backoffice/promotions/:slug/${published ? 'publish' : 'unpublish'}`,
      { schema: { params: PromotionSlugParamsSchema, body: ReasonBodySchema, response: { 200: OkSchema } }, config: content },
      async (request) => {
        await app.db.transaction().execute(async (trx) => {
          const before = await updatePromotion(trx, request.params.slug, { published });
          if (!before) throw new AppError('NOT_FOUND', 'No such promotion');
          await writeAudit(trx, actorOf(request), {
            action: published ? 'promotion.publish' : 'promotion.unpublish',
            target: `promotion:${request.params.slug}`,
            before: { published: before.published },
            after: { published },
            reason: request.body.reason,
          });
        });
        return { ok: true as const };
      },
    );
  }

  // ---- Games
  r.get('/backoffice/games', { schema: { response: { 200: ContentGameListSchema } }, config: content }, async () => ({ games: await staffGameList(app.db) }));
  r.post(
    '/backoffice/games/:code',
    { schema: { params: GameCodeParamsSchema, body: GameUpdateSchema, response: { 200: OkSchema } }, config: content },
    async (request) => {
      await app.db.transaction().execute(async (trx) => {
        const before = await updateGame(trx, request.params.code, request.body);
        if (!before) throw new AppError('NOT_FOUND', 'No such game');
        await writeAudit(trx, actorOf(request), { action: 'game.update', target: `game:${request.params.code}`, before, after: request.body });
      });
      return { ok: true as const };
    },
  );
}
