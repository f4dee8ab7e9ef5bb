import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPromotions } from '../../content/promotions';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer } from '../support/players';
import { createTestStaff, type TestStaff } from '../support/staff';

const db = onPostgres ? 'PostgreSQL' : 'PGlite';

/**
 * Promotions from the back-office (docs/decisions/0019-back-office.md): the shipped files are imported at start; content staff
 * create, edit, unpublish and publish promotions with the same schema; players see the published
 * ones (GET /promotions) and claim their bonus; each change writes its audit row in the same
 * transaction; bad input is refused with a catalogue code and changes nothing. (Who may call each
 * route is in backoffice.test.ts's role matrix.)
 */
describe(`back-office promotions (${db})`, () => {
  let t: TestApp;
  let content: TestStaff;
  const def = (over: Record<string, unknown> = {}) => ({
    slug: `spring-${randomUUID().slice(0, 8)}`,
    startsAt: new Date(Date.now() - 3600_000).toISOString(),
    endsAt: new Date(Date.now() + 7 * 86400_000).toISOString(),
    bonus: 1500,
    texts: {
      ja: { title: '春のボーナス', summary: '1,500コインを受け取れます。', body: '期間中、1回だけ受け取れます。' },
      en: { title: 'Spring bonus', summary: 'Claim 1,500 coins.', body: 'Once per account while it runs.' },
    },
    ...over,
  });
  const counts = async () => ({
    promotions: Number(
      (
        await t.testDb.db
          .selectFrom('promotions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    audit: Number(
      (
        await t.testDb.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    rows: JSON.stringify(await t.testDb.db.selectFrom('promotions').selectAll().orderBy('slug').execute()),
    texts: JSON.stringify(await t.testDb.db.selectFrom('promotion_texts').selectAll().orderBy('slug').orderBy('language_code').execute()),
  });
  const lastAudit = () => t.testDb.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
  const playerList = async (lang: 'ja' | 'en') =>
    (await t.api({ method: 'GET', url: `/promotions?languageCode=${lang}` })).json().promotions as Array<{ slug: string; title: string; bonus: number | null }>;

  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_RATE_LIMIT: '1000' });
    content = await createTestStaff(t, 'promos@staff.test', 'content');
  });
  afterAll(async () => {
    await t.close();
  });

  it('imports the shipped promotion files at start, and lists them to staff and players', async () => {
    const shipped = loadPromotions();
    const list = await t.api({ method: 'GET', url: '/backoffice/promotions', headers: content.headers });
    expect(list.statusCode, list.body).toBe(200);
    for (const p of shipped) expect(list.json().promotions.find((x: { slug: string }) => x.slug === p.slug)).toMatchObject({ published: true, bonus: p.bonus });
    const running = shipped.filter((p) => Date.parse(p.endsAt) > Date.now());
    expect((await playerList('en')).map((p) => p.slug)).toEqual(expect.arrayContaining(running.map((p) => p.slug)));
  });

  it('creates a promotion that players see in both languages and can claim once; audited', async () => {
    const p = def();
    const res = await t.api({ method: 'POST', url: '/backoffice/promotions', headers: content.headers, payload: p });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit()).toMatchObject({ actor: 'promos@staff.test', role: 'content', action: 'promotion.create', target: `promotion:${p.slug}` });
    expect((await playerList('ja')).find((x) => x.slug === p.slug)).toMatchObject({ title: '春のボーナス', bonus: 1500 });
    expect((await playerList('en')).find((x) => x.slug === p.slug)).toMatchObject({ title: 'Spring bonus' });

    const player = await createTestPlayer(t.testDb.db);
    const claim = await t.api({ method: 'POST', url: '/claimBonus', headers: player.headers, payload: { promoSlug: p.slug } });
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json().bonus).toBe(1500);
    const again = await t.api({ method: 'POST', url: '/claimBonus', headers: player.headers, payload: { promoSlug: p.slug } });
    expect(again.json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
  });

  it('refuses bad input with a catalogue code and changes nothing', async () => {
    const taken = def();
    expect((await t.api({ method: 'POST', url: '/backoffice/promotions', headers: content.headers, payload: taken })).statusCode).toBe(200);
    const before = await counts();
    const bad: Array<Record<string, unknown>> = [
      def({ slug: 'Not A Slug' }),
      def({ endsAt: new Date(Date.now() - 7200_000).toISOString() }),
      def({ bonus: 0 }),
      def({ bonus: 1.5 }),
      def({ texts: { ...def().texts, ja: { title: '', summary: 'x', body: 'x' } } }),
      def({ texts: { en: def().texts.en } }), // the default language's text is required
      def({ texts: { ...def().texts, xx: def().texts.en } }), // not a language of the registry
      { ...def(), surprise: true },
      { ...def(), slug: taken.slug },
    ];
    for (const payload of bad) {
      const res = await t.api({ method: 'POST', url: '/backoffice/promotions', headers: content.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
    }
    const { slug: _slug, ...fields } = def();
    const badEdits: Array<Record<string, unknown>> = [
      { ...fields }, // no reason
      { ...fields, reason: 'x', endsAt: new Date(Date.now() - 7200_000).toISOString() },
      { ...fields, reason: 'x', slug: 'other' },
    ];
    for (const payload of badEdits) {
      const res = await t.api({ method: 'POST', url: `/backoffice/promotions/${taken.slug}`, headers: content.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
    }
    const missing = await t.api({ method: 'POST', url: '/backoffice/promotions/no-such-promo', headers: content.headers, payload: { ...fields, reason: 'x' } });
    expect(missing.json().code).toBe('NOT_FOUND');
    const missingUnpublish = await t.api({
      method: 'POST',
      url: '/backoffice/promotions/no-such-promo/unpublish',
      headers: content.headers,
      payload: { reason: 'x' },
    });
    expect(missingUnpublish.json().code).toBe('NOT_FOUND');
    expect(await counts()).toEqual(before);
  });

  it('edits both languages’ texts and the bonus (audited with before and after); unpublishing hides it and stops claims; publishing shows it again', async () => {
    const p = def();
    await t.api({ method: 'POST', url: '/backoffice/promotions', headers: content.headers, payload: p });
    const { slug, ...fields } = p;
    const edit = await t.api({
      method: 'POST',
      url: `/backoffice/promotions/${slug}`,
      headers: content.headers,
      payload: {
        ...fields,
        bonus: 2000,
        texts: { ja: { ...fields.texts.ja, title: '桜ボーナス' }, en: { ...fields.texts.en, title: 'Cherry bonus' } },
        reason: 'new name',
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'promotion.update', target: `promotion:${slug}`, reason: 'new name' });
    expect(audit.before).toMatchObject({ bonus: 1500, texts: { ja: { title: '春のボーナス' } } });
    expect(audit.after).toMatchObject({ bonus: 2000, texts: { en: { title: 'Cherry bonus' } } });
    expect((await playerList('en')).find((x) => x.slug === slug)).toMatchObject({ title: 'Cherry bonus', bonus: 2000 });
    expect((await playerList('ja')).find((x) => x.slug === slug)).toMatchObject({ title: '桜ボーナス' });

    const off = await t.api({ method: 'POST', url: `/backoffice/promotions/${slug}/unpublish`, headers: content.headers, payload: { reason: 'ended early' } });
    expect(off.statusCode, off.body).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'promotion.unpublish', before: { published: true }, after: { published: false }, reason: 'ended early' });
    expect((await playerList('en')).some((x) => x.slug === slug)).toBe(false);
    const player = await createTestPlayer(t.testDb.db);
    const claim = await t.api({ method: 'POST', url: '/claimBonus', headers: player.headers, payload: { promoSlug: slug } });
    expect(claim.json().code).toBe('PROMOTION_NOT_AVAILABLE');

    const on = await t.api({ method: 'POST', url: `/backoffice/promotions/${slug}/publish`, headers: content.headers, payload: { reason: 'back on' } });
    expect(on.statusCode).toBe(200);
    expect((await playerList('en')).some((x) => x.slug === slug)).toBe(true);
    const claimed = await t.api({ method: 'POST', url: '/claimBonus', headers: player.headers, payload: { promoSlug: slug } });
    expect(claimed.json().bonus).toBe(2000);
  });
});
