import { z } from 'zod';
import { LanguageSchema, languageTextsSchema } from './common';

/**
 * Promotions (content/promotions files, and the back-office: docs/decisions/0019-back-office.md): one schema for the
 * shipped files, the back-office's forms and the player API.
 */
export const PromotionTextSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().min(1).max(400),
  /** Plain text; paragraphs separated by a blank line. */
  body: z.string().trim().min(1).max(10_000),
});

export const PromotionSlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens')
  .max(80);

/** Everything but the slug (what an edit may change). */
export const PromotionFieldsSchema = z.strictObject({
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  /** Claimable play-money coins (once per player), or null for an informational promotion. */
  bonus: z.number().int().positive().max(1_000_000_000).nullable(),
  /** A path under public/ or an absolute URL. */
  image: z.string().min(1).max(500).optional(),
  /** Title, summary and body per language code of the registry (the default language's required). */
  texts: languageTextsSchema(PromotionTextSchema),
});

const periodInOrder = (p: { startsAt: string; endsAt: string }) => Date.parse(p.startsAt) < Date.parse(p.endsAt);
const periodIssue = { message: 'startsAt must be before endsAt', path: ['endsAt'] };

export const PromotionSchema = PromotionFieldsSchema.extend({ slug: PromotionSlugSchema }).refine(periodInOrder, periodIssue);
export type Promotion = z.infer<typeof PromotionSchema>;
export type PromotionText = z.infer<typeof PromotionTextSchema>;

/** Back-office: an edit replaces every field but the slug, and says why. */
export const PromotionUpdateSchema = PromotionFieldsSchema.extend({ reason: z.string().trim().min(1).max(500) }).refine(periodInOrder, periodIssue);

/** `GET /promotions?languageCode=`: published promotions not ended yet, in one language. */
export const PromotionsQuerySchema = z.strictObject({ languageCode: LanguageSchema.optional() });
export const PlayerPromotionSchema = z.object({
  slug: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  bonus: z.number().int().nullable(),
  image: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
});
export type PlayerPromotion = z.infer<typeof PlayerPromotionSchema>;
export const PromotionsListSchema = z.object({ promotions: z.array(PlayerPromotionSchema) });

/** Running at `now`: started and not yet ended. */
export function isPromotionActive(promotion: { startsAt: string; endsAt: string }, now: Date = new Date()): boolean {
  return Date.parse(promotion.startsAt) <= now.getTime() && now.getTime() < Date.parse(promotion.endsAt);
}
