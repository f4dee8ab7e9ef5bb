import type { FastifyInstance } from 'fastify';
import { MissionClaimSchema, MissionIdParamsSchema, MissionListSchema, ProgressionSchema } from '../../../contracts/progression';
import { BonusResultSchema } from '../../../contracts/wallet';
import { clock } from '../../clock';
import { requireAccount } from '../../plugins/session';
import { zod } from '../../zod-routes';
import { refuseUnverifiedPhone } from '../phone/service';
import { assertMayPlay } from '../protection/service';
import { claimMission, missionsOf } from './missions';
import { claimTierBonus, progressionOf } from './service';

/** GET /progression, POST /progression/tier-bonus, GET /missions, POST /missions/:id/claim (signed in). */
export default async function progressionRoutes(app: FastifyInstance) {
  const api = zod(app);
  api.get('/progression', { schema: { response: { 200: ProgressionSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return progressionOf(app.db, app.config, account.id, clock.now());
  });
  api.post('/progression/tier-bonus', { schema: { response: { 200: BonusResultSchema } } }, async (request) => {
    const account = requireAccount(request);
    await refuseUnverifiedPhone(app.db, app.config, account.id);
    await assertMayPlay(app.db, account.id, 0, clock.now());
    return claimTierBonus(app.db, app.config, account.id, clock.now());
  });
  api.get('/missions', { schema: { response: { 200: MissionListSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return missionsOf(app.db, app.config, account.id, clock.now());
  });
  api.post('/missions/:id/claim', { schema: { params: MissionIdParamsSchema, response: { 200: MissionClaimSchema } } }, async (request) => {
    const account = requireAccount(request);
    await refuseUnverifiedPhone(app.db, app.config, account.id);
    await assertMayPlay(app.db, account.id, 0, clock.now());
    return claimMission(app.db, app.config, account.id, request.params.id, clock.now());
  });
}
