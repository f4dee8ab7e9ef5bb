import type { FastifyInstance } from 'fastify';
import { CaptchaChallengeSchema, CaptchaParamsSchema, CaptchaSolutionSchema } from '../../../contracts/auth';
import { zod } from '../../zod-routes';
import { devToolsOn } from '../../config';
import { AppError } from '../../errors';
import { limitOf } from '../../plugins/rate-limit';
import { createChallenge } from './service';

/**
 * POST /captcha/challenge: a new slider puzzle (rate limited per IP).
 * GET /dev/captcha/:challengeId: its answer, only with DEV_TOOLS=true (never in production), so automated tests
 * (tests/e2e/support/players.ts, API tests) can solve it. Registered in the auth module's scope,
 * which holds the rate limiter.
 */
export default async function captchaRoutes(app: FastifyInstance) {
  zod(app).post(
    '/captcha/challenge',
    { schema: { response: { 200: CaptchaChallengeSchema } }, config: { rateLimit: limitOf(app, 'CAPTCHA_RATE_LIMIT') } },
    async () => createChallenge(app.db),
  );

  if (!devToolsOn(app.config)) return;
  zod(app).get('/dev/captcha/:challengeId', { schema: { params: CaptchaParamsSchema, response: { 200: CaptchaSolutionSchema } } }, async (request) => {
    const row = await app.db.selectFrom('captcha_challenges').select('answer_x').where('id', '=', request.params.challengeId).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'No such challenge');
    return { answer: row.answer_x };
  });
}
