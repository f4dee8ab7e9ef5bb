import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { siteHeaders } from './support/players';
import { LANGS, SIZES, localized, type Lang } from './support/site-routes';

/**
 * Home's featured banner in both languages: after the welcome, the running raffle, the
 * running race and a running promotion as the API lists them (the seeded weekly raffle, the demo
 * race and the shipped promotions), each with a link that leads to it; the pause button stops the
 * rotation and play starts it again; hovering holds the slide; with reduced motion it never turns by
 * itself. Screenshots of every slide at 375, 768, 1024 and 1280 px go to test-results/home-banner/.
 */
type Dict = Record<string, unknown>;
const banner = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => {
  const dict = JSON.parse(readFileSync(`locales/${lang}/pages.json`, 'utf8')) as Dict;
  const raw = String(`home.banner.${key}`.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict));
  return raw.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
};
const SCREENS = 'test-results/home-banner';
const ROTATE_MS = 6000;

interface Expected {
  raffle: { ref: string; title: string };
  race: { ref: string; title: string };
  promotion: { slug: string; title: string };
}

/** What the banner should show, read from the same public API. */
async function expected(page: Page, lang: Lang): Promise<Expected> {
  const lobby = await page.request.get(`/api/tournaments?languageCode=${lang}`, { headers: siteHeaders() });
  expect(lobby.status()).toBe(200);
  const { tournaments } = (await lobby.json()) as {
    tournaments: Array<{ kind: string; tournamentStatus: string; tournamentRef: string; title: string; endDateUtc: string }>;
  };
  const running = tournaments.filter((t) => t.tournamentStatus === 'ACTIVE').sort((a, b) => Date.parse(a.endDateUtc) - Date.parse(b.endDateUtc));
  const raffle = running.find((t) => t.kind === 'RAFFLE');
  const race = running.find((t) => t.kind === 'RACE');
  const promos = await page.request.get(`/api/promotions?languageCode=${lang}`, { headers: siteHeaders() });
  expect(promos.status()).toBe(200);
  const promotion = ((await promos.json()) as { promotions: Array<{ slug: string; title: string; startsAt: string }> }).promotions.find(
    (p) => Date.parse(p.startsAt) <= Date.now(),
  );
  // The demo data runs a weekly raffle and a race, and ships running promotions: all three are there.
  expect(raffle, 'a running raffle').toBeDefined();
  expect(race, 'a running race').toBeDefined();
  expect(promotion, 'a running promotion').toBeDefined();
  return {
    raffle: { ref: raffle!.tournamentRef, title: raffle!.title },
    race: { ref: race!.tournamentRef, title: race!.title },
    promotion: { slug: promotion!.slug, title: promotion!.title },
  };
}

const shown = (root: Locator) => root.locator('[data-slide]:not([data-off])');

/** Pointer and focus away from the banner, so only the play state decides the rotation. */
async function leave(page: Page) {
  await page.mouse.move(2, 700);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

for (const lang of LANGS) {
  test.describe(`home banner (${lang})`, () => {
    test('slides show the running raffle, race and promotion from the server, with links that lead to them', async ({ page }) => {
      test.setTimeout(90_000);
      const want = await expected(page, lang);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(localized('/', lang));
      const root = page.getByTestId('home-banner');
      await expect(root.getByTestId('banner-dot')).toHaveCount(4);
      await expect(shown(root)).toHaveAttribute('data-slide', 'welcome');
      await expect(root.getByRole('heading', { level: 1 })).toBeVisible();

      const slides = [
        { kind: 'raffle', title: want.raffle.title, href: localized(`/raffles/${want.raffle.ref}`, lang) },
        { kind: 'race', title: want.race.title, href: localized('/tournaments', lang) },
        { kind: 'promotion', title: want.promotion.title, href: localized(`/promotions/${want.promotion.slug}`, lang) },
      ];
      for (const [i, slide] of slides.entries()) {
        await root.getByRole('button', { name: banner(lang, 'show', { name: banner(lang, slide.kind) }) }).click();
        const node = root.getByTestId(`banner-${slide.kind}`);
        await expect(node).toBeVisible();
        await expect(node).toHaveAttribute('aria-label', banner(lang, 'slide', { n: i + 2, total: 4 }));
        await expect(node.getByRole('heading', { level: 2 })).toHaveText(slide.title);
        await expect(node.getByRole('link', { name: banner(lang, `${slide.kind}Cta`) })).toHaveAttribute('href', slide.href);
        // The other slides are out of sight and out of the accessibility tree.
        await expect(shown(root)).toHaveCount(1);
        await expect(root.getByRole('heading', { level: 1 })).toBeHidden();
      }
      // Axe on the banner showing a slide from the server.
      const results = await new AxeBuilder({ page }).include('[data-testid="home-banner"]').analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
      expect(blocking, blocking.join('\n')).toEqual([]);

      // Screens: every slide at each size; nothing scrolls sideways; and the slides that
      // arrive do not make the banner taller than the welcome alone (no layout shift), which a page
      // without the API's answers shows.
      mkdirSync(SCREENS, { recursive: true });
      const alone = await page.context().newPage();
      await alone.route(/\/api\/(tournaments|promotions)\b/, (route) => route.abort());
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await alone.setViewportSize(size);
        await alone.goto(localized('/', lang));
        await expect(alone.getByTestId('home-banner').locator('[data-slide]')).toHaveCount(1);
        const welcomeHeight = (await alone.getByTestId('home-banner').boundingBox())!.height;
        expect((await root.boundingBox())!.height, `banner height at ${size.width} px`).toBeLessThanOrEqual(welcomeHeight + 0.5);
        for (const [i, kind] of (['welcome', 'raffle', 'race', 'promotion'] as const).entries()) {
          await root.getByTestId('banner-dot').nth(i).click();
          await expect(shown(root)).toHaveAttribute('data-slide', kind);
          await page.waitForTimeout(600); // the cross-fade
          expect(await page.evaluate(() => document.documentElement.scrollWidth), `${kind} at ${size.width} px`).toBeLessThanOrEqual(size.width);
          if (size.width >= 640) {
            // Beside the text from 640 px: the art's box starts right of the last glyph of any line.
            const [artLeft, textRight] = await shown(root).evaluate((slide) => {
              const range = document.createRange();
              let right = 0;
              for (const el of slide.querySelectorAll('h1, h2, p')) {
                range.selectNodeContents(el);
                for (const r of range.getClientRects()) right = Math.max(right, r.right);
              }
              return [slide.querySelector('img')!.getBoundingClientRect().left, right];
            });
            expect(artLeft, `${kind}'s art clear of its text at ${size.width} px`).toBeGreaterThanOrEqual(textRight);
          }
          await root.screenshot({ path: `${SCREENS}/${kind}-${lang}-${size.width}.png` });
        }
      }

      await alone.close();

      // Each link leads to its page.
      await page.setViewportSize({ width: 1280, height: 900 });
      await root.getByTestId('banner-dot').nth(3).click();
      await root.getByTestId('banner-promotion').getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/promotions/${want.promotion.slug}$`));
      await expect(page.getByTestId('promotion-page').getByRole('heading', { level: 1 })).toHaveText(want.promotion.title);

      await page.goBack();
      await page.getByTestId('home-banner').getByTestId('banner-dot').nth(1).click();
      await page.getByTestId('banner-raffle').getByRole('link').click();
      await expect(page.getByTestId('raffle-record')).toHaveAttribute('data-raffle-ref', want.raffle.ref);

      await page.goBack();
      await page.getByTestId('home-banner').getByTestId('banner-dot').nth(2).click();
      await page.getByTestId('banner-race').getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`${localized('/tournaments', lang)}/?$`));
    });

    test('the banner turns by itself; pause stops it, play starts it again, and the pointer over it holds the slide', async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(localized('/', lang));
      const root = page.getByTestId('home-banner');
      const pause = root.getByTestId('banner-pause');
      await expect(pause).toHaveAttribute('aria-label', banner(lang, 'pause'));
      await leave(page);
      await expect(shown(root)).toHaveAttribute('data-slide', 'welcome');
      await expect(shown(root)).toHaveAttribute('data-slide', 'raffle', { timeout: ROTATE_MS + 3000 });

      // Paused: the button says play, the slide stays (announced politely now), whatever the pointer does.
      await pause.click();
      await expect(pause).toHaveAttribute('aria-label', banner(lang, 'play'));
      await expect(root.locator('[data-slides]')).toHaveAttribute('aria-live', 'polite');
      await leave(page);
      await page.waitForTimeout(ROTATE_MS + 1500);
      await expect(shown(root)).toHaveAttribute('data-slide', 'raffle');

      // Play from the keyboard: it turns again once focus and pointer are away.
      await pause.focus();
      await page.keyboard.press('Enter');
      await expect(pause).toHaveAttribute('aria-label', banner(lang, 'pause'));
      await expect(root.locator('[data-slides]')).toHaveAttribute('aria-live', 'off');
      await leave(page);
      await expect(shown(root)).toHaveAttribute('data-slide', 'race', { timeout: ROTATE_MS + 3000 });

      // The pointer over the banner holds the slide.
      await root.hover({ position: { x: 40, y: 40 } });
      await page.waitForTimeout(ROTATE_MS + 1500);
      await expect(shown(root)).toHaveAttribute('data-slide', 'race');
    });

    test('with reduced motion the banner does not turn by itself', async ({ page }) => {
      test.setTimeout(60_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(localized('/', lang));
      const root = page.getByTestId('home-banner');
      await expect(root.getByTestId('banner-dot')).toHaveCount(4);
      await expect(root.getByTestId('banner-pause')).toHaveAttribute('aria-label', banner(lang, 'play'));
      await leave(page);
      await page.waitForTimeout(ROTATE_MS + 2000);
      await expect(shown(root)).toHaveAttribute('data-slide', 'welcome');
      // The dots still move it.
      await root.getByTestId('banner-dot').nth(2).click();
      await expect(shown(root)).toHaveAttribute('data-slide', 'race');
    });
  });
}
