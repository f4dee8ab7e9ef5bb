import { languageInfo, localizePath, type Language } from '../../contracts/languages';
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newSignedInPlayer } from './support/players';

/**
 * The player's language is stored on the account by every switch (settings, footer; app and static pages).
 */

for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => localizePath(p, lang);

  test.describe(`language preference (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    test('the language chosen in the settings is stored on the account', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang });
      await page.goto(path('/settings'));
      const other = lang === 'ja' ? 'en' : 'ja';
      await page.getByTestId(`settings-language-${other}`).click();
      await expect(page).toHaveURL(other === 'en' ? /\/en\/settings/ : /^[^?]*\/settings/);
      await expect(page.getByTestId(`settings-language-${other}`)).toHaveAttribute('aria-current', 'true');
      const account = await page.request.get('/api/account', { headers: { channel: 'WEB' } });
      expect((await account.json()).languageCode).toBe(other);
    });

    test('switching language in the footer while signed in stores it on the account, on app and static pages', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang });
      const other = lang === 'ja' ? 'en' : 'ja';
      const stored = async () => (await (await page.request.get('/api/account', { headers: { channel: 'WEB' } })).json()).languageCode as string;
      const inLanguage = (code: string, p: string) => localizePath(p, code as Language);
      // An interactive page, then a static one (which carries only the inline script), each way.
      for (const [from, to, p] of [
        [lang, other, '/bet-history'],
        [other, lang, '/about'],
      ] as const) {
        await page.goto(inLanguage(from, p));
        await page
          .getByTestId('site-footer')
          .getByRole('link', { name: languageInfo(to).name })
          .click();
        await expect(page).toHaveURL(new RegExp(`^https?://[^/]+${inLanguage(to, p)}/?$`));
        expect(await stored()).toBe(to);
      }
    });
  });
}
