import type {
  BaccaratBet,
  BaccaratDefinition,
  BlackjackDefinition,
  Card,
  GameDefinition,
  RouletteBet,
  RouletteDefinition,
  SlotDefinition,
} from '../../../contracts/games';
import { playBaccarat } from '../../../contracts/house/baccarat';
import { basicStrategy, playBlackjackByStrategy } from '../../../contracts/house/blackjack';
import { simulationRandom, type RandomSource } from '../../../contracts/house/random';
import { coveredNumbers, playRoulette, POCKETS, ROULETTE_PAYOUTS, rouletteBetReturn } from '../../../contracts/house/roulette';
import { playSlot, slotRoundWin, slotTheoreticalRtp } from '../../../contracts/house/slot';
import type { CatalogueEntry } from './catalogue';

/**
 * RTP proofs. Two independent checks of every game, both able to fail:
 *
 * 1. Declared against exact (checkDeclaredRtp): the catalogue's declared RTP (catalogue.json, the
 *    RTP of the game's main bet, rounded to 6 decimals) must equal the exact RTP of the game's maths
 *    within DECLARED_TOLERANCE. Exact means: slots from the reel strips (slotTheoreticalRtp; the
 *    formula is itself proven against the engine by exhaustive enumeration of a small slot,
 *    slotEnumeratedRtp), roulette by playing the engine on each of the 37 pockets for every legal
 *    bet, baccarat by playing the engine on every card sequence of a fresh shoe (weighted by its
 *    probability), blackjack by a composition-dependent calculation over the whole shoe for the
 *    basic strategy the engine's simulation plays.
 *
 * 2. Engine against declared (simulateGame): plays the pure engine many times and compares the
 *    measured return with the declared one (side bets: with their exact RTP). The mean return of N
 *    rounds has standard error sd/sqrt(N), sd being the spread of one round's return per unit
 *    staked, measured in the same run. A bet passes when |measured - declared| <= 4.5 standard
 *    errors: an engine that matches its maths fails by chance about 7 times in a million, a real
 *    bias of several standard errors is caught. What that means in RTP points depends on the game
 *    (tests/unit/rtp.test.ts states it): about 0.5 points for the table games' main bets at 1,000,000
 *    rounds, but 2 to 4 points for the catalogue's slots (free spins make one round's return very
 *    spread), so for slots the 1-point guarantee comes from check 1 and the enumeration.
 */
export const RTP_TOLERANCE_SE = 4.5;

/** The catalogue declares RTPs rounded to 6 decimals: declared and exact agree to half that unit. */
export const DECLARED_TOLERANCE = 5e-7;

export interface RtpCheck {
  gameCode: string;
  /** Which bet was simulated (table games check each main bet). */
  bet: string;
  rounds: number;
  declared: number;
  measured: number;
  standardError: number;
  withinTolerance: boolean;
}

function summarise(gameCode: string, bet: string, declared: number, rounds: number, returned: number, staked: number, sumSq: number): RtpCheck {
  const measured = returned / staked;
  const perRoundStake = staked / rounds;
  // Variance of one round's return per unit staked.
  const meanSq = sumSq / rounds;
  const sd = Math.sqrt(Math.max(0, meanSq - (measured * perRoundStake) ** 2)) / perRoundStake;
  const standardError = sd / Math.sqrt(rounds);
  return { gameCode, bet, rounds, declared, measured, standardError, withinTolerance: Math.abs(measured - declared) <= RTP_TOLERANCE_SE * standardError };
}

/* ------------------------------------------------------------------------------------------------
 * Roulette: the engine played on every pocket, for every legal bet.
 * --------------------------------------------------------------------------------------------- */

/** Every legal bet on the layout (validated by the engine's own coveredNumbers). */
export function everyRouletteBet(amount: number): RouletteBet[] {
  const bets: RouletteBet[] = [];
  const numbers = Array.from({ length: POCKETS }, (_, n) => n);
  const subsets = (pool: number[], size: number): number[][] =>
    size === 0 ? [[]] : pool.flatMap((n, i) => subsets(pool.slice(i + 1), size - 1).map((rest) => [n, ...rest]));
  const tryAdd = (bet: RouletteBet) => {
    if (coveredNumbers(bet)) bets.push(bet);
  };
  for (const n of numbers) tryAdd({ type: 'straight', numbers: [n], amount });
  for (const s of subsets(numbers, 2)) tryAdd({ type: 'split', numbers: s, amount });
  for (const s of subsets(numbers, 3)) tryAdd({ type: 'street', numbers: s, amount });
  for (const s of subsets(numbers, 4)) tryAdd({ type: 'corner', numbers: s, amount });
  // Six numbers: every 6-subset of a window of 9 consecutive numbers (a line spans 6).
  const lines = new Set<string>();
  for (let start = 0; start + 9 <= POCKETS; start++) {
    for (const s of subsets(numbers.slice(start, start + 9), 6)) {
      if (!lines.has(s.join()) && coveredNumbers({ type: 'line', numbers: s })) {
        lines.add(s.join());
        bets.push({ type: 'line', numbers: s, amount });
      }
    }
  }
  for (const value of [1, 2, 3]) {
    tryAdd({ type: 'dozen', value, amount });
    tryAdd({ type: 'column', value, amount });
  }
  for (const type of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) tryAdd({ type, amount });
  return bets;
}

/** Exact RTP of one roulette bet: the engine's payout on each of the 37 equally likely pockets. */
export function rouletteBetExactRtp(def: RouletteDefinition, bet: RouletteBet): number {
  let returned = 0;
  for (let pocket = 0; pocket < POCKETS; pocket++) {
    const rng: RandomSource = {
      int(n) {
        if (n !== POCKETS) throw new Error(`roulette enumeration: the engine drew from ${n}, not ${POCKETS}`);
        return pocket;
      },
    };
    const spin = playRoulette(def, rng, [bet]);
    if (spin.number !== pocket) throw new Error('roulette enumeration: the engine did not land on the drawn pocket');
    returned += spin.totalWin;
  }
  return returned / POCKETS / bet.amount;
}

/* ------------------------------------------------------------------------------------------------
 * Baccarat: the engine played on every card sequence of a fresh shoe.
 * --------------------------------------------------------------------------------------------- */

/** Card value classes: A, 2..9, then ten/J/Q/K together (they score alike in baccarat and blackjack). */
const RANK_INDEX: Record<Card['rank'], number> = { A: 0, '2': 1, '3': 2, '4': 3, '5': 4, '6': 5, '7': 6, '8': 7, '9': 8, '10': 9, J: 9, Q: 9, K: 9 };
/** The class of the shoe's card i (contracts/house/cards.ts: rank i % 13 in A..K order). */
const shoeClass = (i: number) => Math.min(i % 13, 9);
const NEED_CARD = Symbol('the script has no card left');

/**
 * Plays `play` on every sequence of value classes a fresh shoe can deal, each weighted by its exact
 * probability (drawing without replacement), and calls `visit(weight, result, dealt)`. The engine is
 * replayed with a script of classes: its shoe asks for rng.int(cards left), and the script answers
 * with the index of a card of the wanted class (mirroring the shoe's card order, checked afterwards
 * by the caller against the cards actually dealt). When the engine needs one more card than the
 * script holds, the sequence branches on every class still in the shoe.
 */
function enumerateShoe<T>(decks: number, play: (rng: RandomSource) => T, visit: (weight: number, result: T, script: number[]) => void): void {
  const explore = (script: number[], weight: number) => {
    const counts = new Array<number>(52).fill(decks);
    const classLeft = Array.from({ length: 10 }, (_, c) => decks * (c === 9 ? 16 : 4));
    let left = 52 * decks;
    let k = 0;
    const rng: RandomSource = {
      int(n) {
        if (n !== left) throw new Error(`shoe enumeration: the engine drew from ${n} cards, ${left} are left`);
        if (k === script.length) throw NEED_CARD;
        const wanted = script[k++];
        let index = 0;
        for (let i = 0; i < 52; i++) {
          if (counts[i] > 0 && shoeClass(i) === wanted) {
            counts[i]--;
            classLeft[wanted]--;
            left--;
            return index;
          }
          index += counts[i];
        }
        throw new Error(`shoe enumeration: no card of class ${wanted} left`);
      },
    };
    let result: T;
    try {
      result = play(rng);
    } catch (error) {
      if (error !== NEED_CARD) throw error;
      const total = left;
      for (let c = 0; c < 10; c++) if (classLeft[c] > 0) explore([...script, c], (weight * classLeft[c]) / total);
      return;
    }
    if (k !== script.length) throw new Error('shoe enumeration: the engine dealt fewer cards than the sequence');
    visit(weight, result, script);
  };
  explore([], 1);
}

export interface BaccaratExact {
  player: number;
  banker: number;
  tie: number;
  /** Exact RTP of each bet at `amount` (the table's minimum bet). */
  rtp: { banker: number; player: number; tie: number };
}

const baccaratCache = new Map<string, BaccaratExact>();

/** Exact outcome probabilities and bet RTPs of a baccarat table, by enumeration of its engine. */
export function baccaratExact(def: BaccaratDefinition): BaccaratExact {
  const key = JSON.stringify(def);
  const hit = baccaratCache.get(key);
  if (hit) return hit;
  const amount = def.minBet;
  const bets: BaccaratBet[] = [
    { type: 'banker', amount },
    { type: 'player', amount },
    { type: 'tie', amount },
  ];
  const p = { player: 0, banker: 0, tie: 0 };
  const returned = [0, 0, 0];
  let totalWeight = 0;
  enumerateShoe(
    def.decks,
    (rng) => playBaccarat(def, rng, bets),
    (weight, hand, script) => {
      // Deal order: player, banker, player, banker, then the player's third card, then the banker's.
      const dealt = [
        hand.playerCards[0],
        hand.bankerCards[0],
        hand.playerCards[1],
        hand.bankerCards[1],
        ...hand.playerCards.slice(2),
        ...hand.bankerCards.slice(2),
      ];
      if (dealt.length !== script.length || dealt.some((card, j) => RANK_INDEX[card.rank] !== script[j]))
        throw new Error('baccarat enumeration: the engine dealt other cards than the sequence');
      totalWeight += weight;
      p[hand.result] += weight;
      for (const [i, b] of hand.bets.entries()) returned[i] += weight * b.win;
    },
  );
  if (Math.abs(totalWeight - 1) > 1e-9) throw new Error(`baccarat enumeration: probabilities sum to ${totalWeight}`);
  const exact = { ...p, rtp: { banker: returned[0] / amount, player: returned[1] / amount, tie: returned[2] / amount } };
  baccaratCache.set(key, exact);
  return exact;
}

/* ------------------------------------------------------------------------------------------------
 * Blackjack: composition-dependent expectation over the whole shoe.
 * --------------------------------------------------------------------------------------------- */

const CLASS_RANK: Card['rank'][] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
const CLASS_VALUE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const classCard = (c: number): Card => ({ rank: CLASS_RANK[c], suit: 'S' });
const blackjackCache = new Map<string, { rtp: number; returned: number; staked: number }>();

/**
 * Exact RTP (returned / staked, doubles included) of one hand played by contracts/house/blackjack.ts's
 * basicStrategy, from a fresh shoe of `decks` decks, under the engine's rules: deal player, dealer,
 * player, dealer hole; the dealer peeks (a dealer blackjack ends the hand, a player blackjack then
 * pushes); a player blackjack pays 3:2; double on two cards takes one card; 21 stands; the dealer
 * draws to 17 (and on soft 17 when dealerHitsSoft17). Every card sequence is weighted by its exact
 * probability without replacement; written from the rules, not from the engine's code, so the two
 * check each other (the simulation of the engine is compared with this value).
 */
export function blackjackExact(def: BlackjackDefinition): { rtp: number; returned: number; staked: number } {
  const key = `${def.decks}:${def.dealerHitsSoft17}`;
  const hit = blackjackCache.get(key);
  if (hit) return hit;
  const counts = CLASS_VALUE.map((_, c) => def.decks * (c === 9 ? 16 : 4));
  let left = def.decks * 52;
  const take = (c: number) => {
    const p = counts[c] / left;
    counts[c]--;
    left--;
    return p;
  };
  const put = (c: number) => {
    counts[c]++;
    left++;
  };
  const best = (sum: number, ace: boolean) => (ace && sum + 10 <= 21 ? sum + 10 : sum);

  // The dealer's final total (17..21, or 22 for bust), from its two cards and the shoe left.
  let dealerSum = 0;
  let dealerAce = false;
  const dealerDraw = (sum: number, ace: boolean, out: Float64Array, weight: number) => {
    const total = best(sum, ace);
    const soft = total !== sum;
    if (total > 21) out[5] += weight;
    else if (total > 17 || (total === 17 && !(soft && def.dealerHitsSoft17))) out[total - 17] += weight;
    else {
      for (let c = 0; c < 10; c++) {
        if (!counts[c]) continue;
        const p = take(c);
        dealerDraw(sum + CLASS_VALUE[c], ace || c === 0, out, weight * p);
        put(c);
      }
    }
  };
  // Memo per deal: the dealer's outcome depends only on the cards left once its two are known.
  let memo = new Map<string, Float64Array>();
  const standReturn = (player: number) => {
    const key = counts.join();
    let dist = memo.get(key);
    if (!dist) {
      dist = new Float64Array(6);
      dealerDraw(dealerSum, dealerAce, dist, 1);
      memo.set(key, dist);
    }
    let r = dist[5] * 2;
    for (let d = 17; d <= 21; d++) r += dist[d - 17] * (player > d ? 2 : player === d ? 1 : 0);
    return r;
  };
  let up: Card = classCard(0);
  // Expected [returned, staked] per unit bet from a player hand, the strategy choosing each action.
  const playerPlays = (cards: number[], sum: number, ace: boolean): [number, number] => {
    const total = best(sum, ace);
    if (total === 21) return [standReturn(21), 1];
    const action = basicStrategy(cards.map(classCard), up, def);
    if (action === 'stand') return [standReturn(total), 1];
    let returned = 0;
    let staked = 0;
    for (let c = 0; c < 10; c++) {
      if (!counts[c]) continue;
      const p = take(c);
      const s = sum + CLASS_VALUE[c];
      const a = ace || c === 0;
      const t = best(s, a);
      if (action === 'double') {
        returned += p * (t > 21 ? 0 : 2 * standReturn(t));
        staked += p * 2;
      } else if (t > 21) staked += p;
      else {
        const [r, k] = playerPlays([...cards, c], s, a);
        returned += p * r;
        staked += p * k;
      }
      put(c);
    }
    return [returned, staked];
  };

  let returned = 0;
  let staked = 0;
  const isTen = (c: number) => c === 9;
  // The player's two cards are exchangeable: (a, b) and (b, a) are equally likely and play alike.
  for (let a = 0; a < 10; a++) {
    const pa = take(a);
    for (let u = 0; u < 10; u++) {
      if (!counts[u]) continue;
      const pu = take(u);
      for (let b = a; b < 10; b++) {
        if (!counts[b]) continue;
        const pb = take(b);
        for (let h = 0; h < 10; h++) {
          if (!counts[h]) continue;
          const ph = take(h);
          const weight = pa * pu * pb * ph * (a === b ? 1 : 2);
          const dealerBlackjack = (u === 0 && isTen(h)) || (isTen(u) && h === 0);
          const playerBlackjack = (a === 0 && isTen(b)) || (isTen(a) && b === 0);
          if (dealerBlackjack) {
            returned += weight * (playerBlackjack ? 1 : 0);
            staked += weight;
          } else if (playerBlackjack) {
            returned += weight * 2.5;
            staked += weight;
          } else {
            dealerSum = CLASS_VALUE[u] + CLASS_VALUE[h];
            dealerAce = u === 0 || h === 0;
            up = classCard(u);
            memo = new Map();
            const [r, k] = playerPlays([a, b], CLASS_VALUE[a] + CLASS_VALUE[b], a === 0 || b === 0);
            returned += weight * r;
            staked += weight * k;
          }
          put(h);
        }
        put(b);
      }
      put(u);
    }
    put(a);
  }
  const exact = { rtp: returned / staked, returned, staked };
  blackjackCache.set(key, exact);
  return exact;
}

/* ------------------------------------------------------------------------------------------------
 * Slots: exhaustive enumeration of the engine (small definitions only).
 * --------------------------------------------------------------------------------------------- */

/**
 * The exact RTP of a slot's engine, by playing it (playSlot, the path real rounds take) on every
 * combination of reel stops, free spins included: every combination is played once as the paid
 * spin and once as a free spin (after a fixed triggering spin), giving per spin the expected win
 * and expected spins awarded, at the base and at the free-spin multiplier. Free spins are fresh,
 * independent spins, so a round's expected number of free spins is
 *   awarded by the paid spin / (1 - awarded per free spin)   (retriggers; needs the latter < 1)
 * and RTP = (paid spin's win + that number x a free spin's win) / bet. Exact but for the engine's
 * cap of MAX_FREE_SPINS per round, whose effect is far below floating-point precision here.
 * Refuses definitions with more than `maxCombinations` stop combinations.
 */
export function slotEnumeratedRtp(
  def: SlotDefinition,
  maxCombinations = 2_000_000,
): { rtp: number; combinations: number; triggerChance: number; freeSpinsPerRound: number } {
  const lengths = def.reels.map((r) => r.length);
  const combinations = lengths.reduce((a, b) => a * b, 1);
  if (combinations > maxCombinations) throw new Error(`slot enumeration: ${combinations} combinations (limit ${maxCombinations})`);
  const bet = def.betLevels[0];
  // A source that deals the given spins' stops in order, then `filler` for any further spin.
  const scripted = (spins: number[][], filler: number[]): RandomSource => {
    let call = 0;
    return {
      int(n) {
        const spin = Math.floor(call / lengths.length);
        const reel = call % lengths.length;
        call++;
        if (n !== lengths[reel]) throw new Error(`slot enumeration: reel ${reel} drawn from ${n}, strip has ${lengths[reel]}`);
        return (spin < spins.length ? spins[spin] : filler)[reel];
      },
    };
  };
  const each = (visit: (stops: number[]) => void) => {
    const stops = lengths.map(() => 0);
    for (let i = 0; i < combinations; i++) {
      visit(stops);
      for (let r = lengths.length - 1; r >= 0; r--) {
        if (++stops[r] < lengths[r]) break;
        stops[r] = 0;
      }
    }
  };
  // A combination awarding no free spins, dealt after the spins of interest so rounds end.
  let filler: number[] | null = null;
  each((stops) => {
    if (!filler && playSlot(def, scripted([stops], stops), bet).base.freeSpinsAwarded === 0) filler = [...stops];
  });
  if (!filler) throw new Error('slot enumeration: every combination awards free spins');
  const end = filler as number[];
  let baseWin = 0;
  let baseAwarded = 0;
  let triggers = 0;
  let trigger: number[] | null = null;
  each((stops) => {
    const round = playSlot(def, scripted([stops], end), bet);
    if (round.base.multiplier !== 1) throw new Error('slot enumeration: the paid spin is not at multiplier 1');
    baseWin += round.base.win;
    baseAwarded += round.base.freeSpinsAwarded;
    if (round.base.freeSpinsAwarded > 0) {
      triggers++;
      trigger ??= [...stops];
    }
  });
  let freeWin = 0;
  let freeAwarded = 0;
  if (trigger) {
    const start = trigger as number[];
    each((stops) => {
      const free = playSlot(def, scripted([start, stops], end), bet).freeSpins[0];
      freeWin += free.win;
      freeAwarded += free.freeSpinsAwarded;
    });
  }
  const perFreeAwarded = freeAwarded / combinations;
  if (trigger && perFreeAwarded >= 1) throw new Error('slot enumeration: free spins never end on average');
  const freeSpinsPerRound = trigger ? baseAwarded / combinations / (1 - perFreeAwarded) : 0;
  const rtp = (baseWin / combinations + freeSpinsPerRound * (freeWin / combinations)) / bet;
  return { rtp, combinations, triggerChance: triggers / combinations, freeSpinsPerRound };
}

/* ------------------------------------------------------------------------------------------------
 * Declared against exact.
 * --------------------------------------------------------------------------------------------- */

/** The bet whose RTP the catalogue declares. */
export const MAIN_BET: Record<GameDefinition['kind'], string> = {
  slot: 'spin',
  roulette: 'every bet but the French even chances',
  baccarat: 'banker',
  blackjack: 'basic strategy',
};

/** La partage (French roulette): an even-chance bet returns half its stake on zero: (18 x 2 + 1/2) / 37. */
export const LA_PARTAGE_RTP = 1 - 1 / 74;

/** The exact RTP of the main bet (see MAIN_BET); roulette: every bet must share it, checked here. */
export function exactMainRtp(def: GameDefinition): number {
  switch (def.kind) {
    case 'slot':
      return slotTheoreticalRtp(def).rtp;
    case 'roulette': {
      const rtps = everyRouletteBet(def.minBet)
        .filter((b) => !(def.variant === 'french' && ROULETTE_PAYOUTS[b.type] === 1))
        .map((b) => rouletteBetExactRtp(def, b));
      const min = Math.min(...rtps);
      // Not one value would mean some bets differ: report the worst, so a declared value equal to
      // another bet's return cannot pass for it.
      return Math.abs(Math.max(...rtps) - min) < 1e-12 ? min : Number.NaN;
    }
    case 'baccarat':
      return baccaratExact(def).rtp.banker;
    case 'blackjack':
      return blackjackExact(def).rtp;
  }
}

export interface DeclaredCheck {
  gameCode: string;
  bet: string;
  declared: number;
  exact: number;
  ok: boolean;
}

export function checkDeclaredRtp(entry: Pick<CatalogueEntry, 'gameCode' | 'rtp' | 'definition'>): DeclaredCheck {
  const exact = exactMainRtp(entry.definition);
  return { gameCode: entry.gameCode, bet: MAIN_BET[entry.definition.kind], declared: entry.rtp, exact, ok: Math.abs(exact - entry.rtp) <= DECLARED_TOLERANCE };
}

/* ------------------------------------------------------------------------------------------------
 * Engine against declared, by simulation.
 * --------------------------------------------------------------------------------------------- */

/** The bets simulated and the RTP each must show: the main bet its declared RTP, side bets their exact one. */
export function simulatedBets(def: GameDefinition, declared: number): Array<{ bet: string; rtp: number }> {
  switch (def.kind) {
    case 'slot':
      return [{ bet: 'spin', rtp: declared }];
    case 'roulette':
      return [
        { bet: 'straight', rtp: declared },
        { bet: 'red', rtp: def.variant === 'french' ? rouletteBetExactRtp(def, { type: 'red', amount: def.minBet }) : declared },
      ];
    case 'baccarat': {
      const exact = baccaratExact(def).rtp;
      return [
        { bet: 'banker', rtp: declared },
        { bet: 'player', rtp: exact.player },
        { bet: 'tie', rtp: exact.tie },
      ];
    }
    case 'blackjack':
      return [{ bet: 'basic strategy', rtp: declared }];
  }
}

interface Tally {
  returned: number;
  staked: number;
  sumSq: number;
}
const tally = (): Tally => ({ returned: 0, staked: 0, sumSq: 0 });
const add = (t: Tally, stake: number, win: number) => {
  t.returned += win;
  t.staked += stake;
  t.sumSq += win * win;
};

/**
 * Simulates `rounds` rounds of a game's engine with a fixed-seed generator. Table games settle every
 * main bet on the same rounds (each bet's estimate is still over `rounds` independent rounds).
 */
export function simulateGame(entry: Pick<CatalogueEntry, 'gameCode' | 'rtp' | 'definition'>, rounds: number, seed: number): RtpCheck[] {
  const def = entry.definition;
  const rng = simulationRandom(seed);
  const bets = simulatedBets(def, entry.rtp);
  const tallies = bets.map(tally);
  if (def.kind === 'slot') {
    const stake = def.betLevels[0];
    for (let i = 0; i < rounds; i++) add(tallies[0], stake, slotRoundWin(def, rng, stake));
  } else if (def.kind === 'roulette') {
    const straight: RouletteBet = { type: 'straight', numbers: [17], amount: def.minBet };
    const red: RouletteBet = { type: 'red', amount: def.minBet };
    const covered = [coveredNumbers(straight)!, coveredNumbers(red)!];
    for (let i = 0; i < rounds; i++) {
      const pocket = rng.int(POCKETS);
      add(tallies[0], def.minBet, rouletteBetReturn(def, straight, covered[0], pocket));
      add(tallies[1], def.minBet, rouletteBetReturn(def, red, covered[1], pocket));
    }
  } else if (def.kind === 'baccarat') {
    const all: BaccaratBet[] = [
      { type: 'banker', amount: def.minBet },
      { type: 'player', amount: def.minBet },
      { type: 'tie', amount: def.minBet },
    ];
    for (let i = 0; i < rounds; i++) {
      const hand = playBaccarat(def, rng, all);
      for (const [k, b] of hand.bets.entries()) add(tallies[k], def.minBet, b.win);
    }
  } else {
    for (let i = 0; i < rounds; i++) {
      const r = playBlackjackByStrategy(def, rng, def.minBet);
      add(tallies[0], r.stake, r.win);
    }
  }
  return bets.map(({ bet, rtp }, k) => summarise(entry.gameCode, bet, rtp, rounds, tallies[k].returned, tallies[k].staked, tallies[k].sumSq));
}
