import { notifyPlayer } from '../notifications';
import { createHash, createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { canonicalTicketList, drawWinners, ticketListHash, type RaffleWinner } from '../../../contracts/raffle-draw';
import type { Db } from '../../db';
import { postMovementIn } from '../wallet';
import { windowOf } from './service';
import { wageredByEveryone } from '../wallet';
import { blockedAt } from '../protection';

/**
 * Draws. Exactly once, with any number of API instances on one PostgreSQL and on the embedded
 * database alike: the draw claims its raffle with a conditional UPDATE (status SCHEDULED -> DRAWN,
 * only once draw_at has passed) in the same transaction as the frozen ticket list, the winners and
 * the prize postings. A second worker's UPDATE waits on the row lock, then finds the status changed
 * and claims nothing; a crash before the commit leaves the raffle SCHEDULED for the next check, so
 * a server that was down catches up on its first check (docs/decisions/0006-raffle-draws.md).
 */

/** Node's HMAC: the same bytes as the pure one in contracts/house/random.ts, faster. */
const nodeHmac = (key: string, message: string) => createHmac('sha256', key).update(message).digest();

/** A holder's public pseudonym in one raffle: stable for the raffle, unlinkable across raffles. */
export const holderId = (ref: string, accountId: string) => createHash('sha256').update(`raffle:${ref}:${accountId}`).digest('hex').slice(0, 16);

export const prizeKey = (ref: string, place: number) => `raffle:${ref}:place:${place}`;

export interface DrawOutcome {
  ref: string;
  totalTickets: number;
  winners: RaffleWinner[];
}

/** Draws one raffle if it is due and not drawn yet; null when another worker has it or it is not due. */
export async function drawRaffle(db: Db, tournamentId: number, now: Date): Promise<DrawOutcome | null> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('tournaments')
      .set({ status: 'DRAWN', updated_at: now })
      .where('id', '=', tournamentId)
      .where('kind', '=', 'RAFFLE')
      .where('status', '=', 'SCHEDULED')
      .where('draw_at', '<=', now)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return null;
    const { ref } = claimed;
    const wagerPerEntry = Number(claimed.wager_per_entry);
    // Player protection: a player on a break or self-excluded at the draw does not enter it (docs/decisions/0008).
    const blocked = await blockedAt(trx, now);
    const wagered = (await wageredByEveryone(trx, await windowOf(trx, claimed))).filter((w) => !blocked.has(w.accountId));
    const entries = wagered
      .map((w) => ({ accountId: w.accountId, holder: holderId(ref, w.accountId), tickets: Math.floor(w.wagered / wagerPerEntry) }))
      .filter((e) => e.tickets > 0);
    const list = canonicalTicketList(entries.map(({ holder, tickets }) => ({ holder, tickets })));
    const seed = await trx.selectFrom('raffle_draws').select('server_seed').where('tournament_id', '=', tournamentId).executeTakeFirstOrThrow();
    const winners = drawWinners(seed.server_seed, list, claimed.prizes, nodeHmac);
    const prizeOf = new Map(winners.map((w) => [w.holder, w.amount]));
    if (entries.length > 0) {
      await trx
        .insertInto('raffle_entries')
        .values(
          entries.map((e) => ({
            tournament_id: tournamentId,
            account_id: e.accountId,
            holder: e.holder,
            tickets: e.tickets,
            prize: prizeOf.get(e.holder) ?? 0,
          })),
        )
        .execute();
    }
    const accountOf = new Map(entries.map((e) => [e.holder, e.accountId]));
    for (const w of winners) {
      await postMovementIn(
        trx,
        {
          accountId: accountOf.get(w.holder)!,
          type: 'RAFFLE_PRIZE',
          amount: w.amount,
          idempotencyKey: prizeKey(ref, w.place),
          reason: `Raffle ${ref}, place ${w.place}`,
        },
        now,
      );
      // The winner hears of it (a toast and the bell), in the same transaction as the prize.
      await notifyPlayer(trx, accountOf.get(w.holder)!, 'RAFFLE_WIN', { ref, amount: w.amount, place: w.place }, `raffle-win:${ref}:${w.place}`, now);
    }
    const totalTickets = list.reduce((s, h) => s + h.tickets, 0);
    await trx
      .updateTable('raffle_draws')
      .set({
        ticket_list_hash: ticketListHash(list),
        tickets: JSON.stringify(list),
        total_tickets: totalTickets,
        winners: JSON.stringify(winners),
        drawn_at: now,
      })
      .where('tournament_id', '=', tournamentId)
      .execute();
    return { ref, totalTickets, winners };
  });
}

/** Draws every raffle whose draw date has passed (oldest first); each in its own transaction. */
export async function drawDueRaffles(db: Db, now: Date, log?: FastifyBaseLogger): Promise<DrawOutcome[]> {
  const due = await db
    .selectFrom('tournaments')
    .select('id')
    .where('kind', '=', 'RAFFLE')
    .where('status', '=', 'SCHEDULED')
    .where('draw_at', '<=', now)
    .orderBy('draw_at')
    .orderBy('id')
    .limit(100)
    .execute();
  const drawn: DrawOutcome[] = [];
  for (const { id } of due) {
    try {
      const outcome = await drawRaffle(db, Number(id), now);
      if (outcome) {
        drawn.push(outcome);
        log?.info({ raffle: outcome.ref, tickets: outcome.totalTickets, winners: outcome.winners.length }, 'raffle drawn');
      }
    } catch (error) {
      // One raffle's failure must not stop the others; it stays SCHEDULED and is tried again.
      log?.error({ err: error, raffleId: Number(id) }, 'raffle draw failed');
      if (!log) throw error;
    }
  }
  return drawn;
}
