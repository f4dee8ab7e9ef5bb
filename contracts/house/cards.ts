import type { Card } from '../games';
import type { RandomSource } from './random';

const RANKS: Card['rank'][] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS: Card['suit'][] = ['S', 'H', 'D', 'C'];

/**
 * A freshly shuffled shoe of `decks` decks for one round. Cards are drawn one at a time without
 * replacement: each draw picks uniformly among the cards left (the same as dealing from a shoe
 * shuffled by Fisher-Yates, without shuffling cards nobody will see).
 */
export function createShoe(decks: number, rng: RandomSource) {
  // counts[i] = copies left of card i (rank = i % 13, suit = floor(i / 13)), in the order A..K of S, H, D, C.
  const counts = new Array(52).fill(decks);
  let left = 52 * decks;
  return {
    draw(): Card {
      let pick = rng.int(left);
      for (let i = 0; i < 52; i++) {
        if (pick < counts[i]) {
          counts[i]--;
          left--;
          return { rank: RANKS[i % 13], suit: SUITS[Math.floor(i / 13)] };
        }
        pick -= counts[i];
      }
      throw new Error('shoe: empty');
    },
  };
}

/** Baccarat value: A = 1, 2-9 face value, 10 and faces 0. */
export const baccaratValue = (card: Card) => (card.rank === 'A' ? 1 : ['10', 'J', 'Q', 'K'].includes(card.rank) ? 0 : Number(card.rank));

/** Blackjack value of one card (ace counted as 1 here; see handTotal). */
export const blackjackValue = (card: Card) => (card.rank === 'A' ? 1 : ['10', 'J', 'Q', 'K'].includes(card.rank) ? 10 : Number(card.rank));

/** Best blackjack total and whether an ace counts as 11 in it. */
export function handTotal(cards: Card[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    total += blackjackValue(c);
    if (c.rank === 'A') aces++;
  }
  if (aces > 0 && total + 10 <= 21) return { total: total + 10, soft: true };
  return { total, soft: false };
}
