import type { FastifyInstance } from 'fastify';
import { BalanceSchema, TransactionListSchema, TransactionsQuerySchema } from '../../../contracts/wallet';
import { zod } from '../../zod-routes';
import { requireAccount } from '../../plugins/session';
import { balanceWithBonusStatus } from './bonus';
import { clock } from '../../clock';
import { getStatement } from './statement';

/**
 * GET /balance, GET /transactions. The bonuses are claimed where their rules live: POST
 * /claimDailyBonus in progression (the login streak), POST /claimBonus and GET /promotionBonus in
 * promotions; they credit through this module's entry.
 */
export default async function walletRoutes(app: FastifyInstance) {
  const api = zod(app);

  api.get('/balance', { schema: { response: { 200: BalanceSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return balanceWithBonusStatus(app.db, account.id, clock.now());
  });

  api.get('/transactions', { schema: { querystring: TransactionsQuerySchema, response: { 200: TransactionListSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return getStatement(app.db, account.id, request.query.page, request.query.pageSize);
  });
}
