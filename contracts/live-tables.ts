/**
 * The shared live tables (docs/decisions/0025-live-tables.md): which tables run, their bet spots,
 * their round results from a seed, the hash chain of seeds, the stamps, the events of a table's
 * stream and the one reducer that turns events into a table's state. No zod here: the browser
 * loads this file (the table screen, the fairness page), and so do the server and the tests.
 */
import { baccaratBetReturn, playBaccarat } from './house/baccarat';
import { fairRandom, pureHmac, sha256, toHex, type HmacFn } from './house/random';
import { coveredNumbers, pocketColor, rouletteBetReturn } from './house/roulette';
import type { GameKind } from './game-kinds';
import type { BaccaratDefinition, Card, DefinitionOf, RouletteBet, RouletteBetType, RouletteDefinition } from './games';

/**
 * The game kinds that also run as shared live tables: each is a house kind (GAME_KINDS) played by
 * the same engine and rules, plus what a shared table adds (its spots, OPPOSING, liveResult,
 * liveSpotReturn, the live board).
 */
export const LIVE_KINDS = ['roulette', 'baccarat'] as const satisfies readonly GameKind[];
export type LiveKind = (typeof LIVE_KINDS)[number] & GameKind;

export interface LiveTableLimits {
  /** Least coins on one spot in one bet. */
  minBet: number;
  /** Most coins one player may have on one spot in a round. */
  maxBet: number;
  /** Every amount is a multiple of this. */
  betUnit: number;
  /** Most coins one player may stake in one round, every spot together. */
  maxRoundTotal: number;
  /** The chips the table screen offers. */
  chips: readonly number[];
}

export interface LiveTableDef {
  id: string;
  kind: LiveKind;
  /** The table's pace: how long betting stays open, the draw (wheel or deal) and the pause after. */
  bettingMs: number;
  drawMs: number;
  pauseMs: number;
  limits: LiveTableLimits;
  /** The house rules the round is played by (the same engines as the single-player tables). */
  rules: DefinitionOf<LiveKind>;
}

const rouletteLimits = { minBet: 10, maxBet: 5000, betUnit: 10, maxRoundTotal: 20000, chips: [10, 50, 100, 500, 1000] } as const;
const rouletteRules: RouletteDefinition = {
  kind: 'roulette',
  variant: 'european',
  minBet: 10,
  maxBet: 5000,
  betUnit: 10,
  chips: [10, 50, 100, 500, 1000],
  maxTotalBet: 20000,
};
const baccaratLimits = { minBet: 20, maxBet: 5000, betUnit: 20, maxRoundTotal: 10000, chips: [20, 100, 500, 1000] } as const;
const baccaratRules: BaccaratDefinition = { kind: 'baccarat', decks: 8, tiePays: 8, minBet: 20, maxBet: 5000, betUnit: 20, chips: [20, 100, 500, 1000] };

/** Every shared table, in the Live Casino page's order. */
export const LIVE_TABLES: readonly LiveTableDef[] = [
  { id: 'roulette-live', kind: 'roulette', bettingMs: 15_000, drawMs: 6_000, pauseMs: 5_000, limits: rouletteLimits, rules: rouletteRules },
  { id: 'roulette-fast', kind: 'roulette', bettingMs: 8_000, drawMs: 4_000, pauseMs: 3_000, limits: rouletteLimits, rules: rouletteRules },
  { id: 'baccarat-live', kind: 'baccarat', bettingMs: 15_000, drawMs: 6_000, pauseMs: 5_000, limits: baccaratLimits, rules: baccaratRules },
];

export const LIVE_TABLE_IDS = LIVE_TABLES.map((t) => t.id) as [string, ...string[]];
export const liveTable = (id: string): LiveTableDef | undefined => LIVE_TABLES.find((t) => t.id === id);

/* ---------- Bet spots ---------- */

/**
 * A spot is a string: baccarat `player`, `banker`, `tie`; roulette an outside bet by its type
 * (`red`, `black`, `odd`, `even`, `low`, `high`), `dozen-1..3`, `column-1..3`, or an inside bet by
 * its type and numbers (`straight-17`, `split-1-2`, `street-1-2-3`, `corner-1-2-4-5`, `line-1-2-3-4-5-6`),
 * the numbers ascending. The same bet types and payouts as the single-player tables.
 */
export type LiveSpot = string;

const ROULETTE_EVEN = new Set<RouletteBetType>(['red', 'black', 'odd', 'even', 'low', 'high']);
const ROULETTE_INSIDE = new Set<RouletteBetType>(['straight', 'split', 'street', 'corner', 'line']);
export const BACCARAT_SPOTS = ['player', 'banker', 'tie'] as const;

/** The roulette bet a spot names (amount 0), or null when the spot is not a legal bet on the layout. */
export function rouletteSpotBet(spot: string): RouletteBet | null {
  const [type, ...rest] = spot.split('-');
  const t = type as RouletteBetType;
  if (ROULETTE_EVEN.has(t)) return rest.length === 0 ? { type: t, amount: 0 } : null;
  if (t === 'dozen' || t === 'column') {
    const value = Number(rest[0]);
    return rest.length === 1 && [1, 2, 3].includes(value) && rest[0] === String(value) ? { type: t, value, amount: 0 } : null;
  }
  if (!ROULETTE_INSIDE.has(t) || rest.length === 0) return null;
  const numbers = rest.map(Number);
  if (rest.some((r, i) => r !== String(numbers[i]))) return null;
  if (numbers.some((n, i) => i > 0 && n <= numbers[i - 1])) return null;
  const bet = { type: t, numbers, amount: 0 };
  return coveredNumbers(bet) ? bet : null;
}

/** The spot of a roulette bet (the inverse of rouletteSpotBet). */
export function rouletteSpot(bet: Pick<RouletteBet, 'type' | 'numbers' | 'value'>): string {
  if (bet.value != null) return `${bet.type}-${bet.value}`;
  if (bet.numbers?.length) return [bet.type, ...[...bet.numbers].sort((a, b) => a - b)].join('-');
  return bet.type;
}

export function isLiveSpot(kind: LiveKind, spot: string): boolean {
  return kind === 'baccarat' ? (BACCARAT_SPOTS as readonly string[]).includes(spot) : rouletteSpotBet(spot) !== null;
}

/** Spots that cover each other (a player may not hold both in one round, as at the single-player tables). */
const OPPOSING: Record<LiveKind, ReadonlyArray<readonly [string, string]>> = {
  roulette: [
    ['red', 'black'],
    ['odd', 'even'],
    ['low', 'high'],
  ],
  baccarat: [['player', 'banker']],
};
export function opposingSpots(kind: LiveKind, spots: Iterable<string>): readonly [string, string] | null {
  const held = new Set(spots);
  return OPPOSING[kind].find(([a, b]) => held.has(a) && held.has(b)) ?? null;
}

/* ---------- Results from a seed ---------- */

export type LiveResult =
  | { kind: 'roulette'; number: number; color: 'green' | 'red' | 'black' }
  | {
      kind: 'baccarat';
      outcome: 'player' | 'banker' | 'tie';
      playerCards: Card[];
      bankerCards: Card[];
      playerTotal: number;
      bankerTotal: number;
    };

/** The text every round's randomness is drawn under (HMAC key = the round's seed, nonce 0). */
export const LIVE_SALT = 'coin-casino-live';

/** A round's result from its seed alone (the same engines and random stream as the house games). */
export function liveResult(table: Pick<LiveTableDef, 'kind' | 'rules'>, seed: string, hmac: HmacFn = pureHmac): LiveResult {
  const rng = fairRandom(seed, LIVE_SALT, 0, hmac);
  if (table.kind === 'roulette') {
    const number = rng.int(37);
    return { kind: 'roulette', number, color: pocketColor(number) };
  }
  const dealt = playBaccarat(table.rules as BaccaratDefinition, rng, []);
  return {
    kind: 'baccarat',
    outcome: dealt.result,
    playerCards: dealt.playerCards,
    bankerCards: dealt.bankerCards,
    playerTotal: dealt.playerTotal,
    bankerTotal: dealt.bankerTotal,
  };
}

/** What `amount` on `spot` returns (stake included) with `result`. */
export function liveSpotReturn(table: Pick<LiveTableDef, 'kind' | 'rules'>, spot: string, amount: number, result: LiveResult): number {
  if (result.kind === 'roulette') {
    const bet = rouletteSpotBet(spot);
    if (!bet) return 0;
    const covered = coveredNumbers(bet) ?? [];
    return rouletteBetReturn(table.rules as RouletteDefinition, { ...bet, amount }, covered, result.number);
  }
  return baccaratBetReturn(table.rules as BaccaratDefinition, { type: spot as 'player' | 'banker' | 'tie', amount }, result.outcome);
}

/** A short label of a result for strips and records: `17` or `player`. */
export const resultLabel = (r: LiveResult) => (r.kind === 'roulette' ? String(r.number) : r.outcome);

/* ---------- The hash chain (the bustabit way) ---------- */

/** The next link towards the chain's end: SHA-256 of the seed's text, in hex. */
export const chainLink = (seed: string) => toHex(sha256(new TextEncoder().encode(seed)));

/**
 * Whether `seed`, used by the round at `position` of a chain (1 = the chain's first round), belongs to
 * the chain whose published terminal hash is `terminalHash`: hashing it `position` times gives it.
 * Round 1's seed hashes once to the terminal hash, round k's k times.
 */
export function seedInChain(seed: string, position: number, terminalHash: string, link: (s: string) => string = chainLink): boolean {
  let h = seed;
  for (let i = 0; i < position; i++) h = link(h);
  return h === terminalHash;
}

/* ---------- Stamps ---------- */

/** Table talk is by these stamps only (their words are in locales/<lang>/live.json under stamps). */
export const STAMPS = [
  'nice',
  'wow',
  'gg',
  'lucky',
  'close',
  'again',
  'hot',
  'cool',
  'clap',
  'cheers',
  'fingers',
  'sweat',
  'party',
  'fire',
  'hello',
  'thanks',
  'oops',
  'gogo',
] as const;
export type Stamp = (typeof STAMPS)[number];
/** At most one stamp per player in this many milliseconds. */
export const STAMP_INTERVAL_MS = 2000;

/* ---------- Events and state ---------- */

export type LivePhase = 'betting' | 'drawing' | 'result';

export interface LiveRoundState {
  roundId: string;
  /** The round's place in its chain (1 = first) and the chain's id. */
  chainId: number;
  position: number;
  seedHash: string;
  opensAt: number;
  closesAt: number;
  resultAt: number;
  nextAt: number;
  phase: LivePhase;
  result: LiveResult | null;
  /** Revealed once the round's result is out. */
  seed: string | null;
}

export interface LiveBetLine {
  name: string;
  spot: string;
  amount: number;
}

export interface LiveTableState {
  tableId: string;
  round: LiveRoundState | null;
  /** Coins on each spot this round, every player together. */
  totals: Record<string, number>;
  /** Players with a bet this round. */
  players: number;
  /** The latest few bets, newest first. */
  latest: LiveBetLine[];
  /** Recent results, newest first (at most HISTORY_SIZE). */
  history: Array<{ roundId: string; result: LiveResult }>;
  watchers: number;
}

export const HISTORY_SIZE = 40;
export const LATEST_BETS = 6;

/** The events of a table's stream. Each travels with an id; `snapshot` replaces the whole state. */
export type LiveEvent =
  | { type: 'snapshot'; state: LiveTableState }
  | { type: 'round'; round: LiveRoundState }
  | { type: 'bets'; roundId: string; totals: Record<string, number>; players: number; latest: LiveBetLine[] }
  | { type: 'closed'; roundId: string }
  | { type: 'result'; roundId: string; result: LiveResult; seed: string; at: number }
  | { type: 'settled'; roundId: string; bets: number; paid: number; refunded: boolean; at: number }
  | { type: 'stamp'; stamp: Stamp; name: string; at: number }
  | { type: 'presence'; watchers: number };

export const emptyTableState = (tableId: string): LiveTableState => ({ tableId, round: null, totals: {}, players: 0, latest: [], history: [], watchers: 0 });

/** The one reducer (server and browser): the state after an event. Events of another round than the current one change nothing. */
export function applyLiveEvent(state: LiveTableState, event: LiveEvent): LiveTableState {
  switch (event.type) {
    case 'snapshot':
      return event.state;
    case 'round':
      return { ...state, round: event.round, totals: {}, players: 0, latest: [] };
    case 'bets':
      if (state.round?.roundId !== event.roundId) return state;
      return { ...state, totals: event.totals, players: event.players, latest: event.latest };
    case 'closed':
      if (state.round?.roundId !== event.roundId) return state;
      return { ...state, round: { ...state.round, phase: 'drawing' } };
    case 'result': {
      if (state.round?.roundId !== event.roundId) return state;
      const history = [{ roundId: event.roundId, result: event.result }, ...state.history.filter((h) => h.roundId !== event.roundId)].slice(0, HISTORY_SIZE);
      return { ...state, round: { ...state.round, phase: 'result', result: event.result, seed: event.seed }, history };
    }
    case 'presence':
      return { ...state, watchers: event.watchers };
    case 'settled':
      // A refunded round ends without a result.
      if (!event.refunded || state.round?.roundId !== event.roundId) return state;
      return { ...state, round: { ...state.round, phase: 'result' } };
    case 'stamp':
      return state;
  }
}
