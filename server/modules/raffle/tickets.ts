import type { WagerWindow } from '../wallet';

/**
 * Raffle tickets, counted from the wallet journal at read time (never stored per spin, so none is
 * lost or counted twice; the wallet's wageredBy and wageredByEveryone read it): the coins wagered on real-coin bets settled in [start, end) (on the
 * raffle's games when it names some), minus bets that were refunded. Demo play never reaches the
 * journal. One ticket per `wagerPerEntry` coins.
 */
export type RaffleWindow = WagerWindow;

export function ticketsFor(wagered: number, wagerPerEntry: number) {
  const numEntries = Math.floor(wagered / wagerPerEntry);
  return { numEntries, amountLeftForNextEntry: wagerPerEntry - (wagered - numEntries * wagerPerEntry) };
}
