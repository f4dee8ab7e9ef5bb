import type { BaccaratDefinition, BlackjackDefinition, RouletteDefinition } from '../games';
import { betMath, type BetMath, type GameMath } from './types';

/* ------------------------------------------------------------------------------------------------
 * Roulette: closed form. Single zero, 37 equally likely pockets; a bet covering k numbers pays
 * (36 / k - 1):1, so it returns 36/37 of its stake whatever k. French: an even-chance bet gets half
 * its stake back on zero (la partage): (18 x 2 + 1/2) / 37.
 * --------------------------------------------------------------------------------------------- */

/** The layout's bets: numbers covered and profit multiple (standard single-zero layout). */
export const ROULETTE_BETS: Array<{ bet: string; covers: number; pays: number }> = [
  { bet: 'straight', covers: 1, pays: 35 },
  { bet: 'split', covers: 2, pays: 17 },
  { bet: 'street', covers: 3, pays: 11 },
  { bet: 'corner', covers: 4, pays: 8 },
  { bet: 'line', covers: 6, pays: 5 },
  { bet: 'dozen', covers: 12, pays: 2 },
  { bet: 'column', covers: 12, pays: 2 },
  { bet: 'even chance', covers: 18, pays: 1 },
];

export function rouletteMath(def: RouletteDefinition): GameMath {
  const bets: BetMath[] = ROULETTE_BETS.map(({ bet, covers, pays }) => {
    const zeroBack = def.variant === 'french' && pays === 1 ? 0.5 : 0;
    return betMath(bet, [
      { p: covers / 37, returned: pays + 1, staked: 1 },
      { p: 1 / 37, returned: zeroBack, staked: 1 },
      { p: (36 - covers) / 37, returned: 0, staked: 1 },
    ]);
  });
  // The reference bet is straight up: the catalogue's declared RTP (every bet but la partage's) and
  // the widest variance, so the live band built on it is never narrower than the play's.
  return { kind: 'roulette', ...bets[0], method: 'closed form over the 37 pockets', bets };
}

/* ------------------------------------------------------------------------------------------------
 * Baccarat (punto banco): exact enumeration of the draws from a fresh shoe, without replacement.
 * Player and banker get two cards (P, B, P, B); a natural (8 or 9) on either stands; else the player
 * draws on 0-5, and the banker draws by the standard table (on 0-5 when the player stood).
 * Player pays 1:1, banker 0.95:1, tie tiePays:1 (player and banker push on a tie).
 * --------------------------------------------------------------------------------------------- */

/** The banker's third-card rule, from the printed table. */
function bankerHits(banker: number, playerThird: number | null): boolean {
  if (playerThird === null) return banker <= 5;
  if (banker <= 2) return true;
  if (banker === 3) return playerThird !== 8;
  if (banker === 4) return playerThird >= 2 && playerThird <= 7;
  if (banker === 5) return playerThird >= 4 && playerThird <= 7;
  if (banker === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

export function baccaratOutcomes(decks: number): { player: number; banker: number; tie: number } {
  // Cards by baccarat value 0..9: tens and faces are 0 (16 a deck), others 4 a deck.
  const left = Array.from({ length: 10 }, (_, v) => decks * (v === 0 ? 16 : 4));
  let cards = decks * 52;
  const out = { player: 0, banker: 0, tie: 0 };
  // Deals cards one at a time: each value weighted by its share of the cards left.
  const draw = (weight: number, then: (value: number, weight: number) => void) => {
    for (let v = 0; v < 10; v++) {
      if (!left[v]) continue;
      const w = (weight * left[v]) / cards;
      left[v]--;
      cards--;
      then(v, w);
      left[v]++;
      cards++;
    }
  };
  const settle = (p: number, b: number, w: number) => {
    if (p > b) out.player += w;
    else if (b > p) out.banker += w;
    else out.tie += w;
  };
  draw(1, (p1, w1) =>
    draw(w1, (b1, w2) =>
      draw(w2, (p2, w3) =>
        draw(w3, (b2, w4) => {
          const p = (p1 + p2) % 10;
          const b = (b1 + b2) % 10;
          if (p >= 8 || b >= 8) return settle(p, b, w4);
          if (p <= 5) {
            draw(w4, (p3, w5) => {
              const pt = (p + p3) % 10;
              if (bankerHits(b, p3)) draw(w5, (b3, w6) => settle(pt, (b + b3) % 10, w6));
              else settle(pt, b, w5);
            });
          } else if (bankerHits(b, null)) draw(w4, (b3, w5) => settle(p, (b + b3) % 10, w5));
          else settle(p, b, w4);
        }),
      ),
    ),
  );
  return out;
}

export function baccaratMath(def: BaccaratDefinition): GameMath {
  const { player, banker, tie } = baccaratOutcomes(def.decks);
  const bets = [
    betMath('banker', [
      { p: banker, returned: 1.95, staked: 1 },
      { p: tie, returned: 1, staked: 1 },
      { p: player, returned: 0, staked: 1 },
    ]),
    betMath('player', [
      { p: player, returned: 2, staked: 1 },
      { p: tie, returned: 1, staked: 1 },
      { p: banker, returned: 0, staked: 1 },
    ]),
    betMath('tie', [
      { p: tie, returned: def.tiePays + 1, staked: 1 },
      { p: player + banker, returned: 0, staked: 1 },
    ]),
  ];
  return { kind: 'baccarat', ...bets[0], method: `every draw from a fresh ${def.decks}-deck shoe enumerated`, bets };
}

/* ------------------------------------------------------------------------------------------------
 * Blackjack: exact recursive analysis of one hand from a fresh shoe (finite decks, every card
 * removal accounted for), the player following the documented basic strategy below.
 * Rules (contracts/games.ts): blackjack pays 3:2; the dealer peeks (a dealer blackjack takes the
 * bet, or pushes a player blackjack); double on the first two cards for one card; a player 21 stands;
 * no split, no insurance; the dealer draws to 17, and on soft 17 when dealerHitsSoft17.
 * --------------------------------------------------------------------------------------------- */

export type BlackjackMove = 'hit' | 'stand' | 'double';

/**
 * The basic strategy without splits the house documents (contracts/house/blackjack.ts's table):
 * `total` the player's best total, `soft` whether an ace counts 11 in it, `up` the dealer's up card
 * (2..11), `two` whether the hand has only its first two cards (doubling allowed).
 */
export function basicStrategyMove(total: number, soft: boolean, up: number, two: boolean, h17: boolean): BlackjackMove {
  const dbl = (when: boolean): BlackjackMove => (two && when ? 'double' : 'hit');
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) return two && up >= 3 && up <= 6 ? 'double' : up <= 8 ? 'stand' : 'hit';
    if (total === 17) return dbl(up >= 3 && up <= 6);
    if (total >= 15) return dbl(up >= 4 && up <= 6);
    return dbl(up >= 5 && up <= 6);
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return up <= 6 ? 'stand' : 'hit';
  if (total === 12) return up >= 4 && up <= 6 ? 'stand' : 'hit';
  if (total === 11) return dbl(up <= 10 || h17);
  if (total === 10) return dbl(up <= 9);
  if (total === 9) return dbl(up >= 3 && up <= 6);
  return 'hit';
}

/** Outcome classes of a hand: [returned, staked] per unit bet. */
const BJ_OUTCOMES: Array<[number, number]> = [
  [0, 1],
  [1, 1],
  [2, 1],
  [2.5, 1],
  [0, 2],
  [2, 2],
  [4, 2],
];
const LOSE = 0,
  PUSH = 1,
  WIN = 2,
  BLACKJACK = 3,
  LOSE2 = 4,
  PUSH2 = 5,
  WIN2 = 6;

export function blackjackMath(def: BlackjackDefinition): GameMath {
  // Cards by value 1 (ace) .. 10 (tens and faces).
  const left = Array.from({ length: 11 }, (_, v) => (v === 0 ? 0 : v === 10 ? 16 : 4) * def.decks);
  let cards = def.decks * 52;
  // The cards dealt so far as one number (mixed radix: no hand holds more than 57 points, so at most
  // floor(57 / v) cards of value v are out), a fast exact memo key. 57 = the player's 31 + the dealer's 26.
  const place = new Array<number>(11).fill(0);
  for (let v = 1, w = 1; v <= 10; v++) {
    place[v] = w;
    w *= Math.min(left[v], Math.floor(57 / v)) + 1;
    if (v === 10 && w * 64 > Number.MAX_SAFE_INTEGER) throw new Error('blackjack math: memo key too large');
  }
  let dealt = 0;
  const take = (v: number) => {
    const p = left[v] / cards;
    left[v]--;
    cards--;
    dealt += place[v];
    return p;
  };
  const back = (v: number) => {
    left[v]++;
    cards++;
    dealt -= place[v];
  };
  const best = (sum: number, ace: boolean) => (ace && sum + 10 <= 21 ? sum + 10 : sum);

  // Dealer's final total distribution [17, 18, 19, 20, 21, bust] from (sum, ace), cards left as they are.
  const dealerMemo = new Map<number, Float64Array>();
  const dealerFrom = (sum: number, ace: boolean): Float64Array => {
    const key = dealt * 64 + sum * 2 + (ace ? 1 : 0);
    const hit = dealerMemo.get(key);
    if (hit) return hit;
    const out = new Float64Array(6);
    dealerPlays(sum, ace, 1, out);
    dealerMemo.set(key, out);
    return out;
  };
  // The dealer's draws from (sum, ace), adding each final total's probability x weight to out.
  const dealerPlays = (sum: number, ace: boolean, weight: number, out: Float64Array): void => {
    const t = best(sum, ace);
    const soft = t !== sum;
    if (t > 21) out[5] += weight;
    else if (t > 17 || (t === 17 && !(soft && def.dealerHitsSoft17))) out[t - 17] += weight;
    else {
      for (let v = 1; v <= 10; v++) {
        if (!left[v]) continue;
        const p = take(v);
        dealerPlays(sum + v, ace || v === 1, weight * p, out);
        back(v);
      }
    }
  };
  let dealerStart = { sum: 0, ace: false };
  let up = 0;
  // Standing on `total` (doubled or not): outcome distribution against the dealer from here.
  const stand = (total: number, doubled: boolean): Float64Array => {
    const d = dealerFrom(dealerStart.sum, dealerStart.ace);
    const o = new Float64Array(7);
    const [lose, push, win] = doubled ? [LOSE2, PUSH2, WIN2] : [LOSE, PUSH, WIN];
    o[win] += d[5];
    for (let t = 17; t <= 21; t++) o[total > t ? win : total === t ? push : lose] += d[t - 17];
    return o;
  };
  const player = (sum: number, ace: boolean, two: boolean): Float64Array => {
    const total = best(sum, ace);
    if (total === 21) return stand(21, false);
    const move = basicStrategyMove(total, total !== sum, up, two, def.dealerHitsSoft17);
    if (move === 'stand') return stand(total, false);
    const o = new Float64Array(7);
    for (let v = 1; v <= 10; v++) {
      if (!left[v]) continue;
      const p = take(v);
      const s = sum + v;
      const a = ace || v === 1;
      const t = best(s, a);
      let sub: Float64Array;
      if (t > 21) {
        sub = new Float64Array(7);
        sub[move === 'double' ? LOSE2 : LOSE] = 1;
      } else sub = move === 'double' ? stand(t, true) : player(s, a, false);
      for (let i = 0; i < 7; i++) o[i] += p * sub[i];
      back(v);
    }
    return o;
  };

  const total = new Float64Array(7);
  // Deal order: player, dealer up, player, dealer hole.
  for (let a = 1; a <= 10; a++) {
    const pa = take(a);
    for (let u = 1; u <= 10; u++) {
      if (!left[u]) continue;
      const pu = take(u);
      for (let b = 1; b <= 10; b++) {
        if (!left[b]) continue;
        const pb = take(b);
        for (let h = 1; h <= 10; h++) {
          if (!left[h]) continue;
          const ph = take(h);
          const w = pa * pu * pb * ph;
          const dealerBJ = (u === 1 && h === 10) || (u === 10 && h === 1);
          const playerBJ = (a === 1 && b === 10) || (a === 10 && b === 1);
          if (dealerBJ) total[playerBJ ? PUSH : LOSE] += w;
          else if (playerBJ) total[BLACKJACK] += w;
          else {
            dealerStart = { sum: u + h, ace: u === 1 || h === 1 };
            up = u === 1 ? 11 : u;
            const o = player(a + b, a === 1 || b === 1, true);
            for (let i = 0; i < 7; i++) total[i] += w * o[i];
          }
          back(h);
        }
        back(b);
      }
      back(u);
    }
    back(a);
  }
  const main = betMath(
    'basic strategy',
    BJ_OUTCOMES.map(([returned, staked], i) => ({ p: total[i], returned, staked })),
  );
  return {
    kind: 'blackjack',
    ...main,
    method: `exact recursion over a fresh ${def.decks}-deck shoe (every card removal counted), basic strategy without splits`,
    bets: [main],
  };
}
