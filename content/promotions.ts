import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Promotions are content files, one per slug: content/promotions/<slug>.json. The site prerenders
 * /promotions/<slug> from them and the API reads the same files to know which bonus a slug carries,
 * so both validate them with this one schema.
 */
const PromotionTextSchema = z.strictObject({
  title: z.string().min(1).max(120),
  summary: z.string().min(1).max(400),
  /** Plain text; paragraphs separated by a blank line. */
  body: z.string().min(1),
});

export const PromotionSchema = z
  .strictObject({
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case words joined by hyphens'),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    /** Claimable play-money coins (once per player), or null for an informational promotion. */
    bonus: z.number().int().positive().nullable(),
    /** A path under public/ or an absolute URL. */
    image: z.string().min(1).optional(),
    ja: PromotionTextSchema,
    en: PromotionTextSchema,
  })
  .refine((p) => Date.parse(p.startsAt) < Date.parse(p.endsAt), { message: 'startsAt must be before endsAt', path: ['endsAt'] });

export type Promotion = z.infer<typeof PromotionSchema>;
export type PromotionText = z.infer<typeof PromotionTextSchema>;

/** Where the files live: content/promotions under the working directory (npm scripts run at the root). */
export const PROMOTIONS_DIR = path.resolve('content', 'promotions');

/** Reads and validates every promotion; a bad file fails loudly with its name (at build and at start). */
export function loadPromotions(dir: string = PROMOTIONS_DIR): Promotion[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  return files.map((file) => {
    const parsed = PromotionSchema.safeParse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    if (!parsed.success) throw new Error(`content/promotions/${file}: ${z.prettifyError(parsed.error)}`);
    if (`${parsed.data.slug}.json` !== file) throw new Error(`content/promotions/${file}: slug must match the file name`);
    return parsed.data;
  });
}

export function findPromotion(slug: string, dir?: string): Promotion | undefined {
  return loadPromotions(dir).find((p) => p.slug === slug);
}

/** Running at `now`: started and not yet ended. */
export function isPromotionActive(promotion: Promotion, now: Date = new Date()): boolean {
  return Date.parse(promotion.startsAt) <= now.getTime() && now.getTime() < Date.parse(promotion.endsAt);
}
