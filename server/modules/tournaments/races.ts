import { notifyPlayer } from '../notifications';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { RACE_PAYOUT_GRACE_MS, type RaceMetric } from '../../../contracts/lobby';
import type { TournamentStatus } from '../../../contracts/tournaments';
import { clock } from '../../clock';
import type { Db, DbOrTrx } from '../../db';
import { postMovementIn, wageredByEveryone } from '../wallet';
import type { TournamentRow } from './entity';
import { blockedAt } from '../protection';

/**
 * Leaderboard races (docs/decisions/0007-tournaments-lobby.md): points from real-coin play on the race's games in [start, end),
 * read from what spins already write, so a spin pays nothing for them but two partial index entries
 * (migration 2026-11-24T00-10_races):
 * - WAGERED: the sum of the stakes of real bets (BET journal rows), a refunded bet left out;
 * - BEST_MULTIPLIER: the best win / stake of one settled real round (house_rounds).
 * Ties go to whoever reached the score first: WAGERED, the player whose last counted bet is the
 * older journal row; BEST_MULTIPLIER, the earlier settled round.
 */
export interface Standing {
  accountId: string;
  displayName: string;
  points: number;
  reachedAt: Date;
}

type RaceRow = Pick<TournamentRow, 'id' | 'metric' | 'start_at' | 'end_at'>;

async function raceGames(db: DbOrTrx, tournamentId: number): Promise<string[]> {
  const rows = await db.selectFrom('tournament_games').select('game_code').where('tournament_id', '=', tournamentId).where('is_enabled', '=', true).execute();
  return rows.map((r) => r.game_code);
}

/** The full standings of a race, best first (rank = index + 1). */
export async function computeStandings(db: DbOrTrx, race: RaceRow): Promise<Standing[]> {
  const games = await raceGames(db, Number(race.id));
  if (games.length === 0) return [];
  const codes = sql.join(games.map((g) => sql`${g}`));
  const start = new Date(race.start_at);
  const end = new Date(race.end_at);
  const metric = race.metric as RaceMetric;
  if (metric === 'WAGERED') {
    // The wallet counts the stakes (refunded bets left out); a tie goes to who got there first.
    const totals = (await wageredByEveryone(db, { start, end, games })).sort((a, b) => b.wagered - a.wagered || a.lastBetId - b.lastBetId);
    if (totals.length === 0) return [];
    const names = await db
      .selectFrom('accounts')
      .select(['id', 'display_name'])
      .where(
        'id',
        'in',
        totals.map((t) => t.accountId),
      )
      .execute();
    const nameOf = new Map(names.map((n) => [n.id, n.display_name]));
    return totals
      .filter((t) => nameOf.has(t.accountId))
      .map((t) => ({ accountId: t.accountId, displayName: nameOf.get(t.accountId) ?? '', points: t.wagered, reachedAt: t.lastBetAt }));
  }
  const { rows } = await sql<{ account_id: string; display_name: string | null; points: string; reached_at: Date }>`
      with best as (
        select distinct on (r.account_id) r.account_id, r.win::numeric / r.stake as m, r.settled_at, r.id
        from house_rounds r
        where r.mode = 'real' and r.status = 'settled' and r.game_code in (${codes})
          and r.settled_at >= ${start} and r.settled_at < ${end} and r.stake > 0 and r.account_id is not null
        order by r.account_id, m desc, r.settled_at asc, r.id asc
      )
      select b.account_id, a.display_name, round(b.m, 2)::text as points, b.settled_at as reached_at
      from best b join accounts a on a.id = b.account_id
      order by b.m desc, b.settled_at asc, b.id asc`.execute(db);
  return rows.map((r) => ({ accountId: r.account_id, displayName: r.display_name ?? '', points: Number(r.points), reachedAt: new Date(r.reached_at) }));
}

/** The frozen standings of a paid race. */
export async function finalStandings(db: DbOrTrx, tournamentId: number): Promise<Array<Standing & { prize: number | null }>> {
  const rows = await db
    .selectFrom('race_results')
    .innerJoin('accounts', 'accounts.id', 'race_results.account_id')
    .select(['race_results.account_id', 'accounts.display_name', 'race_results.points', 'race_results.reached_at', 'race_results.prize'])
    .where('race_results.tournament_id', '=', tournamentId)
    .orderBy('race_results.rank')
    .execute();
  return rows.map((r) => ({
    accountId: r.account_id,
    displayName: r.display_name ?? '',
    points: Number(r.points),
    reachedAt: new Date(r.reached_at),
    prize: r.prize === null ? null : Number(r.prize),
  }));
}

/**
 * A name others may see: the first character of the display name, masked, and a short tag from the
 * account id (stable, so a player can follow a rival without learning the name).
 */
export function pseudonym(accountId: string, displayName: string): string {
  const first = [...displayName][0] ?? 'P';
  const tag = createHash('sha256').update(accountId).digest('hex').slice(0, 4).toUpperCase();
  return `${first}***${tag}`;
}

/** The status a race has at `now`: the stored one moves on at the start and the end (the timer catches up). */
export function raceStatusAt(row: Pick<TournamentRow, 'kind' | 'status' | 'start_at' | 'end_at'>, now: Date): TournamentStatus {
  if (row.kind !== 'RACE') return row.status;
  const started = now >= new Date(row.start_at);
  const ended = now >= new Date(row.end_at);
  if ((row.status === 'SCHEDULED' || row.status === 'ACTIVE') && ended) return 'CLOSED';
  if (row.status === 'SCHEDULED' && started) return 'ACTIVE';
  return row.status;
}

export interface PaidRace {
  tournamentId: number;
  ref: string;
  paid: Array<{ rank: number; accountId: string; amount: number; journalId: number }>;
  players: number;
}

/**
 * Pays one race if it is due and nobody has paid it: in ONE transaction, an UPDATE claims the row
 * (status -> DRAWN, only from SCHEDULED/ACTIVE/CLOSED and only after its end and the grace), then
 * the final standings are frozen into race_results and each prize rank is credited through the
 * wallet (TOURNAMENT_PRIZE, key per race and rank). Two instances racing: the second's UPDATE waits
 * for the first's row lock, then finds DRAWN and claims nothing; a crash rolls the claim back with
 * the postings, so the next tick pays. Null when there was nothing to pay.
 */
export async function payRace(db: Db, tournamentId: number, now: Date = clock.now()): Promise<PaidRace | null> {
  const due = new Date(now.getTime() - RACE_PAYOUT_GRACE_MS);
  return db.transaction().execute(async (trx) => {
    const race = await trx
      .updateTable('tournaments')
      .set({ status: 'DRAWN', updated_at: now })
      .where('id', '=', tournamentId)
      .where('kind', '=', 'RACE')
      .where('status', 'in', ['SCHEDULED', 'ACTIVE', 'CLOSED'])
      .where('end_at', '<=', due)
      .returningAll()
      .executeTakeFirst();
    if (!race) return null;
    // Player protection, as for raffle draws: a player on a break or self-excluded at the payout is
    // left out of the final standings (no rank, no prize; docs/decisions/0008).
    const blocked = await blockedAt(trx, now);
    const standings = (await computeStandings(trx, race)).filter((s) => !blocked.has(s.accountId));
    const prizes = new Map((race.prizes as Array<{ rank?: number; amount: number }>).filter((p) => p.rank).map((p) => [p.rank!, p.amount]));
    const paid: PaidRace['paid'] = [];
    const results = [];
    for (const [i, s] of standings.entries()) {
      const rank = i + 1;
      const amount = prizes.get(rank) ?? null;
      let journalId: number | null = null;
      // A prize needs points: a BEST_MULTIPLIER player whose best round won nothing is ranked, not paid.
      if (amount && s.points > 0) {
        const posted = await postMovementIn(
          trx,
          {
            accountId: s.accountId,
            type: 'TOURNAMENT_PRIZE',
            amount,
            idempotencyKey: `tournament:${race.ref}:rank:${rank}`,
            reason: `Tournament ${race.ref}: rank ${rank}`,
          },
          now,
        );
        journalId = posted.transactionId;
        await notifyPlayer(trx, s.accountId, 'RACE_PRIZE', { ref: race.ref, amount, rank }, `race-prize:${race.ref}:${rank}`, now);
        paid.push({ rank, accountId: s.accountId, amount, journalId });
      }
      results.push({
        tournament_id: Number(race.id),
        rank,
        account_id: s.accountId,
        points: s.points,
        reached_at: s.reachedAt,
        prize: journalId ? amount : null,
        journal_id: journalId,
      });
    }
    for (let i = 0; i < results.length; i += 1000)
      await trx
        .insertInto('race_results')
        .values(results.slice(i, i + 1000))
        .execute();
    return { tournamentId: Number(race.id), ref: race.ref, paid, players: standings.length };
  });
}

/**
 * The timer's work (and a test's): mark started races ACTIVE, ended ones CLOSED, and pay every race
 * that is due. Safe to run in every instance at once.
 */
export async function settleRaces(db: Db, now: Date = clock.now()): Promise<PaidRace[]> {
  await db
    .updateTable('tournaments')
    .set({ status: 'ACTIVE', updated_at: now })
    .where('kind', '=', 'RACE')
    .where('status', '=', 'SCHEDULED')
    .where('start_at', '<=', now)
    .where('end_at', '>', now)
    .execute();
  await db
    .updateTable('tournaments')
    .set({ status: 'CLOSED', updated_at: now })
    .where('kind', '=', 'RACE')
    .where('status', 'in', ['SCHEDULED', 'ACTIVE'])
    .where('end_at', '<=', now)
    .execute();
  const due = await db
    .selectFrom('tournaments')
    .select('id')
    .where('kind', '=', 'RACE')
    .where('status', 'in', ['SCHEDULED', 'ACTIVE', 'CLOSED'])
    .where('end_at', '<=', new Date(now.getTime() - RACE_PAYOUT_GRACE_MS))
    .orderBy('end_at')
    .execute();
  const paid: PaidRace[] = [];
  for (const { id } of due) {
    const result = await payRace(db, Number(id), now);
    if (result) paid.push(result);
  }
  return paid;
}
