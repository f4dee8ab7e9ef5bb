import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../server/db/migrations/2026-11-28T11-00_promotion_texts';
import { createTestDb, type TestDb } from '../support/db';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The promotion texts' move from a JSON column per language to a row per language code, and back. */
describe(`the promotion_texts migration moves every text (${db})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    await t?.drop();
  });

  const text = (title: string) => ({ title, summary: `${title}: summary`, body: `${title}: body\n\nsecond paragraph` });
  const textRows = () =>
    t.db.selectFrom('promotion_texts').select(['slug', 'language_code', 'title', 'summary', 'body']).orderBy('slug').orderBy('language_code').execute();

  it('moves the ja and en columns into rows, and back', async () => {
    // Back to the columns' shape, then rows as the old schema held them.
    await down(t.db);
    const period = { starts_at: new Date('2026-01-01T00:00:00Z'), ends_at: new Date('2027-01-01T00:00:00Z') };
    for (const [slug, ja, en] of [
      ['old-one', text('古い一'), text('Old one')],
      ['old-two', text('古い二'), text("It's two")],
    ] as const) {
      await sql`insert into promotions (slug, starts_at, ends_at, bonus, ja, en) values (${slug}, ${period.starts_at}, ${period.ends_at}, ${100}, ${JSON.stringify(ja)}, ${JSON.stringify(en)})`.execute(
        t.db,
      );
    }

    await up(t.db);
    expect(await textRows()).toEqual([
      { slug: 'old-one', language_code: 'en', ...text('Old one') },
      { slug: 'old-one', language_code: 'ja', ...text('古い一') },
      { slug: 'old-two', language_code: 'en', ...text("It's two") },
      { slug: 'old-two', language_code: 'ja', ...text('古い二') },
    ]);
    const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_name = 'promotions'`.execute(t.db);
    expect(columns.rows.map((c) => c.column_name)).not.toContain('ja');

    // Down again: the columns come back with the same texts (and a language without a row takes Japanese).
    await t.db.deleteFrom('promotion_texts').where('slug', '=', 'old-two').where('language_code', '=', 'en').execute();
    await down(t.db);
    const rows = await sql<{ slug: string; ja: unknown; en: unknown }>`select slug, ja, en from promotions order by slug`.execute(t.db);
    const parsed = rows.rows.map((r) => ({
      slug: r.slug,
      ja: typeof r.ja === 'string' ? JSON.parse(r.ja) : r.ja,
      en: typeof r.en === 'string' ? JSON.parse(r.en) : r.en,
    }));
    expect(parsed).toEqual([
      { slug: 'old-one', ja: text('古い一'), en: text('Old one') },
      { slug: 'old-two', ja: text('古い二'), en: text('古い二') },
    ]);
    await up(t.db);
    expect(await textRows()).toHaveLength(4);
  });
});
