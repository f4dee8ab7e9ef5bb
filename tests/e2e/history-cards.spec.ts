import { localizePath } from '../../contracts/languages';
import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newSignedInPlayer } from './support/players';

/**
 * At 360 px the bet history and the coin statement stack into cards.
 */

for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => localizePath(p, lang);

  test.describe(`history cards (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    test('at 360 px the bet history and coin statement stack into cards, and the statement names the game by its title', async ({ page }) => {
      test.slow();
      await newSignedInPlayer(page, { language: lang });
      await page.goto(path('/game-launch/slot-dragon-pearl'));
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await expect(frame.getByTestId('house-game')).toHaveAttribute('data-mode', 'real', { timeout: 20_000 });
      await frame.getByTestId('spin').click();
      await expect(frame.getByTestId('round-win')).toBeVisible({ timeout: 60_000 });
      const games = (await (await page.request.get(`/api/games?languageCode=${lang}&siteRef=WEB`, { headers: { channel: 'WEB' } })).json()) as Array<{
        games: Array<{ gameCode: string; title: string }>;
      }>;
      const title = games[0].games.find((game) => game.gameCode === 'slot-dragon-pearl')!.title;

      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(path('/bet-history'));
      await expect(page.getByTestId('bet-row').first()).toBeVisible();
      const stakeRow = page.getByTestId('statement-row').filter({ has: page.getByTestId('statement-game').getByText(title, { exact: true }) });
      await expect(stakeRow.first()).toBeVisible();
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(scroll).toBeLessThanOrEqual(client);
      for (const testId of ['bet-row', 'statement-row']) {
        const row = (await page.getByTestId(testId).first().boundingBox())!;
        expect(row.x + row.width, testId).toBeLessThanOrEqual(360);
        // A card: taller than one table line, since its cells are stacked.
        expect(row.height, testId).toBeGreaterThan(100);
      }
      await page.screenshot({ path: `test-results/screens/${lang}-360-bet-history-played.png`, fullPage: true });
    });
  });
}
