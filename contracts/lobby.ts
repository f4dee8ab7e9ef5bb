import { z } from 'zod';
import { LanguageSchema } from './common';
import { TournamentSchema, TournamentTranslationSchema } from './tournaments';

/**
 * The tournaments lobby (docs/decisions/0007-tournaments-lobby.md): `GET {API_BASE}/tournaments?languageCode=` and the operator's
 * race file (`npm run admin -- tournament:create <file.json>`). Read by the lobby launcher script
 * (src/lobby/) and by the server.
 */

/** How points of a race are counted: total real-coin stakes, or the best single-round win multiplier. */
export const RACE_METRICS = ['WAGERED', 'BEST_MULTIPLIER'] as const;
export const RaceMetricSchema = z.enum(RACE_METRICS);
export type RaceMetric = z.infer<typeof RaceMetricSchema>;

/** Rows of a leaderboard the lobby shows. */
export const LEADERBOARD_TOP = 10;
/** How long a server instance reuses a computed leaderboard: many lobbies polling cost one query per race per this. */
export const LEADERBOARD_CACHE_MS = 2_000;
/** How often the lobby launcher asks again (decision 0007: polling). */
export const LOBBY_POLL_MS = 5_000;
/** A race is paid this long after its end, so rounds settled just before the end have committed. */
export const RACE_PAYOUT_GRACE_MS = 5_000;
/** How long a finished tournament stays in the lobby. */
export const LOBBY_FINISHED_DAYS = 30;

export const LobbyQuerySchema = z.strictObject({ languageCode: LanguageSchema.optional() });

export const LeaderboardEntrySchema = z.object({
  rank: z.number().int().positive(),
  /** Pseudonymous: the first characters of the display name, masked, plus a short stable tag. */
  name: z.string(),
  /** WAGERED: coins; BEST_MULTIPLIER: win / stake, two decimals. */
  points: z.number(),
  isYou: z.boolean(),
  /** Finished races: the coins this rank was paid. */
  prize: z.number().int().nullable(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const LeaderboardSchema = z.object({
  /** FINAL once the race is paid (the standings are frozen), LIVE before. */
  state: z.enum(['LIVE', 'FINAL']),
  entries: z.array(LeaderboardEntrySchema),
  /** Players ranked in all. */
  players: z.number().int().nonnegative(),
  /** The signed-in player's place; null for visitors and players without points. */
  you: z.object({ rank: z.number().int().positive(), points: z.number() }).nullable(),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

export const LobbyGameSchema = z.object({ gameCode: z.string(), title: z.string(), iconUrl: z.string().nullable() });

export const LobbyTournamentSchema = TournamentSchema.extend({
  metric: RaceMetricSchema.nullable(),
  /** The translation for the asked language (its own, else 'default', else the first). */
  title: z.string(),
  description: z.string(),
  termsAndConditions: z.string(),
  lobbyGames: z.array(LobbyGameSchema),
  /** Races only; raffles have tickets and a draw instead (null). */
  leaderboard: LeaderboardSchema.nullable(),
});
export type LobbyTournament = z.infer<typeof LobbyTournamentSchema>;

export const LobbyResponseSchema = z.object({
  /** The server's time: the launcher counts down from it, not from the device's clock. */
  serverTime: z.iso.datetime({ offset: true }),
  pollMs: z.number().int().positive(),
  tournaments: z.array(LobbyTournamentSchema),
});
export type LobbyResponse = z.infer<typeof LobbyResponseSchema>;

const isoDate = z.iso.datetime({ offset: true });

/** The operator's race file (`tournament:create`). Races only: raffles are created with the raffle commands. */
export const RaceFileSchema = z
  .strictObject({
    ref: z.string().regex(/^[a-z0-9][a-z0-9-]{2,63}$/, 'lower-case letters, digits and dashes'),
    kind: z.literal('RACE').default('RACE'),
    metric: RaceMetricSchema,
    startDateUtc: isoDate,
    endDateUtc: isoDate,
    accountRef: z.string().min(1).default('coin-casino'),
    brands: z.array(z.string().min(1)).default(['coin-casino']),
    bannerFileName: z.string().min(1).nullable().default(null),
    prizes: z
      .array(z.strictObject({ rank: z.number().int().positive(), amount: z.number().int().positive() }))
      .min(1)
      .refine((p) => new Set(p.map((x) => x.rank)).size === p.length, 'each rank once'),
    games: z.array(z.strictObject({ gameCode: z.string().min(1), iconFileName: z.string().min(1).nullable().default(null) })).min(1),
    translations: z.array(TournamentTranslationSchema).min(1),
    /** DRAFT keeps it out of the lobby until published; SCHEDULED (default) lists it. */
    status: z.enum(['DRAFT', 'SCHEDULED']).default('SCHEDULED'),
  })
  .refine((r) => Date.parse(r.endDateUtc) > Date.parse(r.startDateUtc), { message: 'endDateUtc must be after startDateUtc', path: ['endDateUtc'] });
export type RaceFile = z.input<typeof RaceFileSchema>;
