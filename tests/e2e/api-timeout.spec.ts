import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { LANGUAGES, localizePath } from '../../contracts/languages';
import { newSignedInPlayer } from './support/players';

/**
 * The API client's timeout (src/lib/api.ts): a call the server never answers ends in the
 * technical error after 15 s, and whatever showed it was waiting stops — for a form (the sign-in
 * button's busy state) and for a query (the promotions list's spinner; queries are not retried after
 * a timeout, so 15 s, not 30; the header's balance leaves its skeleton for a retry button). The
 * games grid keeps the games the page was built with.
 */
type Dict = Record<string, unknown>;
const text = (lang: string, ns: string, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8'))) as string;

for (const lang of LANGUAGES) {
  test.describe(`a hung API call (${lang})`, () => {
    test.describe.configure({ timeout: 90_000 });

    test('signing in with no answer ends in the technical error after 15 s and the button is usable again', async ({ page }) => {
      let requests = 0;
      // Never answered: the request stays open until the client gives up.
      await page.route('**/api/signin', () => {
        requests += 1;
      });
      await page.goto(`${localizePath('/', lang)}?popup=login`);
      const form = page.getByRole('dialog');
      await form.getByLabel(text(lang, 'auth', 'fields.email')).fill('nobody@example.com');
      await form.getByLabel(text(lang, 'auth', 'fields.password'), { exact: true }).fill('secret-password');
      const submit = form.getByRole('button', { name: text(lang, 'auth', 'login.submitting') });
      const started = Date.now();
      await form.getByRole('button', { name: text(lang, 'auth', 'login.submit'), exact: true }).click();
      await expect(submit).toHaveAttribute('aria-busy', 'true');
      await expect(form.getByTestId('form-error')).toHaveText(text(lang, 'errors', 'TECHNICAL_ERROR'), { timeout: 30_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(14_000);
      await expect(form.getByRole('button', { name: text(lang, 'auth', 'login.submit'), exact: true })).toBeEnabled();
      await expect(form.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(requests).toBe(1);
    });

    test('a promotions list with no answer stops the spinner and says it could not load, after one 15 s wait', async ({ page }) => {
      let requests = 0;
      await page.route('**/api/promotions?**', () => {
        requests += 1;
      });
      await page.goto(localizePath('/promotions', lang));
      const main = page.locator('main');
      await expect(main.getByTestId('spinner').first()).toBeVisible();
      await expect(main.getByRole('alert').filter({ hasText: text(lang, 'pages', 'promotions.loadFailed') })).toBeVisible({ timeout: 30_000 });
      await expect(main.getByTestId('spinner')).toHaveCount(0);
      expect(requests).toBe(1);
    });

    test('a header balance with no answer leaves the skeleton after 15 s for a retry that shows the balance', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang });
      let requests = 0;
      let hang = true;
      await page.route('**/api/balance', (route) => {
        requests += 1;
        if (!hang) return route.continue();
      });
      await page.goto(localizePath('/', lang));
      const header = page.getByTestId('header-balance');
      const skeleton = header.getByRole('status', { name: text(lang, 'wallet', 'balance.loading') });
      await expect(skeleton).toBeVisible();
      const retry = header.getByRole('button', { name: text(lang, 'wallet', 'balance.retry'), exact: true });
      await expect(retry).toBeVisible({ timeout: 30_000 });
      await expect(skeleton).toHaveCount(0);
      await expect(header.getByRole('alert')).toHaveText(text(lang, 'wallet', 'balance.loadFailed'));
      // Only the one request: a query that timed out is not asked again (the focus refetch aside).
      expect(requests).toBe(1);
      hang = false;
      await retry.click();
      await expect(header.getByTestId('balance')).toBeVisible();
      await expect(retry).toHaveCount(0);
    });

    test("a games list with no answer leaves the build's games on the category, playable", async ({ page }) => {
      // The tiles are in the page as built, before any script runs: their art is asked for with the page.
      const built = await (await page.request.get(localizePath('/category/slot', lang))).text();
      expect(built.match(/data-testid="game-tile"/g)).toHaveLength(22);
      expect(built).toMatch(/<img src="\/games\/art\/slot-[a-z-]+\.svg"[^>]*fetchpriority="high"/i);
      await page.route('**/api/games?**', () => {});
      await page.goto(localizePath('/category/slot', lang));
      const tiles = page.locator('#game-grid').getByTestId('game-tile');
      await expect(tiles).toHaveCount(22);
      await page.waitForTimeout(16_000);
      await expect(tiles).toHaveCount(22);
      await expect(page.locator('#game-grid').getByTestId('spinner')).toHaveCount(0);
      await expect(page.locator('#game-grid').getByRole('alert')).toHaveCount(0);
    });
  });
}
