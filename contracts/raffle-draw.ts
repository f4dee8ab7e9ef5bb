import { pureHmac, serverSeedHash, sha256, toHex, type HmacFn } from './house/random';

/**
 * The raffle draw, pure TypeScript: the API draws with it and the public record page recomputes
 * with it in the browser, so both run the very same code. Everything it needs is in the published
 * record: the server seed (revealed after the draw; its SHA-256 was published when the raffle was
 * created), the frozen ticket list, and the prizes.
 *
 * 1. The ticket list: one line `<holder> <tickets>\n` per holder, holders in ascending order; its
 *    hash is the hex SHA-256 of that text (UTF-8).
 * 2. Tickets are numbered from 0 in list order: the first holder owns 0..t1-1, the next t1.., etc.
 * 3. Random numbers: block k (k = 0, 1, ...) is HMAC-SHA256(key = serverSeed, message =
 *    `<ticketListHash>:<k>`), read as 8 big-endian uint32 values u.
 * 4. With N tickets, a value u at or above 2^32 - (2^32 mod N) is skipped (no modulo bias);
 *    otherwise ticket u mod N is drawn. A holder who already won is skipped (no repeated winner).
 * 5. Prizes are handed out in the listed order (a prize with count c is c places), one per drawn
 *    holder, until every place is given or every holder has won.
 */
export const RAFFLE_ALGORITHM_VERSION = 'raffle-draw-v1';

export interface TicketHolding {
  /** Pseudonymous holder id (never an account id). */
  holder: string;
  tickets: number;
}
export interface RafflePrize {
  amount: number;
  count?: number;
}
export interface RaffleWinner {
  /** 1-based place, in prize order. */
  place: number;
  holder: string;
  /** The winning ticket's number (0-based, in list order). */
  ticket: number;
  amount: number;
}

const utf8 = (s: string) => new TextEncoder().encode(s);

/** Holders in the canonical order (plain code-unit comparison, not locale-aware). */
export function canonicalTicketList(list: TicketHolding[]): TicketHolding[] {
  return [...list].filter((h) => h.tickets > 0).sort((a, b) => (a.holder < b.holder ? -1 : a.holder > b.holder ? 1 : 0));
}

export function ticketListText(list: TicketHolding[]): string {
  return canonicalTicketList(list)
    .map((h) => `${h.holder} ${h.tickets}\n`)
    .join('');
}

export const ticketListHash = (list: TicketHolding[]) => toHex(sha256(utf8(ticketListText(list))));

/** The commitment published when the raffle is created: hex SHA-256 of the seed's text. */
export const seedCommitment = (serverSeed: string) => serverSeedHash(serverSeed);

const TWO_32 = 2 ** 32;

/** The winners, from the seed, the ticket list and the prizes. `hmac` lets the API pass Node's (same result). */
export function drawWinners(serverSeed: string, list: TicketHolding[], prizes: RafflePrize[], hmac: HmacFn = pureHmac): RaffleWinner[] {
  const holdings = canonicalTicketList(list);
  const total = holdings.reduce((s, h) => s + h.tickets, 0);
  const places = prizes.flatMap((p) => Array.from({ length: p.count ?? 1 }, () => p.amount));
  if (total === 0 || places.length === 0) return [];
  if (total >= TWO_32) throw new Error('raffle draw: too many tickets');
  const listHash = ticketListHash(holdings);
  // Ticket number -> holder, by binary search over the running totals.
  const ends: number[] = [];
  let running = 0;
  for (const h of holdings) {
    running += h.tickets;
    ends.push(running);
  }
  const ownerOf = (ticket: number) => {
    let lo = 0;
    let hi = ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ticket < ends[mid]) hi = mid;
      else lo = mid + 1;
    }
    return holdings[lo].holder;
  };
  const limit = TWO_32 - (TWO_32 % total);
  const won = new Set<string>();
  const winners: RaffleWinner[] = [];
  const wanted = Math.min(places.length, holdings.length);
  for (let block = 0; winners.length < wanted; block++) {
    const bytes = hmac(serverSeed, `${listHash}:${block}`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < 8 && winners.length < wanted; i++) {
      const u = view.getUint32(4 * i);
      if (u >= limit) continue;
      const ticket = u % total;
      const holder = ownerOf(ticket);
      if (won.has(holder)) continue;
      won.add(holder);
      winners.push({ place: winners.length + 1, holder, ticket, amount: places[winners.length] });
    }
  }
  return winners;
}

export interface RecordCheck {
  commitmentMatches: boolean;
  ticketListHashMatches: boolean;
  winnersMatch: boolean;
  recomputed: RaffleWinner[];
}

/** What the record page shows: the seed fits its commitment, the list fits its hash, the winners are recomputed. */
export function verifyRaffleRecord(record: {
  commitment: string;
  serverSeed: string;
  ticketListHash: string;
  tickets: TicketHolding[];
  prizes: RafflePrize[];
  winners: RaffleWinner[];
}): RecordCheck {
  const recomputed = drawWinners(record.serverSeed, record.tickets, record.prizes);
  const same =
    recomputed.length === record.winners.length &&
    recomputed.every((w, i) => {
      const r = record.winners[i];
      return w.place === r.place && w.holder === r.holder && w.ticket === r.ticket && w.amount === r.amount;
    });
  return {
    commitmentMatches: seedCommitment(record.serverSeed) === record.commitment,
    ticketListHashMatches: ticketListHash(record.tickets) === record.ticketListHash,
    winnersMatch: same,
    recomputed,
  };
}

/**
 * The same algorithm as standalone JavaScript (Web Crypto, runs in a browser console or Node 20+),
 * published in every record so the draw can be checked without this site's code. A unit test runs
 * it against drawWinners.
 */
export const RAFFLE_ALGORITHM_CODE = `async function drawWinners(serverSeed, tickets, prizes) {
  const enc = new TextEncoder();
  const hex = (buf) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
  const list = tickets.filter((h) => h.tickets > 0).sort((a, b) => (a.holder < b.holder ? -1 : a.holder > b.holder ? 1 : 0));
  const total = list.reduce((s, h) => s + h.tickets, 0);
  const places = prizes.flatMap((p) => Array(p.count ?? 1).fill(p.amount));
  if (total === 0 || places.length === 0) return [];
  const text = list.map((h) => h.holder + ' ' + h.tickets + '\\n').join('');
  const listHash = hex(await crypto.subtle.digest('SHA-256', enc.encode(text)));
  const key = await crypto.subtle.importKey('raw', enc.encode(serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const owner = (t) => { let end = 0; for (const h of list) { end += h.tickets; if (t < end) return h.holder; } };
  const limit = 2 ** 32 - (2 ** 32 % total);
  const won = new Set();
  const winners = [];
  const wanted = Math.min(places.length, list.length);
  for (let block = 0; winners.length < wanted; block++) {
    const view = new DataView(await crypto.subtle.sign('HMAC', key, enc.encode(listHash + ':' + block)));
    for (let i = 0; i < 8 && winners.length < wanted; i++) {
      const u = view.getUint32(4 * i);
      if (u >= limit) continue;
      const ticket = u % total;
      const holder = owner(ticket);
      if (won.has(holder)) continue;
      won.add(holder);
      winners.push({ place: winners.length + 1, holder, ticket, amount: places[winners.length] });
    }
  }
  return winners;
}`;

export const RAFFLE_ALGORITHM_WORDS =
  'The ticket list is one line "<holder> <tickets>\\n" per holder, holders in ascending order; ticketListHash = SHA-256 of that text (hex). ' +
  'Tickets are numbered from 0 in list order. Block k = HMAC-SHA256(key = serverSeed, message = "<ticketListHash>:<k>") gives 8 big-endian 32-bit numbers u. ' +
  'With N tickets, u >= 2^32 - (2^32 mod N) is skipped (no modulo bias); otherwise ticket u mod N wins the next prize place, unless its holder already won. ' +
  'Prizes are given in the listed order (count c = c places) until every place is given or every holder has won. commitment = SHA-256(serverSeed), published when the raffle was created.';
