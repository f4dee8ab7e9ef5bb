import { z } from 'zod';

/**
 * The tournament entity on the wire (spec section 3), shared by raffles (`/currentRaffle`,
 * `/raffle-history`, `/raffles`) and the tournaments lobby (`/tournaments`).
 */
export const TOURNAMENT_STATUSES = ['DRAFT', 'SCHEDULED', 'ACTIVE', 'CLOSED', 'DRAWN', 'CANCELLED'] as const;
export const TournamentStatusSchema = z.enum(TOURNAMENT_STATUSES);
export type TournamentStatus = z.infer<typeof TournamentStatusSchema>;

export const TOURNAMENT_KINDS = ['RAFFLE', 'RACE'] as const;
export const TournamentKindSchema = z.enum(TOURNAMENT_KINDS);

const isoDate = z.iso.datetime({ offset: true });

/** Tournament translation: languageCode is a language of the registry (contracts/languages.ts) or 'default'. */
export const TournamentTranslationSchema = z.object({
  languageCode: z.string(),
  languageDisplayName: z.string(),
  title: z.string(),
  description: z.string(),
  termsAndConditions: z.string(),
});
export type TournamentTranslation = z.infer<typeof TournamentTranslationSchema>;

export const TournamentGameSchema = z.object({
  id: z.number().int(),
  gameCode: z.string(),
  isEnabled: z.boolean(),
  iconFileName: z.string().nullable(),
});

export const BrandLinkSchema = z.object({ accountId: z.string(), brandRef: z.string() });

export const TournamentPrizeSchema = z.object({
  amount: z.number().int().positive(),
  count: z.number().int().positive().optional(),
  rank: z.number().int().positive().optional(),
});

/** Tournament (spec section 3). */
export const TournamentSchema = z.object({
  id: z.number().int(),
  account: z.object({ accountRef: z.string() }),
  tournamentRef: z.string(),
  kind: TournamentKindSchema,
  startDateUtc: isoDate,
  endDateUtc: isoDate,
  raffleDrawDate: isoDate.nullable(),
  raffleDrawResult: z.string().nullable(),
  brands: z.array(BrandLinkSchema),
  games: z.array(TournamentGameSchema),
  translations: z.array(TournamentTranslationSchema),
  createdUtc: isoDate,
  lastModifiedUtc: isoDate,
  tournamentStatus: TournamentStatusSchema,
  baseCurrency: z.string(),
  bannerFileName: z.string().nullable(),
  prizes: z.array(TournamentPrizeSchema),
});
export type Tournament = z.infer<typeof TournamentSchema>;

export { translationFor } from './tournament-helpers';
