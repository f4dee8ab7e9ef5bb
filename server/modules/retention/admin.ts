import type { AdminCommand } from '../../admin-command';
import { UsageError } from '../../admin-command';
import { clock } from '../../clock';
import { purgeExpired } from './service';

/** Operator command of retention (docs/decisions/0015). */
export const retentionCommands: Record<string, AdminCommand> = {
  'retention:run': {
    usage: 'retention:run',
    description: 'Delete now what is past its retention period (the servers do it daily from RETENTION_HOUR); prints rows deleted per table.',
    async run({ db, config, out }, args) {
      if (args.length > 0) throw new UsageError();
      const report = await purgeExpired(db, config, clock.now());
      for (const [table, n] of Object.entries(report)) out(`${table.padEnd(24)} ${n}`);
      return 0;
    },
  },
};
