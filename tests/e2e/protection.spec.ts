import { formatNumber, localizePath } from '../../contracts/languages';
import AxeBuilder from '@axe-core/playwright';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { newSignedInPlayer } from './support/players';
import { escapeRegExp } from './support/text';

/**
 * Play safely (docs/decisions/0008-player-protection.md) in both languages: a reality check set in the settings fires during play
 * (Playwright's clock moves the page's time on), a break refuses the next launch with its message,
 * and a raised limit shows as pending.
 */
type Dict = Record<string, string>;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Dict;
/** A message with its {{placeholders}} as "anything": the values are dates and numbers. */
const pattern = (text: string) =>
  new RegExp(
    text
      .split(/\{\{\w+\}\}/)
      .map(escapeRegExp)
      .join('.+'),
  );

const SLOT = 'slot-sakura-fortune';
const SLOT_ROUND_MS = 60_000;

for (const lang of ['ja', 'en'] as const) {
  const p = (key: string) => load(lang, 'protection')[key]!;
  const errors = (key: string) => load(lang, 'errors')[key]!;
  const path = (url: string) => localizePath(url, lang);

  async function openSettings(page: Page) {
    await page.goto(path('/settings'));
    await expect(page.getByTestId('play-safely')).toBeVisible({ timeout: 20_000 });
  }
  async function openGame(page: Page): Promise<FrameLocator> {
    await page.goto(path(`/game-launch/${SLOT}`));
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('house-game')).toHaveAttribute('data-mode', 'real', { timeout: 20_000 });
    return frame;
  }

  test.describe(`play safely (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      // Each test is its own client for the per-IP rate limits.
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    test('a reality check set in the settings interrupts play with the session time and net coins; continue, then stop', async ({ page }) => {
      test.slow();
      await page.clock.install();
      await newSignedInPlayer(page, { language: lang });
      await openSettings(page);
      await expect(page.getByRole('heading', { name: p('title') })).toBeVisible();
      const setting = page.waitForResponse((r) => r.url().endsWith('/play-controls') && r.request().method() === 'POST');
      await page.getByTestId('reality-check-select').selectOption('15');
      expect((await setting).status()).toBe(200);
      await expect(page.getByTestId('reality-check-select')).toHaveValue('15');

      const frame = await openGame(page);
      const before = Number((await frame.getByTestId('house-balance').innerText()).replace(/[^\d]/g, ''));
      await frame.getByTestId('spin').click();
      await expect(frame.getByTestId('fairness-nonce')).toHaveText('1', { timeout: SLOT_ROUND_MS });
      await expect(frame.getByTestId('spin')).toBeEnabled({ timeout: SLOT_ROUND_MS });
      const after = Number((await frame.getByTestId('house-balance').innerText()).replace(/[^\d]/g, ''));
      await expect(frame.getByTestId('reality-check')).toHaveCount(0);

      await page.clock.fastForward('15:00');
      const check = frame.getByTestId('reality-check');
      await expect(check).toBeVisible();
      await expect(check.getByRole('heading', { name: p('realityTitle') })).toBeVisible();
      await expect(frame.getByTestId('reality-check-time')).toHaveText(p('realityBody').replace('{{minutes}}', '15'));
      const net = after - before;
      const netText = `${net > 0 ? '+' : ''}${formatNumber(net, lang)}`;
      await expect(frame.getByTestId('reality-check-net')).toHaveText(p('realityNet').replace('{{net}}', netText));
      // Focus stays in the dialog: Tab cycles between its two choices, never reaching the game behind.
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(await frame.locator('[data-testid="reality-check"]').evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await expect(frame.getByTestId('spin')).not.toBeFocused();

      await frame.getByTestId('reality-check-continue').click();
      await expect(check).toHaveCount(0);
      await page.clock.fastForward('15:00');
      await expect(frame.getByTestId('reality-check-time')).toHaveText(p('realityBody').replace('{{minutes}}', '30'));
      await frame.getByTestId('reality-check-stop').click();
      await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path('/'))}$`));
    });

    test('a break taken in the settings refuses the next launch with its message', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang });
      await openSettings(page);
      await page.getByTestId('break-days').selectOption('3');
      await page.getByTestId('take-break').click();
      await page.getByTestId('confirm-break').click();
      await expect(page.getByTestId('break-active')).toHaveText(pattern(p('breakActive')));

      await page.goto(path(`/game-launch/${SLOT}`));
      const refused = page.getByTestId('launch-error');
      await expect(refused).toBeVisible({ timeout: 20_000 });
      await expect(refused).toContainText(pattern(errors('PLAY_BREAK_ACTIVE')));
      await expect(page.getByTestId('game-frame')).toHaveCount(0);
    });

    test('the settings show a raised limit as pending and keep the lower one in force (and pass axe)', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang });
      await openSettings(page);
      await page.getByTestId('wager-limit-input').fill('1000');
      await page.getByTestId('save-limits').click();
      await expect(page.getByTestId('wager-limit-current')).toHaveText(p('current').replace('{{value}}', '1000'));
      await expect(page.getByTestId('wager-limit-pending')).toHaveCount(0);

      await page.getByTestId('wager-limit-input').fill('5000');
      await page.getByTestId('time-limit-input').fill('90');
      await page.getByTestId('save-limits').click();
      await expect(page.getByTestId('wager-limit-pending')).toHaveText(pattern(p('pending')));
      await expect(page.getByTestId('wager-limit-pending')).toContainText('5000');
      await expect(page.getByTestId('wager-limit-current')).toHaveText(p('current').replace('{{value}}', '1000'));
      // A first time limit is a lowering (from none): in force at once.
      await expect(page.getByTestId('time-limit-current')).toHaveText(p('current').replace('{{value}}', '90'));

      // Still there after a reload: the server keeps it.
      await page.reload();
      await expect(page.getByTestId('wager-limit-pending')).toContainText('5000');
      const axe = await new AxeBuilder({ page }).include('[data-testid="play-safely"]').analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
}
