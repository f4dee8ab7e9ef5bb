import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ChannelFlagsSchema, ChannelQuerySchema, HealthSchema, LiveSchema, PageViewSchema, ReadySchema } from '../../../contracts/system';
import { pendingMigrations } from '../../db';
import { sendUnavailable } from '../../plugins/overload';
import { OkSchema } from '../../../contracts/common';
import { zod } from '../../zod-routes';
import { AppError } from '../../errors';
import { channelOf } from '../../config';
import { hashToken, sessionCookieOf } from '../../plugins/session';

/** Health probes, channel flags and first-party page-view analytics. */
export default async function systemRoutes(app: FastifyInstance) {
  const api = zod(app);
  // Once every migration this build knows is applied it stays so (another instance may add newer ones).
  let migrationsApplied = false;

  // Liveness: the process answers. No I/O, so a slow database never gets a live process restarted.
  api.get('/health/live', { schema: { response: { 200: LiveSchema } } }, async () => ({ status: 'ok' as const }));

  // Readiness: send traffic here? Not while draining (SIGTERM), without the database, or before the
  // migrations of this build are applied. 503 SERVICE_UNAVAILABLE otherwise, with the reason logged.
  api.get('/health/ready', { schema: { response: { 200: ReadySchema } } }, async (request, reply) => {
    const notReady = (reason: string) => {
      request.log.debug({ reason }, 'not ready');
      return sendUnavailable(reply);
    };
    if (app.lifecycle.draining) return notReady('draining');
    try {
      await sql`select 1`.execute(app.db);
      if (!migrationsApplied) {
        const pending = await pendingMigrations(app.db);
        if (pending.length > 0) return notReady(`migrations pending: ${pending.join(', ')}`);
        migrationsApplied = true;
      }
    } catch (error) {
      return notReady(`database: ${(error as Error).message}`);
    }
    return { status: 'ready' as const };
  });

  api.get('/health', { schema: { response: { 200: HealthSchema } } }, async () => {
    await sql`select 1`.execute(app.db);
    return { status: 'ok' as const, database: 'ok' as const };
  });

  api.get('/channel', { schema: { querystring: ChannelQuerySchema, response: { 200: ChannelFlagsSchema } } }, async (request) => {
    const flags = channelOf(app.config, request.query.channelCode);
    if (!flags) throw new AppError('NOT_FOUND', 'Unknown channel');
    return { maintenence: flags.maintenence, captcha: flags.captcha };
  });

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
