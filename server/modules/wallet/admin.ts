import { sql } from 'kysely';
import type { Db } from '../../db';
import { UsageError, type AdminCommand } from '../../admin-command';
import { AppError } from '../../errors';
import { adjustWallet } from './bonus';
import { notifyPlayer } from '../notifications';
import { getBalance } from './balance';
import { checkConservation } from './conservation';
import { getStatement } from './statement';

/**
 * Operator commands of the wallet, run as `npm run admin -- <name> ...args` (server/admin.ts holds
 * the command table). Each returns the process exit code and writes its report through `out`.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An account by id, public reference (acc_...) or email; deleted accounts are found by id or reference. */
export async function findAccountId(db: Db, who: string): Promise<string | null> {
  let query = db.selectFrom('accounts').select('id');
  if (UUID.test(who)) query = query.where('id', '=', who);
  else if (who.includes('@')) query = query.where(sql<string>`lower(email)`, '=', who.toLowerCase()).where('deleted_at', 'is', null);
  else query = query.where('account_ref', '=', who);
  const row = await query.executeTakeFirst();
  return row?.id ?? null;
}

export const walletCommands: Record<string, AdminCommand> = {
  'wallet:check': {
    usage: 'wallet:check',
    description: 'Prove that every wallet balance equals the sum of its journal (exit 1 if not).',
    async run({ db, out }) {
      const report = await checkConservation(db);
      out(`wallets: ${report.wallets}, journal entries: ${report.entries}, coins in wallets: ${report.totalBalance}`);
      if (report.problems.length === 0) {
        out('OK: every balance equals the sum of its journal entries.');
        return 0;
      }
      for (const p of report.problems) {
        out(
          `PROBLEM ${p.problem} account ${p.accountId}: balance ${p.balance ?? 'none'}, journal sum ${p.journalSum}, last balance_after ${p.lastBalanceAfter ?? 'none'}`,
        );
      }
      return 1;
    },
  },
  'wallet:adjust': {
    usage: 'wallet:adjust <account id | account ref | email> <signed amount> <reason...>',
    description: 'Credit (positive) or debit (negative) a wallet with an ADJUSTMENT entry and its reason.',
    async run({ db, out }, args) {
      const [who, rawAmount, ...reasonWords] = args;
      const amount = Number(rawAmount);
      const reason = reasonWords.join(' ').trim();
      if (!who || !Number.isSafeInteger(amount) || amount === 0 || !reason) throw new UsageError();
      const accountId = await findAccountId(db, who);
      if (!accountId) {
        out(`No account matches ${who}.`);
        return 1;
      }
      try {
        const result = await adjustWallet(db, { accountId, amount, reason });
        // The player is told of a staff adjustment (the bell and a toast); once per journal entry.
        await notifyPlayer(db, accountId, 'ADJUSTMENT', { amount, reason }, `adjust:${result.transactionId}`);
        out(`Adjusted ${accountId} by ${amount}: transaction ${result.transactionId}, new balance ${result.newBalance}.`);
        return 0;
      } catch (error) {
        if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
          out(`Refused: the balance is ${await getBalance(db, accountId)}, a debit of ${-amount} would go below zero.`);
          return 1;
        }
        throw error;
      }
    },
  },
  'wallet:show': {
    usage: 'wallet:show <account id | account ref | email>',
    description: 'Show a wallet balance and its 20 newest journal entries.',
    async run({ db, out }, args) {
      if (!args[0]) throw new UsageError();
      const accountId = await findAccountId(db, args[0]);
      if (!accountId) {
        out(`No account matches ${args[0]}.`);
        return 1;
      }
      out(`account ${accountId}: balance ${await getBalance(db, accountId)}`);
      const page = await getStatement(db, accountId, 1, 20);
      for (const r of page.records) {
        out(`${r.transactionId}\t${r.createdDate}\t${r.transactionType}\t${r.amount}\t→ ${r.newBalance}${r.gameCode ? `\t${r.gameCode}` : ''}`);
      }
      return 0;
    },
  },
};
