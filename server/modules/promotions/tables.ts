import type { Generated } from 'kysely';

/** Promotions (the 2026-11-27T16-00_promotions migration; texts per language since 2026-11-28T11-00_promotion_texts). */
export interface PromotionTables {
  promotions: {
    slug: string;
    starts_at: Date;
    ends_at: Date;
    bonus: number | null;
    image: string | null;
    published: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** A promotion's title, summary and body in one language (a code of the registry). */
  promotion_texts: {
    slug: string;
    language_code: string;
    title: string;
    summary: string;
    body: string;
  };
}
