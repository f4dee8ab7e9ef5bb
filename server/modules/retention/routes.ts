import type { FastifyInstance } from 'fastify';
import { clock } from '../../clock';
import { runJob } from '../../metrics';
import { runDailyRetention } from './service';

/** How often each server looks whether the day's retention run is due (it runs once a day across all servers). */
const RETENTION_CHECK_MS = 10 * 60_000;

/** The daily retention job (docs/decisions/0015-outbox-retention-backups-cluster.md): every server checks; the one that claims the day runs it. */
export default async function retentionJob(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const check = () =>
    runJob(
      'retention',
      async () => {
        const report = await runDailyRetention(app.db, app.config, clock.now());
        if (report) app.log.info({ deleted: report }, 'retention: expired rows deleted');
      },
      (error) => app.log.error({ err: { message: (error as Error).message } }, 'retention run failed; retried at the next check'),
    );
  const tick = () => (running ??= check().finally(() => (running = null)));
  app.addHook('onListen', async () => {
    timer = setInterval(tick, RETENTION_CHECK_MS);
    timer.unref();
    void tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
