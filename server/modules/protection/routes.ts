import type { FastifyInstance } from 'fastify';
import { BreakRequestSchema, PlayControlsSchema, PlayControlsUpdateSchema, SelfExclusionRequestSchema } from '../../../contracts/protection';
import { clock } from '../../clock';
import { requireAccount } from '../../plugins/session';
import { zod } from '../../zod-routes';
import { liftExclusion, playControlsOf, selfExclude, takeBreak, updatePlayControls } from './service';

/**
 * GET/POST /play-controls, POST /play-controls/break, POST /play-controls/self-exclusion and
 * /self-exclusion/lift (signed in). Each change answers the controls as they now apply.
 */
export default async function protectionRoutes(app: FastifyInstance) {
  const api = zod(app);
  const answer = { response: { 200: PlayControlsSchema } };

  api.get('/play-controls', { schema: answer }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return playControlsOf(app.db, account.id, clock.now());
  });

  api.post('/play-controls', { schema: { body: PlayControlsUpdateSchema, ...answer } }, async (request) => {
    const account = requireAccount(request);
    const now = clock.now();
    await updatePlayControls(app.db, account.id, request.body, now);
    return playControlsOf(app.db, account.id, now);
  });

  api.post('/play-controls/break', { schema: { body: BreakRequestSchema, ...answer } }, async (request) => {
    const account = requireAccount(request);
    const now = clock.now();
    await takeBreak(app.db, account.id, request.body.days, now);
    return playControlsOf(app.db, account.id, now);
  });

  api.post('/play-controls/self-exclusion', { schema: { body: SelfExclusionRequestSchema, ...answer } }, async (request) => {
    const account = requireAccount(request);
    const now = clock.now();
    await selfExclude(app.db, account.id, request.body.period, now);
    return playControlsOf(app.db, account.id, now);
  });

  api.post('/play-controls/self-exclusion/lift', { schema: answer }, async (request) => {
    const account = requireAccount(request);
    const now = clock.now();
    await liftExclusion(app.db, account.id, now);
    return playControlsOf(app.db, account.id, now);
  });
}
