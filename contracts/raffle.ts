import { z } from 'zod';
import { LanguageSchema, TranslationLanguageSchema } from './common';
import { isLanguage, LANGUAGES, languageInfo, localizePath, toLanguage } from './languages';
import { TournamentSchema, TournamentStatusSchema } from './tournaments';

/**
 * Raffles (spec sections 3 and 7, decisions.md): the standing (`GET /currentRaffle`), the player's
 * history (`GET /raffle-history`), the public list (`GET /raffles`), each draw's public record
 * (`GET /raffles/:ref/record`) and the operator's raffle definition (admin `raffle:create`).
 */

const isoDate = z.iso.datetime({ offset: true });

/**
 * Raffle standing. With no raffle running or scheduled: `raffleMetaData: null` and zeros
 * (decisions.md: 200, and the header shows no Raffle button).
 */
export const RaffleStandingSchema = z.object({
  raffleMetaData: TournamentSchema.nullable(),
  numEntries: z.number().int().nonnegative(),
  wagerPerEntry: z.number().int().nonnegative(),
  amountLeftForNextEntry: z.number().int().nonnegative(),
});
export type RaffleStanding = z.infer<typeof RaffleStandingSchema>;

/** Raffle history entry (spec section 3): translations carry languageCode and title, one of them 'default'. */
export const RaffleHistoryEntrySchema = z.object({
  id: z.number().int(),
  translations: z.array(z.object({ languageCode: z.string(), title: z.string() })),
  raffleDrawDate: isoDate,
  /** The public record page of the draw (null until drawn). */
  raffleDrawResult: z.string().nullable(),
  /** The coins this player won in the draw; 0 when not won (the history says won or not won). */
  prize: z.number().int().nonnegative(),
});
export type RaffleHistoryEntry = z.infer<typeof RaffleHistoryEntrySchema>;
export const RaffleHistorySchema = z.array(RaffleHistoryEntrySchema);

/** A raffle reference: lower-case letters, digits and dashes (it is part of the record page's URL). */
export const RaffleRefSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/);
export const RaffleRefParamsSchema = z.object({ ref: RaffleRefSchema });

export const RaffleSummarySchema = z.object({
  ref: z.string(),
  status: TournamentStatusSchema,
  startDateUtc: isoDate,
  endDateUtc: isoDate,
  raffleDrawDate: isoDate,
  translations: z.array(z.object({ languageCode: z.string(), title: z.string() })),
});
export const RaffleListSchema = z.array(RaffleSummarySchema);

export const TicketHoldingSchema = z.object({ holder: z.string(), tickets: z.number().int().positive() });
export const RaffleWinnerSchema = z.object({
  place: z.number().int().positive(),
  holder: z.string(),
  ticket: z.number().int().nonnegative(),
  amount: z.number().int().positive(),
});
export const RafflePrizeSchema = z.object({ amount: z.number().int().positive(), count: z.number().int().positive().max(1000).optional() });

/** The public record of a draw: enough to recompute the winners from it alone (contracts/raffle-draw.ts). */
export const RaffleRecordSchema = RaffleSummarySchema.extend({
  baseCurrency: z.string(),
  wagerPerEntry: z.number().int().positive(),
  games: z.array(z.string()),
  prizes: z.array(RafflePrizeSchema),
  /** Hex SHA-256 of the server seed, published when the raffle was created. */
  commitment: z.string(),
  /** Revealed after the draw. */
  serverSeed: z.string().nullable(),
  ticketListHash: z.string().nullable(),
  /** The frozen ticket list (pseudonymous holders), after the draw. */
  tickets: z.array(TicketHoldingSchema).nullable(),
  totalTickets: z.number().int().nonnegative().nullable(),
  winners: z.array(RaffleWinnerSchema),
  drawnAtUtc: isoDate.nullable(),
  algorithm: z.object({ version: z.string(), description: z.string(), code: z.string() }),
});
export type RaffleRecord = z.infer<typeof RaffleRecordSchema>;

/** A raffle as the operator defines it (`npm run admin -- raffle:create <file.json>`, the dev route). */
export const RaffleDefinitionSchema = z
  .strictObject({
    ref: RaffleRefSchema,
    accountRef: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .default('coin-casino'),
    baseCurrency: z
      .string()
      .regex(/^[A-Z]{2,5}$/)
      .default('PTS'),
    startDateUtc: isoDate,
    endDateUtc: isoDate,
    raffleDrawDate: isoDate,
    wagerPerEntry: z.number().int().positive().max(1_000_000_000),
    /** A banner image file (admin command: a path, copied to the banners folder); its file name is kept. */
    banner: z.string().min(1).max(500).optional(),
    bannerFileName: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,100}\.(png|jpe?g|webp|svg)$/)
      .optional(),
    brands: z.array(z.string().min(1).max(64)).max(20).default([]),
    /** Game codes whose bets count; empty means every game. */
    games: z.array(z.string().min(1).max(100)).max(200).default([]),
    prizes: z.array(RafflePrizeSchema).min(1).max(50),
    translations: z
      .array(
        z.strictObject({
          languageCode: TranslationLanguageSchema,
          languageDisplayName: z.string().max(50).optional(),
          title: z.string().min(1).max(200),
          description: z.string().max(4000).default(''),
          termsAndConditions: z.string().max(20000).default(''),
        }),
      )
      .min(1)
      .max(LANGUAGES.length + 1),
  })
  .refine((d) => Date.parse(d.endDateUtc) > Date.parse(d.startDateUtc), { message: 'endDateUtc must be after startDateUtc', path: ['endDateUtc'] })
  .refine((d) => Date.parse(d.raffleDrawDate) >= Date.parse(d.endDateUtc), {
    message: 'raffleDrawDate must not be before endDateUtc',
    path: ['raffleDrawDate'],
  })
  .refine((d) => new Set(d.translations.map((t) => t.languageCode)).size === d.translations.length, {
    message: 'one translation per language',
    path: ['translations'],
  })
  .refine((d) => d.translations.some((t) => t.languageCode === 'default'), { message: "a 'default' translation is required", path: ['translations'] })
  .refine((d) => d.prizes.reduce((n, p) => n + (p.count ?? 1), 0) <= 1000, { message: 'at most 1000 prize places', path: ['prizes'] });
export type RaffleDefinition = z.infer<typeof RaffleDefinitionSchema>;
export const languageDisplayName = (code: string) => (isLanguage(code) ? languageInfo(code).name : code === 'default' ? 'Default' : code);

/** The record page of a raffle, relative to the site (the API answers it as an absolute link). */
export const raffleRecordPath = (ref: string, language?: string) => localizePath(`/raffles/${ref}`, toLanguage(language));

export { raffleBannerUrl } from './tournament-helpers';

/** `GET /raffle-history?languageCode=`: the language of the result links (default ja). */
export const RaffleHistoryQuerySchema = z.strictObject({ languageCode: LanguageSchema.optional() });
