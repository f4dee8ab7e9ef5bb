import { sql, type Kysely } from 'kysely';

/**
 * Promotion texts per language code (docs/decisions/0016): one row per promotion and language in
 * promotion_texts, in place of a JSON column per language on promotions. The rows of the two
 * columns move over as they are; down moves them back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('promotion_texts')
    .addColumn('slug', 'text', (c) => c.notNull().references('promotions.slug').onDelete('cascade').onUpdate('cascade'))
    .addColumn('language_code', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('promotion_texts_pkey', ['slug', 'language_code'])
    .execute();
  for (const code of ['ja', 'en']) {
    await sql`
      insert into promotion_texts (slug, language_code, title, summary, body)
      select slug, ${code}, ${sql.ref(code)}->>'title', ${sql.ref(code)}->>'summary', ${sql.ref(code)}->>'body' from promotions`.execute(db);
  }
  await db.schema.alterTable('promotions').dropColumn('ja').execute();
  await db.schema.alterTable('promotions').dropColumn('en').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const code of ['ja', 'en']) {
    await db.schema.alterTable('promotions').addColumn(code, 'jsonb').execute();
    // A promotion without a text in this language takes the Japanese one (the column is not null).
    await sql`
      update promotions p set ${sql.ref(code)} = (
        select jsonb_build_object('title', t.title, 'summary', t.summary, 'body', t.body) from promotion_texts t
        where t.slug = p.slug and t.language_code in (${code}, 'ja') order by t.language_code = ${code} desc limit 1)`.execute(db);
    await db.schema
      .alterTable('promotions')
      .alterColumn(code, (c) => c.setNotNull())
      .execute();
  }
  await db.schema.dropTable('promotion_texts').execute();
}
