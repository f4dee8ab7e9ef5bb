import type { Dashboard } from '../../../contracts/backoffice';
import type { Db } from '../../db';
import { clock } from '../../clock';
import { declaredRtps } from '../games';
import { openRoundCount } from '../house';
import { bettorsSince, creditsSince, playByGameSince } from '../wallet';

/**
 * The back-office dashboard (docs/decisions/0019): today (since 00:00 UTC) and the last 30 days. Every
 * figure is read from the records themselves (accounts, the wallet's journal through its entry, house
 * rounds), never kept apart.
 */
async function period(db: Db, since: Date, rtps: Map<string, number>): Promise<Dashboard['today']> {
  const [signups, activePlayers, issued, games] = await Promise.all([
    db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
    bettorsSince(db, since),
    creditsSince(db, since, ['SIGNUP_BONUS', 'DAILY_BONUS', 'PROMO_BONUS', 'RAFFLE_PRIZE', 'TOURNAMENT_PRIZE', 'ADJUSTMENT']),
    playByGameSince(db, since),
  ]);
  const sum = (type: Parameters<typeof issued.get>[0]) => issued.get(type) ?? 0;
  return {
    signups: Number(signups.n),
    activePlayers,
    coinsIssued: {
      signup: sum('SIGNUP_BONUS'),
      daily: sum('DAILY_BONUS'),
      promotion: sum('PROMO_BONUS'),
      raffle: sum('RAFFLE_PRIZE'),
      race: sum('TOURNAMENT_PRIZE'),
      adjustment: sum('ADJUSTMENT'),
    },
    games: games.map(({ gameCode, wagered, won }) => ({
      gameCode,
      wagered,
      won,
      measuredRtp: wagered > 0 ? won / wagered : null,
      declaredRtp: rtps.get(gameCode) ?? null,
    })),
  };
}

export async function dashboard(db: Db): Promise<Dashboard> {
  const now = clock.ms();
  const today = new Date(now - (now % 86_400_000));
  const rtps = await declaredRtps(db);
  const [t, m, openRounds] = await Promise.all([period(db, today, rtps), period(db, new Date(now - 30 * 86_400_000), rtps), openRoundCount(db)]);
  return { today: t, last30Days: m, openRounds };
}
