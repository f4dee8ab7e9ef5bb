import { loadPromotions, type Promotion } from '../../../content/promotions';
import { clock } from '../../clock';
import type { DbOrTrx } from '../../db';
import { isLanguage, type Language } from '../../../contracts/languages';

/**
 * Promotions (docs/decisions/0019-back-office.md): rows of the promotions table, which content staff create and edit in the
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
  published: boolean;
};

const toPromotion = (r: Row, texts: Promotion['texts']): StoredPromotion => ({
  slug: r.slug,
  startsAt: new Date(r.starts_at).toISOString(),
  endsAt: new Date(r.ends_at).toISOString(),
  bonus: r.bonus === null ? null : Number(r.bonus),
  ...(r.image ? { image: r.image } : {}),
  texts,
  published: r.published,
});

const columns = (p: Promotion) => ({
  starts_at: new Date(p.startsAt),
  ends_at: new Date(p.endsAt),
  bonus: p.bonus,
  image: p.image ?? null,
});

/** The rows' promotions with their texts (one query for the texts of them all). */
async function withTexts(db: DbOrTrx, rows: Row[]): Promise<StoredPromotion[]> {
  if (rows.length === 0) return [];
  const texts = await db
    .selectFrom('promotion_texts')
    .selectAll()
    .where(
      'slug',
      'in',
      rows.map((r) => r.slug),
    )
    .orderBy('language_code')
    .execute();
  const bySlug = new Map<string, Record<string, Promotion['texts'][Language]>>();
  for (const t of texts) {
    if (!isLanguage(t.language_code)) continue; // a language no longer in the registry: kept, not shown
    let entry = bySlug.get(t.slug);
    if (!entry) bySlug.set(t.slug, (entry = {}));
    entry[t.language_code] = { title: t.title, summary: t.summary, body: t.body };
  }
  return rows.map((r) => toPromotion(r, (bySlug.get(r.slug) ?? {}) as Promotion['texts']));
}

/** Writes a promotion's texts: the languages it has replace the ones stored. */
async function writeTexts(db: DbOrTrx, slug: string, texts: Promotion['texts']): Promise<void> {
  await db.deleteFrom('promotion_texts').where('slug', '=', slug).execute();
  const rows = Object.entries(texts).flatMap(([language_code, t]) => (t ? [{ slug, language_code, title: t.title, summary: t.summary, body: t.body }] : []));
  if (rows.length) await db.insertInto('promotion_texts').values(rows).execute();
}

/** Imports the shipped promotion files whose slug is not in the table yet (idempotent; safe on every start). */
export async function importContentPromotions(db: DbOrTrx, promotions: Promotion[] = loadPromotions()): Promise<void> {
  if (promotions.length === 0) return;
  const added = await db
    .insertInto('promotions')
    .values(promotions.map((p) => ({ slug: p.slug, ...columns(p) })))
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('slug')
    .execute();
  for (const { slug } of added) await writeTexts(db, slug, promotions.find((p) => p.slug === slug)!.texts);
}

/** Every promotion, published or not, newest start first (the back-office's list). */
export async function listPromotions(db: DbOrTrx): Promise<StoredPromotion[]> {
  const rows = await db.selectFrom('promotions').selectAll().orderBy('starts_at', 'desc').orderBy('slug').execute();
  return withTexts(db, rows);
}

/** A published promotion by slug (what players may see and claim), or undefined. */
export async function findPublishedPromotion(db: DbOrTrx, slug: string): Promise<StoredPromotion | undefined> {
  const row = await db.selectFrom('promotions').selectAll().where('slug', '=', slug).where('published', '=', true).executeTakeFirst();
  return row ? (await withTexts(db, [row]))[0] : undefined;
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
  return withTexts(db, rows);
}

/** Creates a promotion inside the caller's transaction; false when the slug is taken. */
export async function insertPromotion(trx: DbOrTrx, p: Promotion): Promise<boolean> {
  const done = await trx
    .insertInto('promotions')
    .values({ slug: p.slug, ...columns(p) })
    .onConflict((oc) => oc.column('slug').doNothing())
    .executeTakeFirst();
  if (Number(done.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await writeTexts(trx, p.slug, p.texts);
  return true;
}

/** Replaces a promotion's fields (locked first); answers what it was, or undefined when there is no such slug. */
export async function updatePromotion(
  trx: DbOrTrx,
  slug: string,
  change: Partial<Omit<Promotion, 'slug'>> & { published?: boolean },
): Promise<StoredPromotion | undefined> {
  const row = await trx.selectFrom('promotions').selectAll().where('slug', '=', slug).forUpdate().executeTakeFirst();
  if (!row) return undefined;
  const [before] = await withTexts(trx, [row]);
  const next: Promotion = { ...before, ...change, slug };
  await trx
    .updateTable('promotions')
    .set({ ...columns(next), ...(change.published !== undefined ? { published: change.published } : {}), updated_at: clock.now() })
    .where('slug', '=', slug)
    .execute();
  if (change.texts) await writeTexts(trx, slug, change.texts);
  return before;
}
