import { localizePath } from '../../contracts/languages';
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type FrameLocator } from '@playwright/test';
import { newSignedInPlayer, siteHeaders } from './support/players';
import { SIZES } from './support/site-routes';
import { openSlot, playUpTo, withLines } from './support/slots';

/**
 * Screenshots of every screen, to look at (docs/decisions/0009-screens-that-fit.md): home, categories, a slot mid-spin, on a win
 * with its lines and on a big win, roulette, blackjack, baccarat, the fairness panel and page, the
 * history pages, settings and the popups, at 375x740, 768x1024, 1024x768 and 1280x800 in ja and en.
 * A tool, not a check (layout.spec.ts asserts the layout): it runs only when asked,
 *   SCREENS=1 npm run test:e2e -- tests/e2e/screens.spec.ts
 * and writes test-results/screens/all/<lang>-<width>/<nn>-<screen>.png (not committed).
 */

test.skip(!process.env.SCREENS, 'screenshots only when asked (SCREENS=1)');

for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => localizePath(p, lang);
  for (const size of SIZES) {
    test(`screens (${lang}) at ${size.width}x${size.height}`, async ({ page }) => {
      test.setTimeout(600_000);
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
      await page.setViewportSize(size);
      const dir = `test-results/screens/all/${lang}-${size.width}`;
      mkdirSync(dir, { recursive: true });
      let n = 0;
      const shoot = async (name: string, full = false) => {
        n++;
        await page.screenshot({ path: `${dir}/${String(n).padStart(2, '0')}-${name}.png`, fullPage: full });
      };
      const visit = async (p: string, name: string, full = false) => {
        await page.goto(path(p));
        await page.waitForLoadState('networkidle');
        await shoot(name, full);
      };
      const game = async (gameCode: string): Promise<FrameLocator> => {
        await page.goto(path(`/game-launch/${gameCode}`));
        const frame = page.frameLocator('[data-testid="game-frame"]');
        await expect(frame.getByTestId('spin').or(frame.getByTestId('deal'))).toBeVisible({ timeout: 20_000 });
        return frame;
      };

      // A visitor.
      await visit('/', 'home-visitor');
      await visit('/category/slot', 'category-slot-visitor');
      await visit('/?popup=login', 'popup-login', false);
      await visit('/?popup=signup', 'popup-signup', false);
      await visit('/about', 'about');

      // A player.
      await newSignedInPlayer(page, { language: lang });
      await visit('/', 'home');
      await visit('/category/featured', 'category-featured');
      await visit('/category/live', 'category-live');
      await visit('/tournaments', 'tournaments');
      await visit('/raffles', 'raffles');
      await page.goto(path('/'));
      await page.getByTestId('account-menu-button').click();
      await shoot('account-menu');

      const slot = await openSlot(page, path('/game-launch/slot-dragon-pearl'));
      const { frame } = slot;
      await shoot('slot');
      const bet = slot.definition.betLevels[0];
      // Several lines, no big win (its celebration would hide them).
      await playUpTo(page, slot, (r) => withLines(3)(r) && r.win < 10 * bet);
      await frame.getByTestId('spin').click();
      await page.waitForTimeout(250);
      await shoot('slot-mid-spin');
      await expect(frame.getByTestId('round-win')).toBeVisible();
      await shoot('slot-win-lines');
      await expect(frame.getByTestId('win-lines').locator('g[data-line]')).toHaveCount(1, { timeout: 5_000 });
      await shoot('slot-win-one-line');
      await frame.getByTestId('fairness-toggle').click();
      await expect(frame.getByTestId('server-seed-hash')).toBeVisible(); // the panel loads when first opened
      await shoot('slot-fairness-panel');
      await frame.getByTestId('fairness-toggle').click();
      await frame.getByTestId('paytable-open').click();
      await expect(frame.getByTestId('paytable')).toBeVisible(); // the dialog loads when first opened
      await shoot('slot-paytable');
      await page.keyboard.press('Escape');
      await expect(frame.getByTestId('paytable')).toBeHidden();
      await playUpTo(page, slot, (r) => r.win >= 10 * bet);
      await frame.getByTestId('spin').click();
      await frame
        .getByTestId('slot-skip')
        .click({ timeout: 2_000 })
        .catch(() => {});
      await expect(frame.getByTestId('big-win')).toBeVisible({ timeout: 30_000 });
      await page.waitForTimeout(600); // once it has sprung in
      await shoot('slot-big-win');
      await expect(frame.getByTestId('big-win')).toHaveCount(0, { timeout: 5_000 });
      // The fairness page with that round, its seed revealed.
      await frame.getByTestId('fairness-toggle').click();
      await frame.getByTestId('rotate-seed').click();
      await expect(frame.getByTestId('revealed-seed')).toBeVisible();
      const verify = (await frame.getByTestId('recent-rounds').getByRole('link').first().getAttribute('href'))!;

      const roulette = await game('roulette-european');
      await roulette.locator('[data-bet]').nth(5).click();
      await roulette.locator('[data-bet]').nth(20).click();
      await shoot('roulette-bets');
      await roulette.getByTestId('spin').click();
      await expect(roulette.getByTestId('winning-number')).toBeVisible({ timeout: 20_000 });
      await shoot('roulette-result');

      const blackjack = await game('blackjack-classic');
      await blackjack.getByTestId('deal').click();
      await expect(blackjack.getByTestId('bj-stand').or(blackjack.getByTestId('blackjack-result').locator('p')).first()).toBeVisible({ timeout: 20_000 });
      await shoot('blackjack-hand');
      if (await blackjack.getByTestId('bj-stand').isVisible()) await blackjack.getByTestId('bj-stand').click();
      await expect(blackjack.getByTestId('deal')).toBeVisible({ timeout: 20_000 });
      await shoot('blackjack-result');

      const baccarat = await game('baccarat-classic');
      await baccarat.locator('[data-bet="player"]').click();
      await baccarat.getByTestId('deal').click();
      await expect(baccarat.getByTestId('baccarat-result')).not.toBeEmpty({ timeout: 20_000 });
      await shoot('baccarat-result');

      await visit('/bet-history', 'bet-history');
      await visit('/transactions/raffle', 'raffle-history');
      await page.goto(verify);
      await expect(page.getByTestId('outcome-verdict')).toBeVisible();
      await shoot('fairness-page-round', true);
      await visit('/settings', 'settings');
      await visit('/settings?popup=change-password', 'popup-change-password', false);
      await visit('/settings?popup=set-phone-number', 'popup-set-phone-number', false);
      await visit('/delete-account', 'delete-account');
      // A player whose phone is not verified yet gets the phone popup.
      await page.request.post('/api/logout', { headers: siteHeaders() });
      await newSignedInPlayer(page, { language: lang, verifyPhone: false });
      await visit('/', 'popup-phone-number');
    });
  }
}
