import { sql } from 'kysely';
import type { Dashboard } from '../../../contracts/backoffice';
import type { Db } from '../../db';
import { clock } from '../../clock';

/**
 * The back-office dashboard (issue 27): today (since 00:00 UTC) and the last 30 days. Every figure
 * is read from the records themselves (accounts, the wallet journal, house rounds), never kept apart.
 */
async function period(db: Db, since: Date): Promise<Dashboard['today']> {
  const [signups, active, issued, games] = await Promise.all([
    db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('wallet_journal')
      .select(sql<number>`count(distinct account_id)`.as('n'))
      .where('type', '=', 'BET')
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('wallet_journal')
      .select(['type', sql<number>`coalesce(sum(amount), 0)`.as('total')])
      .where('type', 'in', ['SIGNUP_BONUS', 'DAILY_BONUS', 'PROMO_BONUS', 'RAFFLE_PRIZE', 'TOURNAMENT_PRIZE', 'ADJUSTMENT'])
      .where('created_at', '>=', since)
      .groupBy('type')
      .execute(),
    // Per game from the wallet journal, the record of every coin that moved: wagered is the stakes
    // less their refunds (rolled-back bets), won the wins. (Reading house rounds instead left out every
    // bet without a round record, such as the demo players' bets, and provider games.)
    db
      .selectFrom('wallet_journal')
      .leftJoin('games', 'games.code', 'wallet_journal.game_code')
      .select([
        'wallet_journal.game_code',
        sql<number>`coalesce(sum(case when wallet_journal.type in ('BET', 'REFUND') then -wallet_journal.amount else 0 end), 0)`.as('wagered'),
        sql<number>`coalesce(sum(case when wallet_journal.type = 'WIN' then wallet_journal.amount else 0 end), 0)`.as('won'),
        sql<number | null>`max(games.rtp)`.as('rtp'),
      ])
      .where('wallet_journal.type', 'in', ['BET', 'REFUND', 'WIN'])
      .where('wallet_journal.game_code', 'is not', null)
      .where('wallet_journal.created_at', '>=', since)
      .groupBy('wallet_journal.game_code')
      .orderBy('wallet_journal.game_code')
      .execute(),
  ]);
  const sum = (type: string) => Number(issued.find((r) => r.type === type)?.total ?? 0);
  return {
    signups: Number(signups.n),
    activePlayers: Number(active.n),
    coinsIssued: {
      signup: sum('SIGNUP_BONUS'),
      daily: sum('DAILY_BONUS'),
      promotion: sum('PROMO_BONUS'),
      raffle: sum('RAFFLE_PRIZE'),
      race: sum('TOURNAMENT_PRIZE'),
      adjustment: sum('ADJUSTMENT'),
    },
    games: games.map((g) => {
      const wagered = Number(g.wagered);
      const won = Number(g.won);
      return { gameCode: g.game_code!, wagered, won, measuredRtp: wagered > 0 ? won / wagered : null, declaredRtp: g.rtp === null ? null : Number(g.rtp) };
    }),
  };
}

export async function dashboard(db: Db): Promise<Dashboard> {
  const now = clock.ms();
  const today = new Date(now - (now % 86_400_000));
  const [t, m, open] = await Promise.all([
    period(db, today),
    period(db, new Date(now - 30 * 86_400_000)),
    db
      .selectFrom('house_rounds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow(),
  ]);
  return { today: t, last30Days: m, openRounds: Number(open.n) };
}
