import { localizePath } from '../../contracts/languages';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * A visitor opening a signed-in-only popup by its URL is asked to sign in.
 */
type Dict = Record<string, unknown>;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Dict;
const lookup = (dict: Dict, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict) as string;

for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => localizePath(p, lang);

  test.describe(`popup guards (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    test('a visitor opening ?popup=phone-number, change-password or delete-account is asked to sign in', async ({ page }) => {
      for (const popup of ['phone-number', 'change-password', 'delete-account']) {
        await page.goto(path(`/?popup=${popup}`));
        await expect(page).toHaveURL(/[?&]popup=login/);
        await expect(page.getByRole('dialog', { name: lookup(load(lang, 'auth'), 'login.title') })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('popup-overlay')).toHaveCount(0);
      }
    });
  });
}
