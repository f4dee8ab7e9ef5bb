import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ChannelFlagsSchema, ChannelQuerySchema, HealthSchema, PageViewSchema } from '../../../contracts/system';
import { OkSchema } from '../../../contracts/common';
import { zod } from '../../zod-routes';
import { AppError } from '../../errors';
import { channelOf } from '../../config';
import { hashToken, sessionCookieOf } from '../../plugins/session';

/** Health probe, channel flags and first-party page-view analytics. */
export default async function systemRoutes(app: FastifyInstance) {
  const api = zod(app);

  api.get('/health', { schema: { response: { 200: HealthSchema } } }, async () => {
    await sql`select 1`.execute(app.db);
    return { status: 'ok' as const, database: 'ok' as const };
  });

  api.get(
    '/channel',
    { schema: { querystring: ChannelQuerySchema, response: { 200: ChannelFlagsSchema } } },
    async (request) => {
      const flags = channelOf(app.config, request.query.channelCode);
      if (!flags) throw new AppError('NOT_FOUND', 'Unknown channel');
      return { maintenence: flags.maintenence, captcha: flags.captcha };
    },
  );

  api.post('/analytics/page-view', { schema: { body: PageViewSchema, response: { 200: OkSchema } } }, async (request) => {
    const { path, language, referrer } = request.body;
    const session = sessionCookieOf(request);
    await app.db
      .insertInto('page_views')
      // Only a hash links views of one session; the token itself is never stored.
      .values({ path, language, referrer: referrer ?? null, session_hash: session ? hashToken(session).slice(0, 16) : null })
      .execute();
    return { ok: true as const };
  });
}
