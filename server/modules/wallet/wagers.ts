import { sql } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { TransactionType } from './types';

/**
 * What players staked, read from the journal for the modules that count it (raffle tickets, XP and
 * tiers, races, the daily limits): the coins of real-coin BET rows (demo play never reaches the
 * journal), a refunded bet left out where the rule says so. Nothing outside the wallet reads the
 * journal's tables (docs/decisions/0026-module-boundaries.md).
 */

/**
 * Journal ids of refunded bets: from rollback rows (rare; indexed by player) to the bet they cancel.
 * The link between a refund and its bet is the seamless wallet's record (provider_transactions).
 */
export const refundedBets = (accountId?: string) => sql`
  select b.journal_id from provider_transactions r
  join provider_transactions b on b.provider = r.provider and b.tx_id = r.ref_tx_id and b.kind = 'BET'
  where r.kind = 'ROLLBACK' and b.journal_id is not null${accountId ? sql` and r.account_id = ${accountId}::uuid` : sql``}`;

/** A period [start, end), and the games whose bets count (empty: every game). */
export interface WagerWindow {
  start: Date;
  end: Date;
  games: string[];
}

const gameFilter = (games: string[]) => (games.length > 0 ? sql` and j.game_code in (${sql.join(games.map((g) => sql`${g}`))})` : sql``);

/** Coins one player wagered in the window, refunded bets excluded. */
export async function wageredBy(db: DbOrTrx, accountId: string, w: WagerWindow): Promise<number> {
  const { rows } = await sql<{ wagered: number | string | null }>`
    select coalesce(sum(-j.amount), 0)::bigint as wagered
    from wallet_journal j
    where j.account_id = ${accountId}::uuid and j.type = 'BET'
      and j.created_at >= ${w.start}::timestamptz and j.created_at < ${w.end}::timestamptz${gameFilter(w.games)}
      and j.id not in (${refundedBets(accountId)})`.execute(db);
  return Number(rows[0]?.wagered ?? 0);
}

/**
 * Coins every player wagered in the window, refunded bets excluded, players with nothing left out; by
 * account id, with the journal id and time of each player's last bet (who got there first).
 */
export async function wageredByEveryone(
  db: DbOrTrx,
  w: WagerWindow,
): Promise<Array<{ accountId: string; wagered: number; lastBetId: number; lastBetAt: Date }>> {
  const { rows } = await sql<{ account_id: string; wagered: number | string; last_id: number | string; last_at: Date }>`
    select j.account_id, sum(-j.amount)::bigint as wagered, max(j.id) as last_id, max(j.created_at) as last_at
    from wallet_journal j
    where j.type = 'BET' and j.created_at >= ${w.start}::timestamptz and j.created_at < ${w.end}::timestamptz${gameFilter(w.games)}
      and j.id not in (${refundedBets()})
    group by j.account_id
    order by j.account_id`.execute(db);
  return rows
    .map((r) => ({ accountId: r.account_id, wagered: Number(r.wagered), lastBetId: Number(r.last_id), lastBetAt: new Date(r.last_at) }))
    .filter((r) => r.wagered > 0);
}

/** Coins a player wagered in all and since `since`, refunded bets excluded. */
export async function lifetimeWagered(db: DbOrTrx, accountId: string, since: Date): Promise<{ total: number; recent: number }> {
  const { rows } = await sql<{ total: string | number; recent: string | number }>`
    select coalesce(sum(-j.amount), 0)::bigint as total,
           coalesce(sum(-j.amount) filter (where j.created_at >= ${since}::timestamptz), 0)::bigint as recent
    from wallet_journal j
    where j.account_id = ${accountId}::uuid and j.type = 'BET'
      and j.id not in (${refundedBets(accountId)})`.execute(db);
  return { total: Number(rows[0]?.total ?? 0), recent: Number(rows[0]?.recent ?? 0) };
}

/**
 * A player's bets in [start, end) as the daily limits count them (every BET row, refunds included: a
 * limit counts what was staked), in one index range (wallet_journal_bets_by_time): the coins, the
 * distinct minutes with a bet, the last such minute.
 */
export async function betsBetween(
  db: DbOrTrx,
  accountId: string,
  start: Date,
  end: Date,
): Promise<{ wagered: number; minutes: number; lastMinute: Date | null }> {
  const { rows } = await sql<{ wagered: string | number; minutes: string | number; last: Date | null }>`
    select coalesce(sum(-j.amount), 0)::bigint as wagered,
           count(distinct date_trunc('minute', j.created_at)) as minutes,
           max(date_trunc('minute', j.created_at)) as last
    from wallet_journal j
    where j.account_id = ${accountId}::uuid and j.type = 'BET'
      and j.created_at >= ${start}::timestamptz and j.created_at < ${end}::timestamptz`.execute(db);
  const r = rows[0]!;
  return { wagered: Number(r.wagered), minutes: Number(r.minutes), lastMinute: r.last ? new Date(r.last) : null };
}

/** Whether a movement with this idempotency key was posted (a reward paid once, e.g. a month's tier bonus). */
export async function isPosted(db: DbOrTrx, idempotencyKey: string): Promise<boolean> {
  return Boolean(await db.selectFrom('wallet_journal').select('id').where('idempotency_key', '=', idempotencyKey).executeTakeFirst());
}

/** Coins credited by type since `since` (the bonuses, prizes and adjustments the dashboard shows). */
export async function creditsSince(db: DbOrTrx, since: Date, types: readonly TransactionType[]): Promise<Map<TransactionType, number>> {
  const rows = await db
    .selectFrom('wallet_journal')
    .select(['type', sql<number>`coalesce(sum(amount), 0)`.as('total')])
    .where('type', 'in', types)
    .where('created_at', '>=', since)
    .groupBy('type')
    .execute();
  return new Map(rows.map((r) => [r.type, Number(r.total)]));
}

/** How many players placed a real-coin bet since `since`. */
export async function bettorsSince(db: DbOrTrx, since: Date): Promise<number> {
  const row = await db
    .selectFrom('wallet_journal')
    .select(sql<number>`count(distinct account_id)`.as('n'))
    .where('type', '=', 'BET')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Per game since `since`, from the record of every coin that moved: wagered is the stakes less their
 * refunds (rolled-back bets), won the wins. (House rounds would leave out every bet without a round
 * record, such as provider games'.)
 */
export async function playByGameSince(db: DbOrTrx, since: Date): Promise<Array<{ gameCode: string; wagered: number; won: number }>> {
  const rows = await db
    .selectFrom('wallet_journal')
    .select([
      'game_code',
      sql<number>`coalesce(sum(case when type in ('BET', 'REFUND') then -amount else 0 end), 0)`.as('wagered'),
      sql<number>`coalesce(sum(case when type = 'WIN' then amount else 0 end), 0)`.as('won'),
    ])
    .where('type', 'in', ['BET', 'REFUND', 'WIN'])
    .where('game_code', 'is not', null)
    .where('created_at', '>=', since)
    .groupBy('game_code')
    .orderBy('game_code')
    .execute();
  return rows.map((r) => ({ gameCode: r.game_code!, wagered: Number(r.wagered), won: Number(r.won) }));
}
