import { sql } from 'kysely';
import type { DbOrTrx } from '../../db';

/**
 * Raffle tickets, counted from the wallet journal at read time (never stored per spin, so none is
 * lost or counted twice): the coins wagered on real-coin bets settled in [start, end) (on the
 * raffle's games when it names some), minus bets that were refunded. Demo play never reaches the
 * journal. One ticket per `wagerPerEntry` coins.
 */
export interface RaffleWindow {
  start: Date;
  end: Date;
  /** Game codes whose bets count; empty means every game. */
  games: string[];
}

/** Journal ids of refunded bets: from rollback rows (rare; indexed by player) to the bet they cancel. */
export const refundedBets = (accountId?: string) => sql`
  select b.journal_id from provider_transactions r
  join provider_transactions b on b.provider = r.provider and b.tx_id = r.ref_tx_id and b.kind = 'BET'
  where r.kind = 'ROLLBACK' and b.journal_id is not null${accountId ? sql` and r.account_id = ${accountId}::uuid` : sql``}`;

const gameFilter = (games: string[]) => (games.length > 0 ? sql` and j.game_code in (${sql.join(games.map((g) => sql`${g}`))})` : sql``);

/** Coins one player wagered in the window (refunded bets excluded). */
export async function wageredBy(db: DbOrTrx, accountId: string, w: RaffleWindow): Promise<number> {
  const { rows } = await sql<{ wagered: number | string | null }>`
    select coalesce(sum(-j.amount), 0)::bigint as wagered
    from wallet_journal j
    where j.account_id = ${accountId}::uuid and j.type = 'BET'
      and j.created_at >= ${w.start}::timestamptz and j.created_at < ${w.end}::timestamptz${gameFilter(w.games)}
      and j.id not in (${refundedBets(accountId)})`.execute(db);
  return Number(rows[0]?.wagered ?? 0);
}

/** Coins every player wagered in the window (for the draw), players with nothing left out. */
export async function wageredByEveryone(db: DbOrTrx, w: RaffleWindow): Promise<Array<{ accountId: string; wagered: number }>> {
  const { rows } = await sql<{ account_id: string; wagered: number | string }>`
    select j.account_id, sum(-j.amount)::bigint as wagered
    from wallet_journal j
    where j.type = 'BET' and j.created_at >= ${w.start}::timestamptz and j.created_at < ${w.end}::timestamptz${gameFilter(w.games)}
      and j.id not in (${refundedBets()})
    group by j.account_id
    order by j.account_id`.execute(db);
  return rows.map((r) => ({ accountId: r.account_id, wagered: Number(r.wagered) })).filter((r) => r.wagered > 0);
}

export function ticketsFor(wagered: number, wagerPerEntry: number) {
  const numEntries = Math.floor(wagered / wagerPerEntry);
  return { numEntries, amountLeftForNextEntry: wagerPerEntry - (wagered - numEntries * wagerPerEntry) };
}
