import { sql } from 'kysely';
import type { DbOrTrx } from '../../db';

export interface ConservationProblem {
  accountId: string;
  balance: number | null;
  journalSum: number;
  lastBalanceAfter: number | null;
  problem: 'SUM_MISMATCH' | 'LAST_ENTRY_MISMATCH' | 'NEGATIVE_BALANCE' | 'JOURNAL_WITHOUT_WALLET';
}

export interface ConservationReport {
  wallets: number;
  entries: number;
  totalBalance: number;
  problems: ConservationProblem[];
}

/**
 * Proves, for every wallet, that the journal sums to the balance and that the newest entry's
 * balance_after is the balance. An empty `problems` list is the proof.
 */
export async function checkConservation(db: DbOrTrx): Promise<ConservationReport> {
  const rows = await sql<{
    account_id: string;
    balance: string | number | null;
    journal_sum: string | number | null;
    last_balance_after: string | number | null;
    entries: string | number;
  }>`
    with sums as (
      select account_id, sum(amount) as journal_sum, count(*) as entries, max(id) as last_id
      from wallet_journal group by account_id
    )
    select coalesce(w.account_id, s.account_id) as account_id, w.balance, s.journal_sum,
           (select j.balance_after from wallet_journal j where j.id = s.last_id) as last_balance_after,
           coalesce(s.entries, 0) as entries
    from wallets w full outer join sums s on s.account_id = w.account_id`.execute(db);

  const num = (v: string | number | null) => (v === null ? null : Number(v));
  const problems: ConservationProblem[] = [];
  let entries = 0;
  let totalBalance = 0;
  let wallets = 0;
  for (const r of rows.rows) {
    const balance = num(r.balance);
    const journalSum = num(r.journal_sum) ?? 0;
    const lastBalanceAfter = num(r.last_balance_after);
    entries += Number(r.entries);
    const base = { accountId: r.account_id, balance, journalSum, lastBalanceAfter };
    if (balance === null) {
      problems.push({ ...base, problem: 'JOURNAL_WITHOUT_WALLET' });
      continue;
    }
    wallets += 1;
    totalBalance += balance;
    if (balance < 0) problems.push({ ...base, problem: 'NEGATIVE_BALANCE' });
    if (journalSum !== balance) problems.push({ ...base, problem: 'SUM_MISMATCH' });
    else if (lastBalanceAfter !== null && lastBalanceAfter !== balance) problems.push({ ...base, problem: 'LAST_ENTRY_MISMATCH' });
  }
  return { wallets, entries, totalBalance, problems };
}
