import type { FastifyInstance } from 'fastify';
import { DevSeedQuerySchema, DevSeedResponseSchema } from '../../../contracts/games';
import { devToolsOn } from '../../config';
import { zod } from '../../zod-routes';
import { findPlaySession } from './play-session';
import { activeSeed } from './seeds';

/**
 * GET {API_BASE}/dev/house/seed?session=: the active seed pair of a play session with its server
 * seed, which anywhere else stays secret until the pair is rotated. An end-to-end test computes the
 * coming rounds from it with the shared engine (contracts/fairness.ts) and plays real rounds up to
 * the one it needs (a big win, several winning lines): no result is ever made up. DEV_TOOLS only.
 */
export default async function devSeedRoutes(app: FastifyInstance) {
  if (!devToolsOn(app.config)) return;
  zod(app).get('/dev/house/seed', { schema: { querystring: DevSeedQuerySchema, response: { 200: DevSeedResponseSchema } } }, async (request) => {
    const session = await findPlaySession(app.db, request.query.session);
    const seed =
      session.mode === 'real'
        ? await activeSeed(app.db, session.account_id!)
        : await app.db
            .selectFrom('fair_seeds')
            .select(['server_seed', 'client_seed', 'nonce'])
            .where('id', '=', session.demo_seed_id!)
            .executeTakeFirstOrThrow();
    return { serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: Number(seed.nonce) };
  });
}
