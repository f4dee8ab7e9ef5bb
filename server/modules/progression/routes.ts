import type { FastifyInstance } from 'fastify';
import { MissionClaimSchema, MissionIdParamsSchema, MissionListSchema, ProgressionSchema, StreakBonusResultSchema } from '../../../contracts/progression';
import { BonusResultSchema } from '../../../contracts/wallet';
import { clock } from '../../clock';
import { requireAccount } from '../../plugins/session';
import { zod } from '../../zod-routes';
import { recordBonusClaimed } from '../../metrics';
import { refuseUnverifiedPhone } from '../phone';
import { assertMayPlay } from '../protection';
import { claimMission, missionsOf } from './missions';
import { afterRealRound, claimStreakDailyBonus, claimTierBonus, progressionOf } from './service';
import { createRoundFollowUp } from './after-round';

/** A playing player's levels and missions are checked at least this often on each server (after-round.ts). */
const PROGRESS_REFRESH_MS = 30_000;

/** GET /progression, POST /progression/tier-bonus, POST /claimDailyBonus, GET /missions, POST /missions/:id/claim (signed in). */
export default async function progressionRoutes(app: FastifyInstance) {
  const api = zod(app);
  // Levels and missions move with real rounds (docs/decisions/0018), checked after the round
  // committed: a failure there is logged and never turns a played round into an error.
  const followUp = createRoundFollowUp(
    (accountId) => afterRealRound(app.db, app.config, accountId, clock.now()),
    PROGRESS_REFRESH_MS,
    (error) => app.log.error({ err: error }, 'progression after a round failed'),
  );
  app.hooks.roundPlayed.on((round) => followUp.after(round));
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
  api.post('/claimDailyBonus', { schema: { response: { 200: StreakBonusResultSchema } } }, async (request) => {
    const account = requireAccount(request);
    await refuseUnverifiedPhone(app.db, app.config, account.id);
    await assertMayPlay(app.db, account.id, 0, clock.now());
    const claimed = await claimStreakDailyBonus(app.db, app.config, account.id, clock.now());
    recordBonusClaimed('daily');
    return claimed;
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
