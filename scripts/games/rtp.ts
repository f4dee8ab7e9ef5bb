import { kindMissing } from '../../contracts/game-kinds';
import type {
  BaccaratBet,
  BaccaratDefinition,
  BlackjackDefinition,
  Card,
  GameDefinition,
  RouletteBet,
  RouletteDefinition,
  SlotDefinition,
} from '../../contracts/games';
import { basicStrategyMove } from '../../contracts/game-math/tables';
import { playBaccarat } from '../../contracts/house/baccarat';
import { playBlackjackByStrategy } from '../../contracts/house/blackjack';
import { simulationRandom, type RandomSource } from '../../contracts/house/random';
import { coveredNumbers, playRoulette, POCKETS, rouletteBetReturn } from '../../contracts/house/roulette';
import { slotRoundWin } from '../../contracts/house/slot';
import type { CatalogueEntry } from '../../server/modules/games/catalogue';

/**
 * The engines (contracts/house/, the code real rounds run) played against the exact maths of
 * contracts/game-math/, which is written from the rules and shares no code with them or with the
 * catalogue generator (decision 0020). Test and bench code: nothing at run time imports it.
 *
 * - Exact, by driving an engine with a scripted random source: roulette on each of the 37 pockets for
 *   every legal bet (rouletteBetExact), baccarat on every card sequence of a fresh shoe weighted by
 *   its probability (baccaratExact), slots on every class of reel stop combinations, free spins
 *   included (slotEngineExact).
 * - Blackjack has about 7.7 x 10^8 card sequences a hand under basic strategy (1.3 x 10^9 when the
 *   dealer hits soft 17), too many to play: blackjackAgainstRules plays hands of the engine and of a
 *   settlement written from the rules (the exact maths' strategy and rules, its own shoe) on the
 *   same random numbers, and counts the hands on which they differ.
 * - simulateGame: the engine simulated against the declared RTP (printed by the games bench).
 */
/** simulateGame's tolerance, in standard errors of the measured mean. */
export const RTP_TOLERANCE_SE = 4.5;

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
  return rouletteBetExact(def, bet).rtp;
}

/** Exact RTP and hit frequency (more than the stake back) of one roulette bet, by the engine on every pocket. */
export function rouletteBetExact(def: RouletteDefinition, bet: RouletteBet): { rtp: number; hitFrequency: number } {
  let returned = 0;
  let hits = 0;
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
    if (spin.totalWin > bet.amount) hits++;
  }
  return { rtp: returned / POCKETS / bet.amount, hitFrequency: hits / POCKETS };
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
  /** Exact probability that each bet returns more than its stake. */
  hit: { banker: number; player: number; tie: number };
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
  const hits = [0, 0, 0];
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
      for (const [i, b] of hand.bets.entries()) {
        returned[i] += weight * b.win;
        if (b.win > amount) hits[i] += weight;
      }
    },
  );
  if (Math.abs(totalWeight - 1) > 1e-9) throw new Error(`baccarat enumeration: probabilities sum to ${totalWeight}`);
  const exact = {
    ...p,
    rtp: { banker: returned[0] / amount, player: returned[1] / amount, tie: returned[2] / amount },
    hit: { banker: hits[0], player: hits[1], tie: hits[2] },
  };
  baccaratCache.set(key, exact);
  return exact;
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
  } else if (def.kind === 'blackjack') {
    for (let i = 0; i < rounds; i++) {
      const r = playBlackjackByStrategy(def, rng, def.minBet);
      add(tallies[0], r.stake, r.win);
    }
  } else kindMissing(def);
  return bets.map(({ bet, rtp }, k) => summarise(entry.gameCode, bet, rtp, rounds, tallies[k].returned, tallies[k].staked, tallies[k].sumSq));
}

/* ------------------------------------------------------------------------------------------------
 * Slots: the engine played on every class of reel stop combinations.
 * --------------------------------------------------------------------------------------------- */

/** How a slot's engine is played: the total win of one paid round (free spins included). */
export type SlotPlay = (def: SlotDefinition, rng: RandomSource, bet: number) => number;

export interface SlotEngineExact {
  /** Exact RTP of the engine: expected round win / bet. */
  rtp: number;
  /** Exact probability that a round (paid spin and its free spins) pays anything. */
  hitFrequency: number;
  /** Stop combinations covered (must be the product of the strip lengths). */
  combinations: number;
  /** Engine rounds played. */
  plays: number;
  triggerChance: number;
  freeSpinsPerRound: number;
}

/**
 * The exact RTP and hit frequency of a slot's engine (`play`, by default slotRoundWin, the counting
 * path of contracts/house/slot.ts), driven by a scripted random source that deals chosen reel stops.
 *
 * Every one of the prod(strip lengths) stop combinations is accounted for, in classes the rules say
 * pay alike (contracts/games.ts: a stop s shows strip[s], strip[s + 1], ... one per row; a payline
 * pays the run from reel 1 of its reel-1 symbol or wilds; scatters pay and trigger by their count):
 * reel 1's stops one by one, then on each later reel the stops grouped by what the rules let matter
 * there, namely, for every payline whose run is still going, whether the reel shows that line's
 * symbol, a wild or anything else (the run ends), and how many scatters the reel shows. One stop of
 * each class is played, weighted by the class's size; once no run goes on, only the scatter count
 * of the reels left matters. The weights add up to every combination (checked).
 *
 * Free spins are fresh spins at the feature's multiplier, so a round is a branching process over one
 * spin's (win, spins awarded): the paid spin is enumerated as above, and a free spin by the same
 * enumeration played as the first free spin after a fixed triggering spin (the engine's own
 * multiplier and retriggers); every further spin is dealt a fixed combination that pays nothing and
 * awards nothing, so the round's total and its number of spins reveal the one spin's win and award.
 * So that a round is two or three spins and not a dozen, the engine plays the definition with its
 * trigger awarding one free spin (a spin's win does not depend on that count); that the real
 * definition awards `freeSpins.spins` is checked on the triggering combination, and an award counts
 * as that many spins in the formulas.
 * With W, A the paid spin's win and award and X a free spin with its retriggers:
 *   E[X] = E[W_free] / (1 - E[A_free]),  RTP = (E[W] + E[A] E[X]) / bet;
 *   P(X pays nothing) = z, the least root of z = sum_a P(W_free = 0, A_free = a) z^a,
 *   hit frequency = 1 - sum_a P(W = 0, A = a) z^a.
 * Exact but for the engine's cap of 500 free spins a round (probability far below 1e-15 here).
 */
export function slotEngineExact(def: SlotDefinition, play: SlotPlay = slotRoundWin): SlotEngineExact {
  const n = def.reels.length;
  const lengths = def.reels.map((r) => r.length);
  const combinations = lengths.reduce((a, b) => a * b, 1);
  const bet = def.betLevels[0];
  const kind = new Map(def.symbols.map((s) => [s.id, s.kind]));
  const wild = def.symbols.find((s) => s.kind === 'wild')?.id;
  const scatter = def.symbols.find((s) => s.kind === 'scatter')?.id;
  const at = (r: number, stop: number, row: number) => def.reels[r][(stop + row) % lengths[r]];
  const scattersShown = (r: number, stop: number) => {
    let k = 0;
    for (let row = 0; row < def.rows; row++) if (at(r, stop, row) === scatter) k++;
    return k;
  };

  // A source dealing the scripted spins' stops in order, then `filler` for every further spin.
  let script: number[][] = [];
  let filler: number[] = [];
  let calls = 0;
  let plays = 0;
  const rng: RandomSource = {
    int(m) {
      const spin = Math.floor(calls / n);
      const reel = calls % n;
      calls++;
      if (m !== lengths[reel]) throw new Error(`slot enumeration: reel ${reel} drawn from ${m}, its strip has ${lengths[reel]}`);
      return (spin < script.length ? script[spin] : filler)[reel];
    },
  };
  // The engine plays a definition whose trigger awards one free spin (see above); the real award is
  // checked once on the triggering combination.
  const fs = def.freeSpins;
  const one: SlotDefinition = fs ? { ...def, freeSpins: { ...fs, spins: 1 } } : def;
  const run = (spins: number[][], d: SlotDefinition = one) => {
    script = spins;
    calls = 0;
    plays++;
    const win = play(d, rng, bet);
    if (calls % n !== 0) throw new Error('slot enumeration: a spin drew a partial set of reels');
    return { win, spins: calls / n };
  };

  // A combination paying and awarding nothing (filler), and one that triggers free spins.
  const search = simulationRandom(1);
  let fillerStops: number[] | null = null;
  let trigger: number[] | null = null;
  for (let i = 0; i < 1_000_000 && !(fillerStops && (trigger || !def.freeSpins)); i++) {
    const stops = lengths.map((len) => search.int(len));
    filler = fillerStops ?? stops;
    const r = run([stops]);
    if (!fillerStops) {
      if (r.win === 0 && r.spins === 1) fillerStops = stops;
    } else if (r.spins > 1) trigger = stops;
  }
  if (!fillerStops) throw new Error('slot enumeration: no combination pays nothing');
  if (def.freeSpins && !trigger) throw new Error('slot enumeration: no combination triggers free spins');
  filler = fillerStops;
  const triggerRound = trigger ? run([trigger]) : { win: 0, spins: 1 };
  if (trigger && fs && run([trigger], def).spins !== 1 + fs.spins) throw new Error(`slot enumeration: a trigger did not award ${fs.spins} free spins`);
  // Spins a free spin or a paid spin awards in the real game: the feature's count per award.
  const award = (extraSpins: number) => (fs ? fs.spins * extraSpins : 0);

  let sumW = 0;
  let sumA = 0;
  let triggers = 0;
  let sumWf = 0;
  let sumAf = 0;
  let covered = 0;
  const zero = new Map<number, number>();
  const zeroFree = new Map<number, number>();
  const stops = new Array<number>(n).fill(0);
  const first: Array<string | undefined> = def.paylines.map(() => undefined);
  const leaf = (weight: number) => {
    covered += weight;
    const base = run([stops]);
    const a = award(base.spins - 1);
    sumW += weight * base.win;
    sumA += weight * a;
    if (a > 0) triggers += weight;
    if (base.win === 0) zero.set(a, (zero.get(a) ?? 0) + weight);
    if (trigger) {
      const free = run([trigger, stops]);
      const w = free.win - triggerRound.win;
      const af = award(free.spins - 2);
      sumWf += weight * w;
      sumAf += weight * af;
      if (w === 0) zeroFree.set(af, (zeroFree.get(af) ?? 0) + weight);
    }
  };
  const visit = (d: number, running: number[], weight: number) => {
    if (d === n) return leaf(weight);
    if (d === 0) {
      for (let s = 0; s < lengths[0]; s++) {
        const next: number[] = [];
        def.paylines.forEach((line, l) => {
          const sym = at(0, s, line[0]);
          first[l] = kind.get(sym) === 'normal' ? sym : undefined;
          if (first[l] !== undefined) next.push(l);
        });
        stops[0] = s;
        visit(1, next, weight);
      }
      return;
    }
    const classes = new Map<string, { stop: number; count: number; next: number[] }>();
    for (let s = 0; s < lengths[d]; s++) {
      let key = String(scattersShown(d, s));
      const next: number[] = [];
      for (const l of running) {
        const sym = at(d, s, def.paylines[l][d]);
        const state = sym === first[l] ? 's' : sym === wild ? 'w' : 'x';
        key += state;
        if (state !== 'x') next.push(l);
      }
      const c = classes.get(key);
      if (c) c.count++;
      else classes.set(key, { stop: s, count: 1, next });
    }
    for (const c of classes.values()) {
      stops[d] = c.stop;
      visit(d + 1, c.next, weight * c.count);
    }
  };
  visit(0, [], 1);
  if (covered !== combinations) throw new Error(`slot enumeration: covered ${covered} of ${combinations} combinations`);

  const N = combinations;
  const EA = sumA / N;
  const EAf = sumAf / N;
  if (trigger && EAf >= 1) throw new Error('slot enumeration: free spins never end on average');
  const EX = trigger ? sumWf / N / (1 - EAf) : 0;
  const rtp = (sumW / N + EA * EX) / bet;
  const generating = (p: Map<number, number>, z: number) => {
    let v = 0;
    for (const [a, w] of p) v += (w / N) * z ** a;
    return v;
  };
  let z = 0;
  if (trigger)
    for (let i = 0; i < 10_000; i++) {
      const next = generating(zeroFree, z);
      if (Math.abs(next - z) < 1e-17) break;
      z = next;
    }
  return {
    rtp,
    hitFrequency: 1 - generating(zero, z),
    combinations: covered,
    plays,
    triggerChance: triggers / N,
    freeSpinsPerRound: trigger ? EA / (1 - EAf) : 0,
  };
}

/* ------------------------------------------------------------------------------------------------
 * Blackjack: the engine hand by hand against a settlement written from the rules.
 * --------------------------------------------------------------------------------------------- */

/**
 * One hand settled from the rules alone (contracts/games.ts; the exact maths' basic strategy,
 * contracts/game-math/tables.ts basicStrategyMove): a fresh shoe of `decks` x 52 cards, each draw
 * uniform among the cards left and read from rng.int(cards left) in the shoe's documented card order
 * (contracts/house/cards.ts: A..K of spades, hearts, diamonds, clubs, `decks` copies each); deal
 * player, dealer, player, dealer; the dealer peeks (a dealer blackjack takes the bet or pushes a
 * player blackjack); a player blackjack pays 3:2; the player hits, stands or doubles (first two
 * cards, one card) by the strategy, 21 stands; the dealer draws to 17, and on soft 17 when
 * dealerHitsSoft17. Returns the stake (doubled after a double) and what comes back.
 */
export function blackjackByRules(def: BlackjackDefinition, rng: RandomSource, bet: number): { stake: number; win: number } {
  const counts = new Array<number>(52).fill(def.decks);
  let left = 52 * def.decks;
  const draw = () => {
    let pick = rng.int(left);
    for (let i = 0; i < 52; i++) {
      if (pick < counts[i]) {
        counts[i]--;
        left--;
        return Math.min((i % 13) + 1, 10);
      }
      pick -= counts[i];
    }
    throw new Error('rules shoe: empty');
  };
  const total = (cards: number[]) => {
    const sum = cards.reduce((a, b) => a + b, 0);
    const soft = cards.includes(1) && sum + 10 <= 21;
    return { total: soft ? sum + 10 : sum, soft };
  };
  const natural = (cards: number[]) => cards.length === 2 && total(cards).total === 21;
  const player = [draw()];
  const dealer = [draw()];
  player.push(draw());
  dealer.push(draw());
  if (natural(dealer)) return { stake: bet, win: natural(player) ? bet : 0 };
  if (natural(player)) return { stake: bet, win: bet * 2.5 };
  const up = dealer[0] === 1 ? 11 : dealer[0];
  let stake = bet;
  for (;;) {
    const t = total(player);
    if (t.total > 21) return { stake, win: 0 };
    if (t.total === 21) break;
    const move = basicStrategyMove(t.total, t.soft, up, player.length === 2, def.dealerHitsSoft17);
    if (move === 'stand') break;
    player.push(draw());
    if (move === 'double') {
      stake = bet * 2;
      if (total(player).total > 21) return { stake, win: 0 };
      break;
    }
  }
  for (;;) {
    const d = total(dealer);
    if (d.total < 17 || (d.total === 17 && d.soft && def.dealerHitsSoft17)) dealer.push(draw());
    else break;
  }
  const p = total(player).total;
  const d = total(dealer).total;
  return { stake, win: d > 21 || p > d ? stake * 2 : p === d ? stake : 0 };
}

export interface BlackjackComparison {
  hands: number;
  /** Hands on which the engine's stake or return differs from the rules' settlement. */
  mismatches: number;
  firstMismatch: string | null;
  /** The engine's measured RTP and hit frequency (more than the stake back), and the RTP's standard error. */
  rtp: number;
  standardError: number;
  hitFrequency: number;
}

/**
 * `hands` hands of the engine (playBlackjackByStrategy, or `play`) and of blackjackByRules, each from
 * its own copy of the same seeded random source, compared hand by hand.
 */
export function blackjackAgainstRules(
  def: BlackjackDefinition,
  hands: number,
  seed: number,
  play: (def: BlackjackDefinition, rng: RandomSource, bet: number) => { stake: number; win: number } = playBlackjackByStrategy,
): BlackjackComparison {
  const engineRng = simulationRandom(seed);
  const rulesRng = simulationRandom(seed);
  const bet = def.minBet;
  let mismatches = 0;
  let firstMismatch: string | null = null;
  let staked = 0;
  let returned = 0;
  let sumSS = 0;
  let sumRS = 0;
  let sumRR = 0;
  let hits = 0;
  for (let i = 0; i < hands; i++) {
    const engine = play(def, engineRng, bet);
    const rules = blackjackByRules(def, rulesRng, bet);
    if (engine.stake !== rules.stake || engine.win !== rules.win) {
      mismatches++;
      firstMismatch ??= `hand ${i}: engine staked ${engine.stake} and returned ${engine.win}, the rules ${rules.stake} and ${rules.win}`;
    }
    const s = engine.stake / bet;
    const r = engine.win / bet;
    staked += s;
    returned += r;
    sumSS += s * s;
    sumRS += r * s;
    sumRR += r * r;
    if (engine.win > engine.stake) hits++;
  }
  const rtp = returned / staked;
  const sq = Math.max(0, sumRR - 2 * rtp * sumRS + rtp * rtp * sumSS);
  return { hands, mismatches, firstMismatch, rtp, standardError: Math.sqrt(sq) / staked, hitFrequency: hits / hands };
}
