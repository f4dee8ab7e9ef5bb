import type { AdminCommand } from '../../admin-command';
import { UsageError } from '../../admin-command';
import { clock } from '../../clock';
import { findAccountId } from '../wallet';
import { controlHistory, playControlsOf } from './service';

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Operator commands of player protection. */
export const protectionCommands: Record<string, AdminCommand> = {
  'protection:show': {
    usage: 'protection:show <account> [--json|--csv]',
    description: "Show a player's play controls and the history of every change (--json: all of it; --csv: the history).",
    async run({ db, out }, args) {
      const formats = ['--json', '--csv'];
      const [who, ...rest] = args.filter((a) => !formats.includes(a));
      if (!who || rest.length > 0 || (args.includes('--json') && args.includes('--csv'))) throw new UsageError();
      const accountId = await findAccountId(db, who);
      if (!accountId) {
        out(`No account matches ${who}.`);
        return 1;
      }
      const controls = await playControlsOf(db, accountId, clock.now());
      const history = await controlHistory(db, accountId);
      if (args.includes('--json')) {
        out(JSON.stringify({ accountId, controls, history }, null, 2));
        return 0;
      }
      if (args.includes('--csv')) {
        out('account_id,at,kind,detail');
        for (const h of history) out([accountId, h.at, h.kind, JSON.stringify(h.detail)].map(csvField).join(','));
        return 0;
      }
      out(`account ${accountId}`);
      out(`reality check: ${controls.realityCheckMinutes === null ? 'off' : `${controls.realityCheckMinutes} min`}`);
      const limit = (name: string, l: typeof controls.dailyWagerLimit) =>
        out(`${name}: ${l.current ?? 'none'}${l.pending ? ` (pending: ${l.pending.value ?? 'none'} from ${l.pending.effectiveAt})` : ''}`);
      limit('daily play-time limit (minutes)', controls.dailyTimeLimitMinutes);
      limit('daily wager limit (coins)', controls.dailyWagerLimit);
      out(`break until: ${controls.breakUntil ?? 'none'}`);
      const ex = controls.selfExclusion;
      out(`self-exclusion: ${ex ? `${ex.period} since ${ex.since} until ${ex.until ?? 'indefinite'}` : 'none'}`);
      out(`today (${controls.today.day}): ${controls.today.playMinutes} min played, ${controls.today.wagered} coins wagered`);
      out('history:');
      for (const h of history) out(`${h.at}\t${h.kind}\t${JSON.stringify(h.detail)}`);
      return 0;
    },
  },
};
