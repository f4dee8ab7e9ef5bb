import type { FastifyInstance } from 'fastify';
import { isPromotionActive, PromotionsListSchema, PromotionsQuerySchema } from '../../../contracts/promotions';
import { BonusResultSchema, ClaimBonusSchema, PromotionBonusQuerySchema, PromotionBonusSchema } from '../../../contracts/wallet';
import { COIN_CURRENCY } from '../../../contracts/constants';
import { clock } from '../../clock';
import { zod } from '../../zod-routes';
import { AppError } from '../../errors';
import { recordBonusClaimed } from '../../metrics';
import { requireAccount } from '../../plugins/session';
import { contentFor, toLanguage } from '../../../contracts/languages';
import { refuseUnverifiedPhone } from '../phone';
import { assertMayPlay } from '../protection';
import { claimPromotionBonus, hasClaimedPromotion } from '../wallet';
import { currentPromotions, findPublishedPromotion, importContentPromotions } from './service';

/**
 * `GET /promotions?languageCode=`: the published promotions not ended yet (running or upcoming),
 * soonest-ending first, in one language; the site's promotions page and home page show them. The
 * shipped files (content/promotions) are imported when the server starts, where not there yet.
 * `POST /claimBonus` credits a running promotion's bonus once (through the wallet), `GET
 * /promotionBonus?promoSlug=` tells whether it was claimed.
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

  api.post('/claimBonus', { schema: { body: ClaimBonusSchema, response: { 200: BonusResultSchema } } }, async (request) => {
    const account = requireAccount(request);
    await refuseUnverifiedPhone(app.db, app.config, account.id);
    await assertMayPlay(app.db, account.id, 0, clock.now());
    const claimed = await claimPromotionBonus(app.db, account.id, await findPublishedPromotion(app.db, request.body.promoSlug), clock.now());
    recordBonusClaimed('promotion');
    return claimed;
  });

  api.get('/promotionBonus', { schema: { querystring: PromotionBonusQuerySchema, response: { 200: PromotionBonusSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    const promotion = await findPublishedPromotion(app.db, request.query.promoSlug);
    if (!promotion || promotion.bonus === null) throw new AppError('PROMOTION_NOT_AVAILABLE', 'No promotion with a bonus has this slug');
    reply.header('cache-control', 'no-store');
    return {
      promoSlug: promotion.slug,
      bonus: promotion.bonus,
      currency: COIN_CURRENCY,
      active: isPromotionActive(promotion, clock.now()),
      claimed: await hasClaimedPromotion(app.db, promotion.slug, account.id),
    };
  });
}
