import type { FastifyInstance } from 'fastify';
import {
  BalanceSchema,
  BonusResultSchema,
  ClaimBonusSchema,
  PromotionBonusQuerySchema,
  PromotionBonusSchema,
  TransactionListSchema,
  TransactionsQuerySchema,
} from '../../../contracts/wallet';
import { COIN_CURRENCY } from '../../../contracts/constants';
import { isPromotionActive } from '../../../contracts/promotions';
import { findPublishedPromotion } from '../promotions/service';
import { zod } from '../../zod-routes';
import { AppError } from '../../errors';
import { requireAccount } from '../../plugins/session';
import { balanceWithBonusStatus, claimPromotionBonus, hasClaimedPromotion } from './bonus';
import { claimStreakDailyBonus } from '../progression/service';
import { StreakBonusResultSchema } from '../../../contracts/progression';
import { clock } from '../../clock';
import { refuseUnverifiedPhone } from '../phone/service';
import { getStatement } from './statement';
import { assertMayPlay } from '../protection/service';
import { recordBonusClaimed } from '../../metrics';

/** GET /balance, POST /claimDailyBonus, POST /claimBonus, GET /promotionBonus, GET /transactions. */
export default async function walletRoutes(app: FastifyInstance) {
  const api = zod(app);
  // Promotions are rows of the promotions table (the back-office edits them; server/modules/promotions).

  api.get('/balance', { schema: { response: { 200: BalanceSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return balanceWithBonusStatus(app.db, account.id, clock.now());
  });

  api.post('/claimDailyBonus', { schema: { response: { 200: StreakBonusResultSchema } } }, async (request) => {
    const account = requireAccount(request);
    await refuseUnverifiedPhone(app.db, app.config, account.id);
    await assertMayPlay(app.db, account.id, 0, clock.now());
    const claimed = await claimStreakDailyBonus(app.db, app.config, account.id, clock.now());
    recordBonusClaimed('daily');
    return claimed;
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

  api.get('/transactions', { schema: { querystring: TransactionsQuerySchema, response: { 200: TransactionListSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return getStatement(app.db, account.id, request.query.page, request.query.pageSize);
  });
}
