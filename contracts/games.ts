import { z } from 'zod';
import { GAME_KINDS, type EveryKind, type GameKind, type KindsChecked } from './game-kinds';
import { LanguageSchema } from './common';
import { CLIENT_SEED_MAX, CLIENT_SEED_PATTERN } from './client-seed';
import { gameDisplayTitle, type GameTitles } from './game-titles';
import type { Language } from './languages';

/** Game catalogue and launch (spec sections 3 and 7). Round and fairness contracts are added below them. */
export const GameSchema = z.object({
  gameCode: z.string(),
  title: z.string(),
  /** Upper-case tags: FEATURED, SLOT, LIVE, ... */
  tags: z.array(z.string()),
  gameType: z.string(),
  orientation: z.enum(['landscape', 'portrait']),
  isDemoAvailable: z.boolean(),
  imagePath: z.string().nullable(),
});
export type Game = z.infer<typeof GameSchema>;

/** What a catalogue game is listed from: a games row (the server) or an entry of the data file (the site's build). */
export interface ListedGameSource {
  gameCode: string;
  titles: GameTitles | null;
  tags: readonly string[];
  kind: string;
  orientation: string;
  isDemoAvailable: boolean;
  imagePath: string | null;
}

/** A game as GET /games lists it in a language (the server answers it; the site's build renders its first tiles with it). */
export function listedGame(source: ListedGameSource, language: Language): Game {
  return {
    gameCode: source.gameCode,
    title: gameDisplayTitle(source.gameCode, language, source.titles),
    tags: source.tags.map((t) => t.toUpperCase()),
    gameType: source.kind,
    orientation: source.orientation === 'portrait' ? 'portrait' : 'landscape',
    isDemoAvailable: source.isDemoAvailable,
    imagePath: source.imagePath,
  };
}

export const GamesQuerySchema = z.strictObject({ languageCode: LanguageSchema, siteRef: z.string().min(1).max(32) });
/** The games response is a list whose first element holds the games list (spec section 3). */
export const GamesResponseSchema = z.tuple([z.object({ games: z.array(GameSchema) })]);

export const LaunchQuerySchema = z.strictObject({
  gameCode: z.string().min(1).max(64),
  lobbyUrl: z.string().max(2048).optional(),
  language: LanguageSchema.optional(),
});
export const DemoLaunchQuerySchema = LaunchQuerySchema.extend({
  currency: z.literal('PTS'),
  brand: z.string().max(64).optional(),
});
export const LaunchResultSchema = z.object({ url: z.string() });

/* ------------------------------------------------------------------------------------------------
 * House games: play session, rounds, provably fair seeds, verification, bet history.
 *
 * Flow: /launchgame or /launch-demo answers { url } = `/house/play/?token=<one-time>&lobby=<lobbyUrl>&lang=<ja|en>`
 * (en: `/en/house/play/?...`). That static page reads `token`, calls POST /house/session once
 * (the launch token is single-use and expires after LAUNCH_TOKEN_TTL_SECONDS), keeps the returned
 * `session` and sends it with every /house/play and /house/seed call.
 *
 * Amounts are integers in the session's currency (COIN or demo PTS; both have no decimals).
 * ---------------------------------------------------------------------------------------------- */

export const LAUNCH_TOKEN_TTL_SECONDS = 120;
/** The game client page the launch URL points at (localised like every site path). */
export const HOUSE_PLAY_PATH = '/house/play/';
/** Demo points a demo play session starts with (they live in the play session, never in the coin wallet). */
export const DEMO_START_BALANCE = 100_000;
export const BET_HISTORY_PAGE_SIZE = 20;

export const HouseGameKindSchema = z.enum(GAME_KINDS);
export type HouseGameKind = z.infer<typeof HouseGameKindSchema>;

/** A playing card: rank A,2..10,J,Q,K and suit S(pades) H(earts) D(iamonds) C(lubs). */
export const CardSchema = z.object({
  rank: z.enum(['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K']),
  suit: z.enum(['S', 'H', 'D', 'C']),
});
export type Card = z.infer<typeof CardSchema>;

/* ---------- Game definitions (what a client needs to draw and explain the game) ---------- */

export const SlotSymbolSchema = z.object({
  id: z.string(),
  /** normal symbols pay on paylines, left to right from reel 1; a wild substitutes for every normal
   *  symbol (a line of only wilds pays as the best-paying normal symbol); scatters pay anywhere. */
  kind: z.enum(['normal', 'wild', 'scatter']),
  /** What the client draws on the symbol (a short label or emoji) and its colour. */
  glyph: z.string(),
  color: z.string(),
  /** pays[k-1] = win for k of a kind: multiple of the line bet for line symbols,
   *  of the total bet for scatters. 0 = no pay for that count. */
  pays: z.array(z.number().int().min(0)),
});
export type SlotSymbol = z.infer<typeof SlotSymbolSchema>;

export const SlotDefinitionSchema = z.object({
  kind: z.literal('slot'),
  /** Visible rows per reel. */
  rows: z.number().int().min(1),
  /** Reel strips (symbol ids), one per reel. A stop s shows strip[s], strip[s+1], ... (wrapping) top to bottom. */
  reels: z.array(z.array(z.string())),
  symbols: z.array(SlotSymbolSchema),
  /** paylines[l][r] = the row (0 = top) the line crosses on reel r. */
  paylines: z.array(z.array(z.number().int().min(0))),
  /** Free spins: `scatters` or more scatters anywhere award `spins` free spins at the same bet, wins
   *  multiplied by `multiplier`; scatters during free spins award `spins` more. Played out in the same round. */
  freeSpins: z.object({ scatters: z.number().int(), spins: z.number().int(), multiplier: z.number().int() }).nullable(),
  /** Allowed total bets (each a multiple of the number of paylines; line bet = bet / paylines). */
  betLevels: z.array(z.number().int().positive()),
});
export type SlotDefinition = z.infer<typeof SlotDefinitionSchema>;

export const ROULETTE_BET_TYPES = [
  'straight', // numbers: [n]                       pays 35:1
  'split', // numbers: two adjacent (0 with 1, 2 or 3) pays 17:1
  'street', // numbers: a row of 3 (or 0,1,2 / 0,2,3) pays 11:1
  'corner', // numbers: 4 in a square                pays 8:1
  'line', // numbers: two adjacent rows (6)          pays 5:1
  'dozen', // value: 1..3                            pays 2:1
  'column', // value: 1..3 (1 = 1,4,7...)            pays 2:1
  'red',
  'black',
  'odd',
  'even',
  'low', // 1-18
  'high', // 19-36                                   even chances pay 1:1
] as const;
export const RouletteBetTypeSchema = z.enum(ROULETTE_BET_TYPES);
export type RouletteBetType = z.infer<typeof RouletteBetTypeSchema>;

export const TableLimitsSchema = z.object({
  minBet: z.number().int().positive(),
  maxBet: z.number().int().positive(),
  /** Every bet amount must be a multiple of this. */
  betUnit: z.number().int().positive(),
  /** Chip values the client offers. */
  chips: z.array(z.number().int().positive()),
});

export const RouletteDefinitionSchema = TableLimitsSchema.extend({
  kind: z.literal('roulette'),
  /** european: single zero. french: single zero with la partage (even chances lose half on zero). */
  variant: z.enum(['european', 'french']),
  /** Most chips on one spin (sum of all bets). */
  maxTotalBet: z.number().int().positive(),
});
export type RouletteDefinition = z.infer<typeof RouletteDefinitionSchema>;

export const BlackjackDefinitionSchema = TableLimitsSchema.extend({
  kind: z.literal('blackjack'),
  /** Cards come from a freshly shuffled shoe of `decks` decks every round. */
  decks: z.number().int().positive(),
  /** Dealer hits soft 17 (H17) or stands (S17). Blackjack pays 3:2; double on any first two cards;
   *  no split, no insurance; the dealer peeks for blackjack when dealt. */
  dealerHitsSoft17: z.boolean(),
});
export type BlackjackDefinition = z.infer<typeof BlackjackDefinitionSchema>;

export const BaccaratDefinitionSchema = TableLimitsSchema.extend({
  kind: z.literal('baccarat'),
  decks: z.number().int().positive(),
  /** Punto banco third-card rules. Player pays 1:1, banker 0.95:1 (5% commission), tie `tiePays`:1
   *  (player and banker bets push on a tie). */
  tiePays: z.number().int().positive(),
});
export type BaccaratDefinition = z.infer<typeof BaccaratDefinitionSchema>;

export const GameDefinitionSchema = z.discriminatedUnion('kind', [
  SlotDefinitionSchema,
  RouletteDefinitionSchema,
  BlackjackDefinitionSchema,
  BaccaratDefinitionSchema,
]);
export type GameDefinition = z.infer<typeof GameDefinitionSchema>;
/** A kind of GAME_KINDS without a definition above (or a definition of no kind there) fails here. */
export type DefinitionKindsChecked = KindsChecked<EveryKind<GameDefinition['kind']>>;
export type DefinitionOf<K extends GameKind> = Extract<GameDefinition, { kind: K }>;

/* ---------- Provably fair state ---------- */

/** The seed pair rounds are drawn from. `nonce` is the nonce the NEXT round will use. */
export const FairnessStateSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int().min(0),
});
export type FairnessState = z.infer<typeof FairnessStateSchema>;

/** The browser checks it with checkClientSeed (contracts/client-seed.ts); tests/unit/fields.test.ts proves both agree. */
export const ClientSeedSchema = z.string().trim().min(1).max(CLIENT_SEED_MAX).regex(CLIENT_SEED_PATTERN, 'printable ASCII, no spaces');

/* ---------- Round inputs and outcomes ---------- */

export const RouletteBetSchema = z.strictObject({
  type: RouletteBetTypeSchema,
  /** straight, split, street, corner, line: the numbers covered. */
  numbers: z.array(z.number().int().min(0).max(36)).min(1).max(6).optional(),
  /** dozen, column: 1..3. */
  value: z.number().int().min(1).max(3).optional(),
  amount: z.number().int().positive(),
});
export type RouletteBet = z.infer<typeof RouletteBetSchema>;

export const BaccaratBetSchema = z.strictObject({
  type: z.enum(['player', 'banker', 'tie']),
  amount: z.number().int().positive(),
});
export type BaccaratBet = z.infer<typeof BaccaratBetSchema>;

export const BLACKJACK_ACTIONS = ['hit', 'stand', 'double'] as const;
export const BlackjackActionSchema = z.enum(BLACKJACK_ACTIONS);
export type BlackjackAction = z.infer<typeof BlackjackActionSchema>;

/** What a round is played with: the verify page feeds it back to the engine. */
export const PlayInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('slot'), bet: z.number().int().positive() }),
  z.strictObject({ kind: z.literal('roulette'), bets: z.array(RouletteBetSchema).min(1).max(60) }),
  z.strictObject({ kind: z.literal('baccarat'), bets: z.array(BaccaratBetSchema).min(1).max(3) }),
  /** Blackjack is played in steps: `deal` opens a round, the other actions continue the open round. */
  z.discriminatedUnion('action', [
    z.strictObject({ kind: z.literal('blackjack'), action: z.literal('deal'), bet: z.number().int().positive() }),
    z.strictObject({ kind: z.literal('blackjack'), action: BlackjackActionSchema, roundId: z.string().uuid() }),
  ]),
]);
export type PlayInput = z.infer<typeof PlayInputSchema>;
/** A kind of GAME_KINDS without a play input above fails here. */
export type InputKindsChecked = KindsChecked<EveryKind<PlayInput['kind']>>;
export type InputOf<K extends GameKind> = Extract<PlayInput, { kind: K }>;

export const SlotLineWinSchema = z.object({
  /** Index into paylines. */
  line: z.number().int(),
  symbol: z.string(),
  count: z.number().int(),
  win: z.number().int(),
});
export const SlotSpinSchema = z.object({
  /** Stop position per reel. */
  stops: z.array(z.number().int()),
  /** grid[reel][row] symbol ids as shown. */
  grid: z.array(z.array(z.string())),
  lineWins: z.array(SlotLineWinSchema),
  scatterCount: z.number().int(),
  scatterWin: z.number().int(),
  /** Multiplier applied to this spin's wins (1 in the base game). */
  multiplier: z.number().int(),
  /** Free spins this spin awarded. */
  freeSpinsAwarded: z.number().int(),
  win: z.number().int(),
});
export type SlotSpin = z.infer<typeof SlotSpinSchema>;

export const SlotOutcomeSchema = z.object({
  kind: z.literal('slot'),
  base: SlotSpinSchema,
  freeSpins: z.array(SlotSpinSchema),
  totalWin: z.number().int(),
});
export const RouletteOutcomeSchema = z.object({
  kind: z.literal('roulette'),
  number: z.number().int().min(0).max(36),
  color: z.enum(['red', 'black', 'green']),
  bets: z.array(RouletteBetSchema.extend({ numbers: z.array(z.number().int()), win: z.number().int() })),
  totalWin: z.number().int(),
});
export const BaccaratOutcomeSchema = z.object({
  kind: z.literal('baccarat'),
  playerCards: z.array(CardSchema),
  bankerCards: z.array(CardSchema),
  playerTotal: z.number().int(),
  bankerTotal: z.number().int(),
  result: z.enum(['player', 'banker', 'tie']),
  bets: z.array(BaccaratBetSchema.extend({ win: z.number().int() })),
  totalWin: z.number().int(),
});
export const BlackjackOutcomeSchema = z.object({
  kind: z.literal('blackjack'),
  playerCards: z.array(CardSchema),
  /** While the hand is open only the dealer's up card is shown. */
  dealerCards: z.array(CardSchema),
  playerTotal: z.number().int(),
  /** True when the player's total counts an ace as 11. */
  playerSoft: z.boolean(),
  dealerTotal: z.number().int(),
  doubled: z.boolean(),
  /** The actions the player may take now (empty once settled). */
  allowed: z.array(BlackjackActionSchema),
  /** null while the hand is open. */
  result: z.enum(['blackjack', 'win', 'push', 'lose', 'bust', 'dealer_blackjack']).nullable(),
  totalWin: z.number().int(),
});
export const RoundOutcomeSchema = z.discriminatedUnion('kind', [SlotOutcomeSchema, RouletteOutcomeSchema, BaccaratOutcomeSchema, BlackjackOutcomeSchema]);
export type RoundOutcome = z.infer<typeof RoundOutcomeSchema>;
/** A kind of GAME_KINDS without an outcome above fails here. */
export type OutcomeKindsChecked = KindsChecked<EveryKind<RoundOutcome['kind']>>;
export type OutcomeOf<K extends GameKind> = Extract<RoundOutcome, { kind: K }>;

/* ---------- POST /house/session ---------- */

export const HouseSessionRequestSchema = z.strictObject({ token: z.string().min(16).max(128) });
export const HouseSessionResponseSchema = z.object({
  /** The play-session token to send with /house/play and /house/seed (valid 12 hours). */
  session: z.string(),
  mode: z.enum(['real', 'demo']),
  /** COIN for real play, PTS for demo. */
  currency: z.enum(['COIN', 'PTS']),
  balance: z.number().int(),
  language: LanguageSchema,
  /** Where the lobby button returns (the lobbyUrl given at launch), or null. */
  lobbyUrl: z.string().nullable(),
  game: z.object({
    gameCode: z.string(),
    title: z.string(),
    orientation: z.enum(['landscape', 'portrait']),
    /** Declared return to player, e.g. 0.9612 (verified by simulation). */
    rtp: z.number(),
    definition: GameDefinitionSchema,
  }),
  fairness: FairnessStateSchema,
  /** An open blackjack hand left from an earlier visit, to resume; otherwise null. */
  openRound: z.object({ roundId: z.string(), stake: z.number().int(), outcome: RoundOutcomeSchema }).nullable(),
});
export type HouseSessionResponse = z.infer<typeof HouseSessionResponseSchema>;

/* ---------- POST /house/play ---------- */

/**
 * `requestId`: a UUID the game client makes per action and sends again when it retries that action;
 * the same id in the same play session answers the first result and moves nothing.
 */
export const PlayRequestSchema = z.strictObject({ session: z.string().min(16).max(128), input: PlayInputSchema, requestId: z.uuid() });
export type PlayRequest = z.infer<typeof PlayRequestSchema>;
export const PlayResponseSchema = z.object({
  roundId: z.string(),
  /** The nonce this round used. */
  nonce: z.number().int(),
  status: z.enum(['open', 'settled']),
  /** Total staked in the round so far (a double adds to it). */
  stake: z.number().int(),
  win: z.number().int(),
  balance: z.number().int(),
  currency: z.enum(['COIN', 'PTS']),
  outcome: RoundOutcomeSchema,
  /** The seed state after the round (nonce already advanced). */
  fairness: FairnessStateSchema,
});
export type PlayResponse = z.infer<typeof PlayResponseSchema>;

/* ---------- POST /house/seed ---------- */

/** Rotates the server seed (revealing the old one) and optionally sets a new client seed; the nonce restarts at 0. */
export const SeedRequestSchema = z.strictObject({ session: z.string().min(16).max(128), clientSeed: ClientSeedSchema.optional() });
export const SeedResponseSchema = z.object({
  fairness: FairnessStateSchema,
  /** The seed pair just retired: its server seed can now be checked against the hash shown before play. */
  revealed: z.object({ serverSeed: z.string(), serverSeedHash: z.string(), clientSeed: z.string(), lastNonce: z.number().int() }),
});
export type SeedResponse = z.infer<typeof SeedResponseSchema>;

/**
 * GET /dev/house/seed (DEV_TOOLS only): a play session's active seed pair, server seed included, so a
 * test can compute the coming rounds with contracts/fairness.ts and play up to the one it needs.
 */
export const DevSeedQuerySchema = z.strictObject({ session: z.string().min(16).max(128) });
export const DevSeedResponseSchema = z.object({ serverSeed: z.string(), clientSeed: z.string(), nonce: z.number().int() });

/* ---------- GET /house/rounds/:roundId/verify ---------- */

export const RoundIdParamsSchema = z.strictObject({ roundId: z.string().uuid() });
/** The language of the game title in the answer (default ja). */
export const VerifyRoundQuerySchema = z.strictObject({ languageCode: LanguageSchema.optional() });
/**
 * Everything needed to recompute a round (contracts/fairness.ts `recomputeRound`). `serverSeed`
 * is null until the seed pair is rotated; blackjack `actions` lists the player's decisions in order.
 */
export const VerifyRoundResponseSchema = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  gameTitle: z.string(),
  createdAt: z.string(),
  status: z.enum(['open', 'settled', 'refunded']),
  serverSeed: z.string().nullable(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  definition: GameDefinitionSchema,
  /** The opening input (slot bet, roulette/baccarat bets, blackjack deal). */
  input: PlayInputSchema,
  actions: z.array(BlackjackActionSchema),
  stake: z.number().int(),
  win: z.number().int(),
  outcome: RoundOutcomeSchema,
});
export type VerifyRoundResponse = z.infer<typeof VerifyRoundResponseSchema>;

/* ---------- GET /get-bet-history ---------- */

/**
 * Paging: `page` (1 = newest) is mapped through a keyset. Every real round gets the player's own
 * sequence number (1, 2, 3...), so page p is `seq <= total - (p-1)*size order by seq desc limit size`
 * on an (account, seq) index: page 1,000 costs what page 1 does. Demo rounds are not listed.
 */
export const BetHistoryQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** The language of game titles (default: the player's language). */
  languageCode: LanguageSchema.optional(),
});
export const BetRecordSchema = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  gameTitle: z.string(),
  createdAt: z.string(),
  stake: z.number().int(),
  win: z.number().int(),
  /** win - stake */
  net: z.number().int(),
  balanceAfter: z.number().int(),
  status: z.enum(['open', 'settled', 'refunded']),
});
export type BetRecord = z.infer<typeof BetRecordSchema>;
export const BetHistoryResponseSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  totalRecords: z.number().int(),
  totalPages: z.number().int(),
  /** False on the last page: the site shows its end-of-records message. */
  hasMore: z.boolean(),
  records: z.array(BetRecordSchema),
});
export type BetHistoryResponse = z.infer<typeof BetHistoryResponseSchema>;

/* ---------- GET /launch-sportsbook ---------- */
export const SportsbookQuerySchema = z.strictObject({ language: LanguageSchema.optional() });

/* ---------- Display titles ---------- */

// Zod-free (the site's search reads them): contracts/game-titles.ts.
export { GAME_TITLES, gameDisplayTitle, type GameTitles } from './game-titles';

/* ---------- Live stats of a game (GET /games/:code/stats, decision 0020) ---------- */

export const GameStatsParamsSchema = z.strictObject({ code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/) });

/** One window of real-coin rounds settled on the game's current maths. */
export const GameStatsWindowSchema = z.object({
  window: z.enum(['24h', '30d', 'all']),
  rounds: z.number().int(),
  wagered: z.number().int(),
  won: z.number().int(),
  /** won / wagered; null without rounds. */
  rtp: z.number().nullable(),
  /** Where the measured RTP falls 99% of the time for these rounds' stakes: expected +/- 2.576 standard errors. */
  band: z.object({ low: z.number(), high: z.number() }).nullable(),
});
export type GameStatsWindow = z.infer<typeof GameStatsWindowSchema>;

export const GameStatsResponseSchema = z.object({
  gameCode: z.string(),
  /** The exact maths of the game's main bet (contracts/game-math/). */
  expected: z.object({ rtp: z.number(), hitFrequency: z.number(), largestWin: z.number(), standardDeviation: z.number() }),
  windows: z.array(GameStatsWindowSchema),
  /** When the figures were read (answers are cached up to a minute). */
  asOf: z.string(),
});
export type GameStatsResponse = z.infer<typeof GameStatsResponseSchema>;
