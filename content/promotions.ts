import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PromotionSchema, type Promotion } from '../contracts/promotions';

/**
 * The shipped promotions are content files, one per slug: content/promotions/<slug>.json, validated
 * with contracts/promotions.ts. The server imports them into its promotions table at start when their
 * slug is not there yet (server/modules/promotions/service.ts); content staff edit them and add more
 * in the back-office (issue 27), and the site shows the table's (GET /api/promotions).
 */
export { PromotionSchema, isPromotionActive, type Promotion, type PromotionText } from '../contracts/promotions';

/** Where the files live: content/promotions under the working directory (npm scripts run at the root). */
export const PROMOTIONS_DIR = path.resolve('content', 'promotions');

/** Reads and validates every promotion; a bad file fails loudly with its name (at build and at start). */
export function loadPromotions(dir: string = PROMOTIONS_DIR): Promotion[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
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
