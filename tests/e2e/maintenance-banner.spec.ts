import { localizePath } from '../../contracts/languages';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * The maintenance banner on every page while the channel says maintenance.
 */
type Dict = Record<string, unknown>;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Dict;
const lookup = (dict: Dict, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict) as string;

for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => localizePath(p, lang);

  test.describe(`maintenance banner (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    test('a maintenance banner shows on every page while the channel says maintenance, and not otherwise', async ({ page }) => {
      await page.goto(path('/'));
      await expect(page.getByTestId('header-account')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('maintenance-banner')).toHaveCount(0);
      // The channel's answer as a deployment in maintenance gives it (CHANNELS is fixed per server).
      await page.route(/\/api\/channel(\?|$)/, (route) => route.fulfill({ json: { maintenence: true, captcha: true } }));
      for (const p of ['/', '/category/slot', '/bet-history', '/settings']) {
        await page.goto(path(p));
        await expect(page.getByTestId('maintenance-banner')).toHaveText(lookup(load(lang, 'common'), 'maintenance.banner'));
      }
    });
  });
}
