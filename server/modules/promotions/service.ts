import { loadPromotions, type Promotion } from '../../../content/promotions';
import { clock } from '../../clock';
import type { DbOrTrx } from '../../db';

/**
 * Promotions (issue 27): rows of the promotions table, which content staff create and edit in the
 * back-office. The files in content/promotions are the shipped ones: imported at start when their
 * slug is not in the table yet, never over a row (the back-office's edits stand).
 */
export interface StoredPromotion extends Promotion {
  published: boolean;
}

type Row = {
  slug: string;
  starts_at: Date;
  ends_at: Date;
  bonus: number | null;
  image: string | null;
  ja: Promotion['ja'];
  en: Promotion['en'];
  published: boolean;
};

const toPromotion = (r: Row): StoredPromotion => ({
  slug: r.slug,
  startsAt: new Date(r.starts_at).toISOString(),
  endsAt: new Date(r.ends_at).toISOString(),
  bonus: r.bonus === null ? null : Number(r.bonus),
  ...(r.image ? { image: r.image } : {}),
  ja: r.ja,
  en: r.en,
  published: r.published,
});

const columns = (p: Promotion) => ({
  starts_at: new Date(p.startsAt),
  ends_at: new Date(p.endsAt),
  bonus: p.bonus,
  image: p.image ?? null,
  ja: JSON.stringify(p.ja),
  en: JSON.stringify(p.en),
});

/** Imports the shipped promotion files whose slug is not in the table yet (idempotent; safe on every start). */
export async function importContentPromotions(db: DbOrTrx, promotions: Promotion[] = loadPromotions()): Promise<void> {
  if (promotions.length === 0) return;
  await db
    .insertInto('promotions')
    .values(promotions.map((p) => ({ slug: p.slug, ...columns(p) })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
}

/** Every promotion, published or not, newest start first (the back-office's list). */
export async function listPromotions(db: DbOrTrx): Promise<StoredPromotion[]> {
  const rows = await db.selectFrom('promotions').selectAll().orderBy('starts_at', 'desc').orderBy('slug').execute();
  return rows.map(toPromotion);
}

/** A published promotion by slug (what players may see and claim), or undefined. */
export async function findPublishedPromotion(db: DbOrTrx, slug: string): Promise<StoredPromotion | undefined> {
  const row = await db.selectFrom('promotions').selectAll().where('slug', '=', slug).where('published', '=', true).executeTakeFirst();
  return row ? toPromotion(row) : undefined;
}

/** Published promotions not ended at `now` (running or upcoming), soonest-ending first. */
export async function currentPromotions(db: DbOrTrx, now: Date): Promise<StoredPromotion[]> {
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where('published', '=', true)
    .where('ends_at', '>', now)
    .orderBy('ends_at')
    .orderBy('slug')
    .execute();
  return rows.map(toPromotion);
}

/** Creates a promotion inside the caller's transaction; false when the slug is taken. */
export async function insertPromotion(trx: DbOrTrx, p: Promotion): Promise<boolean> {
  const done = await trx
    .insertInto('promotions')
    .values({ slug: p.slug, ...columns(p) })
    .onConflict((oc) => oc.column('slug').doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Replaces a promotion's fields (locked first); answers what it was, or undefined when there is no such slug. */
export async function updatePromotion(
  trx: DbOrTrx,
  slug: string,
  change: Partial<Omit<Promotion, 'slug'>> & { published?: boolean },
): Promise<StoredPromotion | undefined> {
  const row = await trx.selectFrom('promotions').selectAll().where('slug', '=', slug).forUpdate().executeTakeFirst();
  if (!row) return undefined;
  const before = toPromotion(row);
  const next: Promotion = { ...before, ...change, slug };
  await trx
    .updateTable('promotions')
    .set({ ...columns(next), ...(change.published !== undefined ? { published: change.published } : {}), updated_at: clock.now() })
    .where('slug', '=', slug)
    .execute();
  return before;
}
