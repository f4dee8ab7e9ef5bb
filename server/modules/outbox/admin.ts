import type { AdminCommand } from '../../admin-command';
import { UsageError } from '../../admin-command';
import { listOutbox, retryDeadLetter } from './service';

const statuses = ['dead', 'pending', 'sent'] as const;

/** Operator commands of the durable outbox (docs/decisions/0015). */
export const outboxCommands: Record<string, AdminCommand> = {
  'outbox:list': {
    usage: 'outbox:list [dead|pending|sent]',
    description: 'List outbox messages (dead letters by default): id, channel, recipient, attempts, last error.',
    async run({ db, out }, args) {
      const status = (args[0] ?? 'dead') as (typeof statuses)[number];
      if (args.length > 1 || !statuses.includes(status)) throw new UsageError();
      const rows = await listOutbox(db, status);
      for (const r of rows) {
        const when = (r.deadAt ?? r.nextAttemptAt).toISOString();
        out(`#${r.id}\t${r.channel}\t${r.to}\t${r.key}\tattempts ${r.attempts}\t${when}\t${r.lastError ?? ''}`);
      }
      out(`${rows.length} ${status === 'dead' ? 'dead letter(s)' : `${status} message(s)`}`);
      return 0;
    },
  },
  'outbox:retry': {
    usage: 'outbox:retry <id>',
    description: 'Put a dead letter back in the queue (once its cause is fixed); the workers deliver it.',
    async run({ db, out }, args) {
      const id = Number(args[0]);
      if (args.length !== 1 || !Number.isSafeInteger(id) || id <= 0) throw new UsageError();
      if (!(await retryDeadLetter(db, id))) {
        out(`No dead letter #${id}`);
        return 1;
      }
      out(`#${id} queued again`);
      return 0;
    },
  },
};
