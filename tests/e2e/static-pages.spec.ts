import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { localizePath } from '../../contracts/languages';
import { newSignedInPlayer } from './support/players';

/**
 * The web static pages (about, terms, privacy, contact) are part of the site: a player sees
 * the signed-in header there (balance, daily bonus, account menu), `?popup=` opens its popup as on
 * every page, and a signed-in player sent to the login or sign-up popup goes home, everywhere.
 */
const STATIC_PAGES = ['/about', '/terms-of-use', '/privacy-policy', '/contact-us'];

for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => localizePath(p, lang);

  test.describe(`static pages (${lang})`, () => {
    test.describe.configure({ timeout: 180_000 });
    test.beforeEach(async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    test('a visitor gets the popup named by ?popup= on a static page', async ({ page }) => {
      await page.goto(`${path('/terms-of-use')}?popup=login`);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByTestId('login-form')).toBeVisible();
      await page.goto(`${path('/about')}?popup=signup`);
      await expect(page.getByRole('dialog').getByTestId('signup-form')).toBeVisible();
    });

    test('a player sees the signed-in header on every static page, and ?popup= opens there', async ({ page }) => {
      const player = await newSignedInPlayer(page, { language: lang });
      await page.setViewportSize({ width: 1280, height: 800 });
      for (const p of STATIC_PAGES) {
        await page.goto(path(p));
        await expect(page.getByTestId('header-balance'), p).toBeVisible();
        await expect(page.getByTestId('daily-bonus-claim').or(page.getByTestId('daily-bonus-countdown')), p).toBeVisible();
        await expect(page.getByTestId('account-menu-button'), p).toBeVisible();
        await expect(page.locator('[data-testid="header-account"] [data-signed-out]').first(), p).toBeHidden();
      }
      await page.getByTestId('account-menu-button').click();
      await expect(page.getByTestId('account-menu')).toBeVisible();
      await page.keyboard.press('Escape');
      await page.goto(`${path('/contact-us')}?popup=change-password`);
      await expect(page.getByRole('dialog').getByTestId('change-password-form')).toBeVisible();
      await page.screenshot({ path: `test-results/static-${lang}-1280-contact-signed-in.png` });
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(path('/about'));
      await expect(page.getByTestId('header-balance')).toBeVisible();
      await expect(page.getByTestId('tab-bar')).toBeVisible();
      await page.screenshot({ path: `test-results/static-${lang}-375-about-signed-in.png`, fullPage: false });
      expect(player.email).toBeTruthy();
    });

    test('a signed-in player on ?popup=login or ?popup=signup goes home, from any page', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang });
      // The path (without its trailing slash) and query where the page ended up.
      const where = (url: string) => {
        const u = new URL(url);
        return (u.pathname.replace(/\/$/, '') || '/') + u.search;
      };
      const home = path('/').replace(/\/$/, '') || '/';
      for (const [p, popup] of [
        ['/about', 'login'],
        ['/privacy-policy', 'signup'],
        ['/', 'signup'],
        ['/category/slot', 'login'],
      ] as const) {
        await page.goto(`${path(p)}?popup=${popup}`);
        await expect.poll(() => where(page.url()), { message: `${p}?popup=${popup}` }).toBe(home);
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    });
  });
}
