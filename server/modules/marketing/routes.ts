import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { OkSchema } from '../../../contracts/common';
import { MarketingPreferencesSchema, MarketingPreferencesUpdateSchema, UnsubscribeRequestSchema } from '../../../contracts/marketing';
import { clock } from '../../clock';
import { devToolsOn } from '../../config';
import { requireAccount } from '../../plugins/session';
import { zod } from '../../zod-routes';
import { marketingPreferences, sendMarketingMail, setMarketingEmails, unsubscribe } from './service';

/** How often each server looks whether the day's offer emails are due (when MARKETING_SEND_HOUR is set). */
const MARKETING_CHECK_MS = 5 * 60_000;

/**
 * GET/POST /marketing/preferences (signed in), POST /marketing/unsubscribe (the emailed link's
 * token, no sign-in), POST /dev/marketing/send (DEV_TOOLS only), and the timer that sends the day's offer emails from MARKETING_SEND_HOUR (UTC).
 */
export default async function marketingRoutes(app: FastifyInstance) {
  const api = zod(app);
  const outbox = app.outbox;

  api.get('/marketing/preferences', { schema: { response: { 200: MarketingPreferencesSchema } } }, async (request, reply) => {
    const account = requireAccount(request);
    reply.header('cache-control', 'no-store');
    return marketingPreferences(app.db, account.id);
  });

  api.post('/marketing/preferences', { schema: { body: MarketingPreferencesUpdateSchema, response: { 200: MarketingPreferencesSchema } } }, async (request) => {
    const account = requireAccount(request);
    await setMarketingEmails(app.db, account.id, request.body.emails, 'settings', clock.now());
    return marketingPreferences(app.db, account.id);
  });

  api.post('/marketing/unsubscribe', { schema: { body: UnsubscribeRequestSchema, response: { 200: OkSchema } } }, async (request) => {
    await unsubscribe(app.db, request.body.token, clock.now());
    return { ok: true as const };
  });

  if (devToolsOn(app.config)) {
    // Development aid for end-to-end tests against a running server (absent in production): today's run, now.
    const report = z.object({ sent: z.number(), skipped: z.number(), failed: z.number() });
    api.post('/dev/marketing/send', { schema: { response: { 200: report } } }, async () => sendMarketingMail(app.db, outbox, app.config, clock.now()));
  }

  const hour = app.config.MARKETING_SEND_HOUR;
  if (hour === undefined) return;
  let running: Promise<void> | null = null;
  // The day this server last sent without a failure: one pass a day (a player who opts in later in
  // the day hears from us the next day); a pass with failures is repeated at the next check.
  let doneDay: string | null = null;
  const send = async () => {
    const now = clock.now();
    const day = now.toISOString().slice(0, 10);
    if (now.getUTCHours() < hour || doneDay === day) return;
    try {
      const report = await sendMarketingMail(app.db, outbox, app.config, now, (error, accountId) =>
        app.log.warn({ err: { message: (error as Error).message }, accountId }, 'offer email not sent; retried at the next check'),
      );
      app.log.info(report, 'offer emails of the day');
      if (report.failed === 0) doneDay = day;
    } catch (error) {
      app.log.error({ err: error }, 'offer emails failed; retrying at the next check');
    }
  };
  // Every server runs it; a player's mail of the day is claimed once (service.ts).
  const tick = () => (running ??= send().finally(() => (running = null)));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(tick, MARKETING_CHECK_MS);
    timer.unref();
    void tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
