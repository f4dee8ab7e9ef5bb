import type { AdminCommand } from '../../admin-command';
import { UsageError } from '../../admin-command';
import { clock } from '../../clock';
import { createOutbox } from '../outbox';
import { sendMarketingMail } from './service';

/** Operator commands of marketing email (docs/decisions/0011). */
export const marketingCommands: Record<string, AdminCommand> = {
  'marketing:send': {
    usage: 'marketing:send',
    description: "Send today's offer emails (daily bonus reminders, promotions) to opted-in players; safe to repeat.",
    async run({ db, config, out }, args) {
      if (args.length > 0) throw new UsageError();
      const outbox = createOutbox(config, db);
      try {
        const report = await sendMarketingMail(db, outbox, config, clock.now(), (error, accountId) =>
          out(`queued for ${accountId}, not delivered yet: ${(error as Error).message}`),
        );
        out(`sent ${report.sent}, skipped ${report.skipped}, failed ${report.failed}`);
        return report.failed > 0 ? 1 : 0;
      } finally {
        outbox.close();
      }
    },
  },
};
