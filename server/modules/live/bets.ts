import type { LiveBetRequest } from '../../../contracts/live';
import { isLiveSpot, liveTable, opposingSpots } from '../../../contracts/live-tables';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { clock } from '../../clock';
import { refuseUnverifiedPhone } from '../phone/service';
import { assertMayPlay } from '../protection/service';
import { postMovementIn } from '../wallet';
import { myBets } from './state';

export interface PlacedBet {
  betId: string;
  replayed: boolean;
  balance: number;
  mine: { roundId: string; spots: Record<string, number>; total: number };
}

const invalid = (path: string, message: string) => new AppError('REQUEST_VALIDATION_ERROR', message, [{ path, message }]);

/**
 * POST /live/tables/:tableId/bets (docs/decisions/0025, "Bets"): one debit through the wallet's
 * journal, idempotent by the client's requestId (the same id again, even at the same time, answers
 * the first bet and moves nothing), accepted only while the round's betting is open by the server's
 * clock: the bet holds the round's row FOR SHARE, so the clock's close waits for it and a bet after
 * the close answers BETTING_CLOSED and changes nothing. The table's limits count the player's earlier
 * bets of the round (read under the wallet's lock, so two bets at once cannot both slip under them).
 */
export async function placeLiveBet(
  db: Db,
  config: Pick<Config, 'PHONE_VERIFICATION_REQUIRED'>,
  accountId: string,
  tableId: string,
  request: LiveBetRequest,
): Promise<PlacedBet> {
  const table = liveTable(tableId)!;
  const { limits } = table;
  const spots = new Map<string, number>();
  request.bets.forEach((b, i) => {
    if (!isLiveSpot(table.kind, b.spot)) throw invalid(`bets.${i}.spot`, 'not a bet spot of this table');
    if (b.amount < limits.minBet || b.amount % limits.betUnit !== 0)
      throw invalid(`bets.${i}.amount`, `at least ${limits.minBet}, a multiple of ${limits.betUnit}`);
    spots.set(b.spot, (spots.get(b.spot) ?? 0) + b.amount);
  });
  const total = [...spots.values()].reduce((a, b) => a + b, 0);
  const now = clock.now();
  await refuseUnverifiedPhone(db, config, accountId);
  await assertMayPlay(db, accountId, total, now);
  return db.transaction().execute(async (trx) => {
    const round = await trx
      .selectFrom('live_rounds')
      .select(['status', 'closes_at'])
      .where('id', '=', request.roundId)
      .where('table_id', '=', tableId)
      .forShare()
      .executeTakeFirst();
    if (round?.status !== 'betting' || now.getTime() >= round.closes_at.getTime()) throw new AppError('BETTING_CLOSED', 'Betting is closed for this round');
    const debit = await postMovementIn(
      trx,
      { accountId, type: 'BET', amount: -total, idempotencyKey: `live:bet:${accountId}:${request.requestId}`, gameCode: tableId, sessionId: request.roundId },
      now,
    );
    if (debit.replayed) {
      const first = await trx
        .selectFrom('live_bets')
        .select(['id', 'round_id'])
        .where('account_id', '=', accountId)
        .where('request_id', '=', request.requestId)
        .executeTakeFirstOrThrow();
      return { betId: String(first.id), replayed: true, balance: debit.newBalance, mine: await myBets(trx, first.round_id, accountId) };
    }
    const before = await myBets(trx, request.roundId, accountId);
    for (const [spot, amount] of spots) {
      if ((before.spots[spot] ?? 0) + amount > limits.maxBet) throw invalid('bets', `at most ${limits.maxBet} on one spot in a round`);
    }
    if (before.total + total > limits.maxRoundTotal) throw invalid('bets', `at most ${limits.maxRoundTotal} in a round`);
    if (opposingSpots(table.kind, [...Object.keys(before.spots), ...spots.keys()])) throw new AppError('OPPOSING_BETS', 'Bets that cover each other');
    const placed = await trx
      .insertInto('live_bets')
      .values({
        round_id: request.roundId,
        account_id: accountId,
        request_id: request.requestId,
        spots: JSON.stringify([...spots].map(([spot, amount]) => ({ spot, amount }))),
        amount: total,
        win: null,
        status: 'placed',
        placed_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mine = { roundId: request.roundId, spots: { ...before.spots }, total: before.total + total };
    for (const [spot, amount] of spots) mine.spots[spot] = (mine.spots[spot] ?? 0) + amount;
    return { betId: String(placed.id), replayed: false, balance: debit.newBalance, mine };
  });
}
