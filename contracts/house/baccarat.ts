import type { BaccaratBet, BaccaratDefinition, Card } from '../games';
import { baccaratValue, createShoe } from './cards';
import { invalidBets, opposingBets, type BetsProblem } from './problems';
import type { RandomSource } from './random';

/** Punto banco from a fresh shoe: P, B, P, B dealt, then the standard third-card rules. */

const total = (cards: Card[]) => cards.reduce((s, c) => s + baccaratValue(c), 0) % 10;

/** Does the banker draw, given its total and the player's third card (null when the player stood)? */
export function bankerDraws(bankerTotal: number, playerThird: Card | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  const t = baccaratValue(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return t !== 8;
    case 4:
      return t >= 2 && t <= 7;
    case 5:
      return t >= 4 && t <= 7;
    case 6:
      return t === 6 || t === 7;
    default:
      return false;
  }
}

export function baccaratBetsProblem(def: BaccaratDefinition, bets: BaccaratBet[]): BetsProblem | null {
  const seen = new Set<string>();
  for (const bet of bets) {
    if (seen.has(bet.type)) return invalidBets('one bet per spot');
    seen.add(bet.type);
    if (bet.amount < def.minBet || bet.amount > def.maxBet || bet.amount % def.betUnit !== 0) return invalidBets('amount outside the table limits');
  }
  return baccaratOpposingBets(bets.map((b) => b.type)) ? opposingBets('player and banker in one round') : null;
}

/** Player and banker together: one of them wins whatever the cards (a tie returns both). */
export const baccaratOpposingBets = (types: readonly BaccaratBet['type'][]) => types.includes('player') && types.includes('banker');

/** What one bet returns (stake included). Banker wins pay 0.95:1, rounded down to whole coins. */
export function baccaratBetReturn(def: BaccaratDefinition, bet: BaccaratBet, result: 'player' | 'banker' | 'tie'): number {
  if (result === 'tie') return bet.type === 'tie' ? bet.amount * (def.tiePays + 1) : bet.amount;
  if (bet.type !== result) return 0;
  return bet.type === 'banker' ? bet.amount + Math.floor((bet.amount * 95) / 100) : bet.amount * 2;
}

export function playBaccarat(def: BaccaratDefinition, rng: RandomSource, bets: BaccaratBet[]) {
  const shoe = createShoe(def.decks, rng);
  const playerCards = [shoe.draw()];
  const bankerCards = [shoe.draw()];
  playerCards.push(shoe.draw());
  bankerCards.push(shoe.draw());
  const natural = total(playerCards) >= 8 || total(bankerCards) >= 8;
  if (!natural) {
    let playerThird: Card | null = null;
    if (total(playerCards) <= 5) {
      playerThird = shoe.draw();
      playerCards.push(playerThird);
    }
    if (bankerDraws(total(bankerCards), playerThird)) bankerCards.push(shoe.draw());
  }
  const playerTotal = total(playerCards);
  const bankerTotal = total(bankerCards);
  const result = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  let totalWin = 0;
  const settled = bets.map((bet) => {
    const win = baccaratBetReturn(def, bet, result);
    totalWin += win;
    return { ...bet, win };
  });
  return { kind: 'baccarat' as const, playerCards, bankerCards, playerTotal, bankerTotal, result, bets: settled, totalWin } as const;
}
