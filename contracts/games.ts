import { z } from 'zod';
import { LanguageSchema } from './common';

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
