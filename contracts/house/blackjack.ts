import type { BlackjackAction, BlackjackDefinition, Card } from '../games';
import { createShoe, handTotal } from './cards';
import type { RandomSource } from './random';

/**
 * Blackjack, one hand against the dealer, from a fresh shoe per round. Deal order: player, dealer
 * up card, player, dealer hole card; later cards come off the same shoe in the order they are
 * needed, so a round is replayed exactly from its seeds and the player's actions.
 * Rules: blackjack pays 3:2, the dealer peeks (a dealer blackjack ends the hand at once), double on
 * the first two cards only (one more card), a player 21 stands automatically, no split or insurance.
 */

export type BlackjackResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust' | 'dealer_blackjack';

export interface BlackjackState {
  kind: 'blackjack';
  playerCards: Card[];
  dealerCards: Card[];
  playerTotal: number;
  playerSoft: boolean;
  dealerTotal: number;
  doubled: boolean;
  allowed: BlackjackAction[];
  result: BlackjackResult | null;
  totalWin: number;
  /** Total staked (the bet, twice it after a double). */
  stake: number;
}

export class BlackjackActionError extends Error {}

const isBlackjack = (cards: Card[]) => cards.length === 2 && handTotal(cards).total === 21;

/** A hand in play: dealt from its own shoe, advanced one action at a time. */
export class BlackjackHand {
  readonly player: Card[];
  readonly dealer: Card[];
  stake: number;
  doubled = false;
  result: BlackjackResult | null = null;
  private dealerPlays = false;
  private readonly shoe: ReturnType<typeof createShoe>;

  constructor(
    private readonly def: BlackjackDefinition,
    rng: RandomSource,
    private readonly bet: number,
  ) {
    this.shoe = createShoe(def.decks, rng);
    const s = this.shoe;
    this.player = [s.draw()];
    this.dealer = [s.draw()];
    this.player.push(s.draw());
    this.dealer.push(s.draw());
    this.stake = bet;
    if (isBlackjack(this.dealer)) this.result = isBlackjack(this.player) ? 'push' : 'dealer_blackjack';
    else if (isBlackjack(this.player)) this.result = 'blackjack';
  }

  allowed(): BlackjackAction[] {
    if (this.result || this.dealerPlays) return [];
    return this.player.length === 2 ? ['hit', 'stand', 'double'] : ['hit', 'stand'];
  }

  act(action: BlackjackAction): void {
    if (!this.allowed().includes(action)) throw new BlackjackActionError(`${action} is not allowed now`);
    if (action === 'stand') this.dealerPlays = true;
    else {
      if (action === 'double') {
        this.stake = this.bet * 2;
        this.doubled = true;
      }
      this.player.push(this.shoe.draw());
      const t = handTotal(this.player).total;
      if (t > 21) this.result = 'bust';
      else if (t === 21 || this.doubled) this.dealerPlays = true;
    }
    if (this.dealerPlays && !this.result) this.finish();
  }

  private finish(): void {
    for (;;) {
      const d = handTotal(this.dealer);
      if (d.total < 17 || (this.def.dealerHitsSoft17 && d.total === 17 && d.soft)) this.dealer.push(this.shoe.draw());
      else break;
    }
    const p = handTotal(this.player).total;
    const d = handTotal(this.dealer).total;
    this.result = d > 21 || p > d ? 'win' : p === d ? 'push' : 'lose';
  }

  /** What the hand returns (stake included) once settled. */
  totalWin(): number {
    const r = this.result;
    const stake = this.stake;
    return r === 'blackjack' ? stake + (stake * 3) / 2 : r === 'win' ? stake * 2 : r === 'push' ? stake : 0;
  }

  state(): BlackjackState {
    const open = this.result === null;
    const p = handTotal(this.player);
    const shownDealer = open ? [this.dealer[0]] : [...this.dealer];
    return {
      kind: 'blackjack',
      playerCards: [...this.player],
      dealerCards: shownDealer,
      playerTotal: p.total,
      playerSoft: p.soft,
      dealerTotal: handTotal(shownDealer).total,
      doubled: this.doubled,
      allowed: this.allowed(),
      result: this.result,
      totalWin: this.totalWin(),
      stake: this.stake,
    };
  }
}

/** Replays a hand: the deal for `bet`, then `actions` in order. Throws BlackjackActionError on an action not allowed. */
export function playBlackjack(def: BlackjackDefinition, rng: RandomSource, bet: number, actions: BlackjackAction[]): BlackjackState {
  const hand = new BlackjackHand(def, rng, bet);
  for (const action of actions) hand.act(action);
  return hand.state();
}

export function blackjackBetProblem(def: BlackjackDefinition, bet: number): string | null {
  if (bet < def.minBet || bet > def.maxBet || bet % def.betUnit !== 0 || bet % 2 !== 0) return 'amount outside the table limits';
  return null;
}

/**
 * The basic strategy (no split) the declared RTP assumes; the RTP simulation plays it.
 * Returns the action for a player hand against the dealer's up card.
 */
export function basicStrategy(player: Card[], up: Card, def: BlackjackDefinition): BlackjackAction {
  const { total, soft } = handTotal(player);
  const u = handTotal([up]).total; // 2..11
  const canDouble = player.length === 2;
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) {
      if (canDouble && u >= 3 && u <= 6) return 'double';
      return u <= 8 ? 'stand' : 'hit';
    }
    if (total === 17) return canDouble && u >= 3 && u <= 6 ? 'double' : 'hit';
    if (total >= 15) return canDouble && u >= 4 && u <= 6 ? 'double' : 'hit';
    return canDouble && u >= 5 && u <= 6 ? 'double' : 'hit';
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return u <= 6 ? 'stand' : 'hit';
  if (total === 12) return u >= 4 && u <= 6 ? 'stand' : 'hit';
  if (total === 11) return canDouble && (u <= 10 || def.dealerHitsSoft17) ? 'double' : 'hit';
  if (total === 10) return canDouble && u <= 9 ? 'double' : 'hit';
  if (total === 9) return canDouble && u >= 3 && u <= 6 ? 'double' : 'hit';
  return 'hit';
}

/** Plays a whole hand by basic strategy (simulation): returns the stake and what came back. */
export function playBlackjackByStrategy(def: BlackjackDefinition, rng: RandomSource, bet: number): { stake: number; win: number } {
  const hand = new BlackjackHand(def, rng, bet);
  while (hand.result === null) hand.act(basicStrategy(hand.player, hand.dealer[0], def));
  return { stake: hand.stake, win: hand.totalWin() };
}
