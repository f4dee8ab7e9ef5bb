import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAxeClean } from './support/axe';

/**
 * /fairness/games/<code> (decision 0020) in both languages: the exact figures of
 * contracts/game-math/figures.json, the paytable and reel strips of a slot, the bets of a table, and
 * the live sentence from GET /api/games/:code/stats.
 */
const figures = JSON.parse(readFileSync('contracts/game-math/figures.json', 'utf8')) as Record<string, { rtp: number }>;

for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => (lang === 'en' ? `/en${p}` : p);
  test.describe(`game maths page (${lang})`, () => {
    for (const width of [375, 1280]) {
      test(`a slot: exact RTP, paytable, reel strips and the live figures at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path('/fairness/games/slot-neon-sevens'));
        const rtp = `${(figures['slot-neon-sevens'].rtp * 100).toFixed(3)}%`;
        await expect(page.getByTestId('exact-rtp')).toHaveText(rtp);
        await expect(page.getByTestId('paytable').locator('tbody tr')).not.toHaveCount(0);
        await expect(page.getByTestId('reel-strips').locator('section')).toHaveCount(5);
        await expect(page.getByTestId('game-live-stats').locator('dd')).toHaveCount(3);
        await expect(page.getByTestId('game-live-stats')).toContainText(lang === 'en' ? /expected 95\.5%/i : '期待値は95.5%');
        await expectAxeClean(page);
        await page.screenshot({ path: `test-results/game-math-slot-${lang}-${width}.png`, fullPage: width === 1280 });
      });
    }

    test('a table: every bet with its RTP (French roulette: la partage 98.649%)', async ({ page }) => {
      await page.goto(path('/fairness/games/roulette-french'));
      await expect(page.getByTestId('exact-rtp')).toHaveText('97.297%');
      await expect(page.locator('table tbody tr')).toHaveCount(8);
      await expect(page.locator('table')).toContainText('98.649%');
      await expect(page.getByTestId('game-live-stats')).toBeVisible();
    });
  });
}
