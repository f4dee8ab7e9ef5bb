import { localizePath } from '../../contracts/languages';
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newSignedInPlayer } from './support/players';
import { escapeRegExp } from './support/text';

/**
 * Signed-in pages (docs/decisions/0012-lean-pages.md): no console error (React's hydration error #418 among them) and no
 * frame that shows the signed-out header (Sign in / Register) to a signed-in player, in both languages.
 */
/** Every page with the main layout (the game launch page plays a house game in its frame). */
const PAGES = [
  '/',
  '/category/featured',
  '/category/slot',
  '/category/live',
  '/game-launch/slot-sakura-fortune',
  '/bet-history',
  '/settings',
  '/transactions/raffle',
  '/raffles',
  '/tournaments',
  '/fairness',
  '/promotions/coin-festival',
  '/promotions/weekly-raffle',
  '/delete-account',
  '/reset-password',
];

for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => localizePath(p, lang);

  test(`signed-in pages log no console error and never show the signed-out header (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    const player = await newSignedInPlayer(page, { language: lang });
    // Every frame from the start of each document: is the signed-out header part visible?
    await page.addInitScript(() => {
      const w = window as unknown as { __signedOutSeen: boolean };
      w.__signedOutSeen = false;
      const started = performance.now();
      const check = () => {
        const el = document.querySelector('[data-testid="header-account"] [data-signed-out]');
        if (el?.checkVisibility({ visibilityProperty: true })) w.__signedOutSeen = true;
        if (performance.now() - started < 4000) requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));

    for (const p of PAGES) {
      await page.goto(path(p));
      const account = page.getByTestId('header-account');
      // The account button, named after the player (its visible name shows only from 768 to 1023 px).
      await expect(account.getByTestId('account-menu-button')).toHaveAccessibleName(new RegExp(escapeRegExp(player.displayName)));
      await expect(account.getByTestId('account-menu-button')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __signedOutSeen: boolean }).__signedOutSeen), `${p}: signed-out header painted`).toBe(false);
    }
    expect(errors).toEqual([]);
  });
}
