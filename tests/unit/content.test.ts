import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPromotionActive, loadPromotions, PromotionSchema } from '../../content/promotions';

/** The long static texts exist in both languages with the same sections; promotions are valid content. */
const PAGES = ['about', 'terms', 'privacy', 'contact'];
const read = (page: string, lang: string) => readFileSync(`content/pages/${page}.${lang}.md`, 'utf8');
const sections = (md: string) => md.split('\n').filter((l) => l.startsWith('## ')).length;

describe('content/pages', () => {
  it('holds exactly the four static pages, each in ja and en', () => {
    const files = readdirSync('content/pages').sort();
    expect(files).toEqual(PAGES.flatMap((p) => [`${p}.en.md`, `${p}.ja.md`]).sort());
  });

  it.each(PAGES)('%s has the same number of sections in both languages and real text', (page) => {
    const ja = read(page, 'ja');
    const en = read(page, 'en');
    expect(sections(ja)).toBe(sections(en));
    expect(en.length).toBeGreaterThan(1500);
    // Japanese packs more per character; still a substantial page.
    expect(ja.length).toBeGreaterThan(700);
    expect(ja).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);
  });

  it.each(PAGES)('%s names the support address from configuration and the Gibraltar operator', (page) => {
    for (const lang of ['ja', 'en']) {
      const md = read(page, lang);
      expect(md, `${page}.${lang}`).toContain('{{supportEmail}}');
      expect(md, `${page}.${lang}`).not.toMatch(/@[a-z0-9-]+\.(example|com)/);
    }
    expect(read(page, 'en') + read(page, 'ja')).toMatch(/Gibraltar|ジブラルタル/);
  });

  it('the privacy policy covers the personal data the product stores', () => {
    for (const lang of ['ja', 'en']) {
      const md = read('privacy', lang).toLowerCase();
      const words =
        lang === 'en'
          ? ['email', 'display name', 'phone', 'play history', 'cookie', 'delete']
          : ['メールアドレス', '表示名', '電話番号', 'プレイ履歴', 'cookie', '削除'];
      for (const w of words) expect(md, `privacy.${lang}: ${w}`).toContain(w.toLowerCase());
    }
  });
});

describe('content/promotions', () => {
  it('loads every promotion, each valid in both languages', () => {
    const promotions = loadPromotions();
    expect(promotions.length).toBeGreaterThanOrEqual(2);
    for (const p of promotions) {
      expect(p.texts.ja?.title).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);
      expect(p.texts.en?.title).not.toBe(p.texts.ja?.title);
    }
  });

  it('has a 5,000-coin bonus promotion running through 2027 and one without a bonus', () => {
    const promotions = loadPromotions();
    const bonus = promotions.find((p) => p.bonus === 5000);
    expect(bonus).toBeDefined();
    expect(isPromotionActive(bonus!, new Date('2027-06-01T00:00:00Z'))).toBe(true);
    expect(isPromotionActive(bonus!, new Date('2028-01-01T00:00:00Z'))).toBe(false);
    expect(promotions.some((p) => p.bonus === null)).toBe(true);
  });

  it('refuses a file whose slug differs from its name, or with unknown fields', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'promos-'));
    const good = JSON.parse(readFileSync('content/promotions/coin-festival.json', 'utf8'));
    writeFileSync(path.join(dir, 'other-name.json'), JSON.stringify(good));
    expect(() => loadPromotions(dir)).toThrow(/slug must match/);
    expect(PromotionSchema.safeParse({ ...good, extra: 1 }).success).toBe(false);
    expect(PromotionSchema.safeParse({ ...good, endsAt: good.startsAt }).success).toBe(false);
    expect(PromotionSchema.safeParse({ ...good, bonus: -5 }).success).toBe(false);
  });
});
