import type { FastifyInstance } from 'fastify';
import { PromotionsListSchema, PromotionsQuerySchema } from '../../../contracts/promotions';
import { clock } from '../../clock';
import { zod } from '../../zod-routes';
import { contentFor, toLanguage } from '../../../contracts/languages';
import { currentPromotions, importContentPromotions } from './service';

/**
 * `GET /promotions?languageCode=`: the published promotions not ended yet (running or upcoming),
 * soonest-ending first, in one language; the site's promotions page and home page show them. The
 * shipped files (content/promotions) are imported when the server starts, where not there yet.
 */
export default async function promotionRoutes(app: FastifyInstance) {
  const api = zod(app);
  app.addHook('onReady', async () => {
    await importContentPromotions(app.db);
  });

  api.get('/promotions', { schema: { querystring: PromotionsQuerySchema, response: { 200: PromotionsListSchema } } }, async (request, reply) => {
    const language = request.query.languageCode ?? toLanguage(request.account?.language);
    reply.header('cache-control', 'no-cache');
    const promotions = await currentPromotions(app.db, clock.now());
    return {
      promotions: promotions.map((p) => ({
        slug: p.slug,
        startsAt: p.startsAt,
        endsAt: p.endsAt,
        bonus: p.bonus,
        image: p.image ?? null,
        ...contentFor(p.texts, language),
      })),
    };
  });
}
