import type { ColumnType, Generated } from 'kysely';

/** JSON columns: written as JSON text, read back parsed. */
type Json<T> = ColumnType<T, string, string>;

/** Promotions (see the 2026-11-27T16-00_promotions migration). */
export interface PromotionTables {
  promotions: {
    slug: string;
    starts_at: Date;
    ends_at: Date;
    bonus: number | null;
    image: string | null;
    ja: Json<{ title: string; summary: string; body: string }>;
    en: Json<{ title: string; summary: string; body: string }>;
    published: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
}
