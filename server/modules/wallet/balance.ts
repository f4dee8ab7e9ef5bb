import type { DbOrTrx } from '../../db';

/** The balance in coins; 0 for an account that has never moved a coin. */
export async function getBalance(db: DbOrTrx, accountId: string): Promise<number> {
  const row = await db.selectFrom('wallets').select('balance').where('account_id', '=', accountId).executeTakeFirst();
  return row?.balance ?? 0;
}
