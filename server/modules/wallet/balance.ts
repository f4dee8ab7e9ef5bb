import { sql } from 'kysely';
import { compiledOnce, instanceOf, type DbOrTrx } from '../../db';
import { cachePerKey, ReadCache } from '../../lib/read-cache';

/** The balance in coins; 0 for an account that has never moved a coin. */
export async function getBalance(db: DbOrTrx, accountId: string): Promise<number> {
  const row = await db.selectFrom('wallets').select('balance').where('account_id', '=', accountId).executeTakeFirst();
  return row?.balance ?? 0;
}

/**
 * GET /balance is the most frequent call of a signed-in page. Each server keeps what it read for
 * BALANCE_CACHE_MS (docs/decisions/0013): a movement posted on this server drops the entry of its
 * wallet when its statement has run (posting.ts), so after a movement this server answers it
 * (within a caller's transaction: a read racing the commit may keep the old balance for up to
 * BALANCE_CACHE_MS); a movement posted on another server or by another process shows here within
 * BALANCE_CACHE_MS. Coins are never moved on a cached balance: every posting reads and locks the
 * wallet row.
 */
const BALANCE_CACHE_MS = 1_000;
const MAX_CACHED_BALANCES = 10_000;

export interface BalanceAndLastBonus {
  balance: number;
  lastBonusAt: Date | null;
}

const balanceCaches = cachePerKey(() => new ReadCache<BalanceAndLastBonus>({ maxEntries: MAX_CACHED_BALANCES, name: 'balances' }));
const balanceCacheOf = (db: DbOrTrx) => balanceCaches(instanceOf(db).key);

/** Drops this server's entries of these wallets (their movements have just been written). */
export function forgetBalances(db: DbOrTrx, accountIds: Iterable<string>): void {
  const cache = balanceCacheOf(db);
  for (const id of accountIds) cache.forget(id);
}

/** The balance and the time of the last daily bonus, in one statement (two scalar subqueries), compiled once. */
const balanceAndLastBonusQuery = compiledOnce((db, value: Record<'accountId', never>) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('wallets').select('balance').where('account_id', '=', value.accountId).as('balance'),
    eb
      .selectFrom('wallet_journal')
      .select('created_at')
      .where('account_id', '=', value.accountId)
      // A literal, not a parameter: the partial index wallet_journal_daily_bonus then fits a prepared plan.
      .where('type', '=', sql.lit('DAILY_BONUS'))
      .orderBy('id', 'desc')
      .limit(1)
      .as('lastBonusAt'),
  ]),
);

async function readBalanceAndLastBonus(db: DbOrTrx, accountId: string): Promise<BalanceAndLastBonus> {
  const [row] = (await balanceAndLastBonusQuery(db, { accountId })).rows;
  if (!row) throw new Error('balance: the statement returned no row');
  return { balance: row.balance === null ? 0 : Number(row.balance), lastBonusAt: row.lastBonusAt === null ? null : new Date(row.lastBonusAt) };
}

export function balanceAndLastBonus(db: DbOrTrx, accountId: string, nowMs: number): Promise<BalanceAndLastBonus> {
  return balanceCacheOf(db).get(
    accountId,
    nowMs,
    () => readBalanceAndLastBonus(db, accountId),
    (_v, loadedAt) => loadedAt + BALANCE_CACHE_MS,
  );
}
