import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { newSignedInPlayer } from './support/players';
import { LANGS, ROUTES, common, documentTitle, localized } from './support/site-routes';
import { escapeRegExp } from './support/text';

/** The site shell in both languages: routes, 404, language choice, popup overlay, responsive header. */

/** Pages whose islands send signed-out visitors away are checked as their prerendered shell (no island JS). */
async function withoutIslands(page: Page) {
  await page.route('**/_astro/**/*.js', (route) => route.abort());
}

for (const lang of LANGS) {
  test.describe(`site shell (${lang})`, () => {
    for (const route of ROUTES) {
      test(`${localized(route.path, lang)} renders with its title and heading`, async ({ page }) => {
        if (route.signedIn) await withoutIslands(page);
        const response = await page.goto(localized(route.path, lang));
        expect(response?.status()).toBe(200);
        await expect(page).toHaveTitle(documentTitle(route, lang));
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('h1').first()).toBeAttached();
        if (route.layout === 'main') await expect(page.getByTestId('site-footer')).toBeVisible();
        if (route.layout === 'inApp') {
          // In-app pages sit outside the main layout: no header, footer or tab bar.
          await expect(page.locator('header')).toHaveCount(0);
          await expect(page.getByTestId('site-footer')).toHaveCount(0);
          await expect(page.getByTestId('tab-bar')).toHaveCount(0);
        }
      });
    }

    test('an unknown route shows the 404 page with a working home link', async ({ page }) => {
      const response = await page.goto(localized('/no-such-page/here', lang));
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1, name: common(lang, 'notFound.title') })).toBeVisible();
      await expect(page.getByText(common(lang, 'notFound.body'))).toBeVisible();
      await page.getByRole('link', { name: common(lang, 'notFound.home') }).click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(localized('/', lang))}$`));
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(documentTitle(ROUTES[0], lang))}`));
    });

    test('?popup=login dims the page, traps focus, and removing the parameter restores it', async ({ page }) => {
      await page.goto(localized('/?popup=login', lang));
      const overlay = page.getByTestId('popup-overlay');
      await expect(overlay).toBeVisible();
      await expect(page.getByRole('dialog')).toBeVisible();
      // The page behind is inert while the popup is open.
      await expect(page.locator('#main')).toHaveAttribute('inert', '');
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
      }
      await page.goto(localized('/', lang));
      await expect(overlay).toHaveCount(0);
      await expect(page.locator('#main')).not.toHaveAttribute('inert', '');
    });

    test('browser back and Escape close a popup opened from the header', async ({ page }) => {
      await page.goto(localized('/', lang));
      await page
        .locator('header')
        .getByRole('link', { name: common(lang, 'header.signIn') })
        .click();
      await expect(page).toHaveURL(/[?&]popup=login/);
      await expect(page.getByTestId('popup-overlay')).toBeVisible();
      await page.goBack();
      await expect(page.getByTestId('popup-overlay')).toHaveCount(0);
      await expect(page).not.toHaveURL(/popup=/);

      await page.goto(localized('/?popup=login', lang));
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('popup-overlay')).toHaveCount(0);
      await expect(page).not.toHaveURL(/popup=/);
    });

    test('at 375 px the bottom tab bar shows and the short logo; at 399 px the short logo; at 1280 px the full logo and tabs', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(localized('/', lang));
      const tabBar = page.getByTestId('tab-bar');
      await expect(tabBar).toBeVisible();
      for (const key of ['nav.home', 'nav.slots', 'nav.live', 'nav.tournaments']) {
        await expect(tabBar.getByRole('link', { name: common(lang, key) })).toBeVisible();
      }
      await expect(page.getByTestId('logo-short')).toBeVisible();

      await page.setViewportSize({ width: 399, height: 740 });
      await expect(page.getByTestId('logo-short')).toBeVisible();
      await expect(page.getByTestId('logo-full')).toBeHidden();

      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByTestId('logo-full')).toBeVisible();
      await expect(page.getByTestId('logo-short')).toBeHidden();
      await expect(tabBar).toBeHidden();
      const nav = page.getByRole('navigation', { name: common(lang, 'nav.main') });
      for (const key of ['nav.featured', 'nav.slots', 'nav.live', 'nav.tournaments']) {
        await expect(nav.getByRole('link', { name: common(lang, key) })).toBeVisible();
      }
    });

    test('signed in, the desktop tabs show whole beside the account area at 1024, 1280 and 1536 px', async ({ page }) => {
      // The tabs' row scrolls inside itself rather than widen the page; at 1280 px in Japanese the
      // display name beside the level, bonus, balance, raffle and bell cut 「トーナメント」 off.
      await newSignedInPlayer(page, { language: lang });
      for (const width of [1024, 1280, 1536]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(localized('/', lang));
        await expect(page.getByTestId('header-balance')).toBeVisible();
        const tabs = page.getByTestId('header-tabs');
        await expect(tabs).toBeVisible();
        const { scroll, client } = await tabs.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(scroll, `at ${width} px the tabs need ${scroll} px and have ${client}`).toBeLessThanOrEqual(client);
      }
    });

    test('signed in, the short logo stays up to 767 px so the account area fits: no sideways scroll from 400 to 768 px', async ({ page }) => {
      // The search, bonus, balance, raffle button, bell and account menu leave no room for the full
      // logo below 768 px (at 412 px the page used to scroll sideways and a phone zoomed out to show it;
      // at 640 px, once the bell came, by 20 to 35 px).
      await newSignedInPlayer(page, { language: lang });
      for (const width of [412, 480, 640, 767, 768]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(localized('/', lang));
        await expect(page.getByTestId('header-balance')).toBeVisible();
        await expect(page.getByTestId(width < 768 ? 'logo-short' : 'logo-full')).toBeVisible();
        await expect(page.getByTestId(width < 768 ? 'logo-full' : 'logo-short')).toBeHidden();
        // The level: the ring on the account menu button below 768 px, the bar beside the balance from 768.
        await expect(page.getByTestId(width < 768 ? 'header-level-ring' : 'header-level')).toBeVisible();
        await expect(page.getByTestId(width < 768 ? 'header-level' : 'header-level-ring')).toBeHidden();
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(scroll, `signed in at ${width} px: the page is ${scroll} px wide`).toBeLessThanOrEqual(client);
      }
    });

    test('signed in at 375 px the level and its progress show on the account menu button, and the menu leads to the levels page', async ({ page }) => {
      const progress = JSON.parse(readFileSync(`locales/${lang}/progress.json`, 'utf8')) as { header: { levelLabel: string; level: string; menuLink: string } };
      await newSignedInPlayer(page, { language: lang });
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(localized('/', lang));
      const ring = page.getByTestId('header-level-ring');
      await expect(ring).toBeVisible();
      await expect(ring).toHaveText('1');
      await expect(ring).toHaveAttribute('data-level', '1');
      // Inside the button: the header is no wider, and nothing scrolls sideways.
      await expect(page.getByTestId('account-menu-button').getByTestId('header-level-ring')).toHaveCount(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: `test-results/level-ring/header-${lang}-375.png`, clip: { x: 0, y: 0, width: 375, height: 120 } });
      await page.getByTestId('account-menu-button').click();
      const item = page.getByTestId('menu-level');
      await expect(item).toBeVisible();
      await page.screenshot({ path: `test-results/level-ring/menu-${lang}-375.png`, clip: { x: 0, y: 0, width: 375, height: 320 } });
      // "Level 1, 0 of N XP. Levels and VIP" in the page's language.
      const label = escapeRegExp(progress.header.levelLabel.replace('{{level}}', '1').replace('{{xp}}', '0')).replace(escapeRegExp('{{next}}'), '[\\d,]+');
      await expect(item).toHaveAccessibleName(new RegExp(`^${label}$`));
      await expect(item).toContainText(progress.header.level.replace('{{level}}', '1'));
      await expect(item).toContainText(progress.header.menuLink);
      await item.click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(localized('/levels', lang))}/?$`));
    });

    test('the skip link is translated and moves to the content', async ({ page }) => {
      await page.goto(localized('/tournaments', lang));
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: common(lang, 'skipToContent') });
      await expect(skip).toBeFocused();
      await skip.press('Enter');
      await expect(page).toHaveURL(/#main$/);
    });

    test('the footer shows the company, registration, support contact and page links', async ({ page }) => {
      await page.goto(localized('/', lang));
      const footer = page.getByTestId('site-footer');
      await expect(footer).toContainText(common(lang, 'footer.company'));
      await expect(footer).toContainText('123456');
      await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
      for (const [key, path] of [
        ['footer.about', '/about'],
        ['footer.terms', '/terms-of-use'],
        ['footer.privacy', '/privacy-policy'],
        ['footer.contactUs', '/contact-us'],
      ]) {
        await expect(footer.getByRole('link', { name: common(lang, key), exact: true })).toHaveAttribute('href', localized(path, lang));
      }
    });

    test('a page load sends a page view to the API', async ({ page }) => {
      const sent = page.waitForResponse((r) => r.url().endsWith('/analytics/page-view') && r.request().method() === 'POST');
      await page.goto(localized('/about', lang));
      const response = await sent;
      expect(response.status()).toBe(200);
      const view = response.request().postDataJSON() as { path: string; language: string };
      expect(view.language).toBe(lang);
      expect(view.path.replace(/\/$/, '')).toBe(localized('/about', lang));
    });
  });
}

test.describe('language choice', () => {
  test('ja is the default; the switcher moves to the same page in English and the choice survives a reload', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.getByTestId('site-footer').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/about\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // A returning visitor who opens a Japanese address lands in the stored language.
    await page.goto('/terms-of-use');
    await expect(page).toHaveURL(/\/en\/terms-of-use\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('switching back to Japanese from English is remembered too, keeping the query string', async ({ page }) => {
    await page.goto('/en/category/slot?popup=login');
    await page.keyboard.press('Escape');
    await page.goto('/en/category/slot?ref=x');
    await page.getByTestId('site-footer').getByRole('link', { name: '日本語' }).click();
    await expect(page).toHaveURL(/\/category\/slot\/?\?ref=x$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.goto('/en/tournaments');
    await expect(page).toHaveURL(/\/tournaments\/?$/);
    await expect(page).not.toHaveURL(/\/en\//);
  });

  test('on a rewritten game-launch address the switcher keeps the game code', async ({ page }) => {
    await withoutIslands(page);
    await page.goto('/game-launch/some-game');
    await page.getByTestId('site-footer').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/game-launch\/some-game$/);
  });
});

test('navigating back lands at the top of the page', async ({ page }) => {
  await page.goto('/en/privacy-policy');
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByTestId('site-footer').getByRole('link', { name: 'Terms of use' }).click();
  await expect(page).toHaveURL(/\/en\/terms-of-use/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/privacy-policy/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
