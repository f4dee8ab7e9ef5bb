import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loadPromotions } from '../../content/promotions';
import { newSignedInPlayer, siteHeaders } from './support/players';
import { LANGS, localized, type Lang } from './support/site-routes';

/**
 * The coin wallet in a real browser, in both languages: the header balance counting up, the daily
 * bonus claim (double click refused) and its countdown, the mobile tab bar button, a promotion
 * bonus, and the coin statement. Amounts come from the server defaults (10,000 signup, 1,000 daily).
 */
type Dict = Record<string, unknown>;
const strings = (lang: Lang): Dict => JSON.parse(readFileSync(`locales/${lang}/wallet.json`, 'utf8'));
const text = (lang: Lang, key: string, vars: Record<string, string> = {}) => {
  const raw = String(key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], strings(lang)));
  return raw.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
};
/** The claim's toast names the login streak day (docs/decisions/0018-progression.md): a new player's first claim is day 1. */
const streakToast = (lang: Lang, amount: string) =>
  (JSON.parse(readFileSync(`locales/${lang}/progress.json`, 'utf8')) as { daily: { claimedStreak: string } }).daily.claimedStreak
    .replace('{{day}}', '1')
    .replace('{{amount}}', amount);
const SIGNUP_BONUS = 10_000;
const DAILY_BONUS = 1_000;
const promotion = loadPromotions().find((p) => p.bonus !== null && Date.parse(p.startsAt) <= Date.now() && Date.now() < Date.parse(p.endsAt))!;

/** Records every value the header balance shows, to see the count-up pass through the middle. */
async function recordBalanceValues(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __balances: number[] };
    w.__balances = [];
    const el = document.querySelector('[data-testid="balance"]')!;
    const read = () => w.__balances.push(Number((el.textContent ?? '').replace(/[^\d]/g, '')));
    new MutationObserver(read).observe(el, { childList: true, characterData: true, subtree: true });
  });
}
const recordedBalances = (page: Page) => page.evaluate(() => (window as unknown as { __balances: number[] }).__balances);

for (const lang of LANGS) {
  const fmt = (n: number) => new Intl.NumberFormat(lang).format(n);

  test.describe(`wallet (${lang})`, () => {
    test('claims the daily bonus once: count-up, toast, double click refused, then the countdown', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang });
      const claims: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/claimDailyBonus')) claims.push(r.url());
      });
      await page.goto(localized('/', lang));

      const balance = page.getByTestId('balance');
      await expect(balance).toHaveText(fmt(SIGNUP_BONUS));
      await expect(page.getByTestId('header-balance')).toContainText(text(lang, 'balance.coins', { amount: fmt(SIGNUP_BONUS) }));
      const claim = page.getByRole('button', { name: text(lang, 'daily.claimAction') });
      await expect(claim).toBeEnabled();

      await recordBalanceValues(page);
      await claim.dblclick();
      await expect(page.getByTestId('toast').filter({ hasText: streakToast(lang, fmt(DAILY_BONUS)) })).toBeVisible();
      await expect(balance).toHaveText(fmt(SIGNUP_BONUS + DAILY_BONUS));

      // The double click sent one claim, and the balance counted up through values in between.
      expect(claims).toHaveLength(1);
      const seen = await recordedBalances(page);
      expect(
        seen.some((v) => v > SIGNUP_BONUS && v < SIGNUP_BONUS + DAILY_BONUS),
        `values shown: ${seen.join(', ')}`,
      ).toBe(true);
      expect(seen.at(-1)).toBe(SIGNUP_BONUS + DAILY_BONUS);
      await expect(page.getByTestId('toast')).toHaveCount(1);

      // Now a countdown to the next claim, ticking down from just under 24 hours.
      const time = page.getByTestId('daily-bonus-time');
      await expect(time).toHaveText(/^23:59:[0-5]\d$/);
      const first = await time.textContent();
      await expect(time).not.toHaveText(first!, { timeout: 3000 });
      await expect(page.getByRole('timer')).toHaveAccessibleName(new RegExp(text(lang, 'daily.countdownLabel', { time: '23:59:\\d\\d' })));
      await expect(page.getByRole('button', { name: text(lang, 'daily.claimAction') })).toHaveCount(0);

      // After a reload the server still refuses a second claim.
      await page.reload();
      await expect(page.getByTestId('daily-bonus-time')).toHaveText(/^23:59:[0-5]\d$/);
      const again = await page.request.post('/api/claimDailyBonus', { headers: siteHeaders() });
      expect(again.status()).toBe(409);
      expect((await again.json()).code).toBe('BONUS_CANNOT_BE_CLAIMED');
      await expect(page.getByTestId('balance')).toHaveText(fmt(SIGNUP_BONUS + DAILY_BONUS));
    });

    test('claims the daily bonus from the mobile tab bar progress button', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(localized('/', lang));
      await expect(page.getByTestId('tab-bar')).toBeVisible();
      await expect(page.getByTestId('tab-bar-bonus')).toHaveCount(0); // signed out: no bonus button

      await newSignedInPlayer(page, { language: lang });
      await page.goto(localized('/', lang));
      const button = page.getByTestId('tab-bar-bonus');
      await expect(button).toBeEnabled();
      await expect(button).toHaveAccessibleName(text(lang, 'daily.claimAction'));
      await expect(page.getByTestId('tab-bar-bonus-progress')).toHaveAttribute('data-percent', '100');
      await button.click();
      await expect(page.getByTestId('toast').filter({ hasText: streakToast(lang, fmt(DAILY_BONUS)) })).toBeVisible();
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleName(new RegExp(text(lang, 'daily.countdownLabel', { time: '23:59:\\d\\d' })));
      await expect(page.getByTestId('tab-bar-bonus-progress')).toHaveAttribute('data-percent', '0');

      const results = await new AxeBuilder({ page }).include('[data-testid="tab-bar"]').include('header').analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
      expect(blocking, blocking.join('\n')).toEqual([]);
    });

    test('the button becomes claimable when the countdown ends, and the server still decides', async ({ page }) => {
      await page.clock.install();
      await newSignedInPlayer(page, { language: lang });
      await page.goto(localized('/', lang));
      await page.getByRole('button', { name: text(lang, 'daily.claimAction') }).click();
      await expect(page.getByTestId('daily-bonus-time')).toHaveText(/^23:59:[0-5]\d$/);

      // 24 hours later on this browser's clock (the server's clock has not moved).
      await page.clock.fastForward('24:00:00');
      const claim = page.getByRole('button', { name: text(lang, 'daily.claimAction') });
      await expect(claim).toBeEnabled();
      await claim.click();
      const refused = JSON.parse(readFileSync(`locales/${lang}/errors.json`, 'utf8')).BONUS_CANNOT_BE_CLAIMED as string;
      await expect(page.getByTestId('toast').filter({ hasText: refused })).toBeVisible();
      await expect(page.getByTestId('balance')).toHaveText(fmt(SIGNUP_BONUS + DAILY_BONUS));
    });

    test('claims a promotion bonus once and reads it in the coin statement', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang });
      await page.goto(localized(`/promotions/${promotion.slug}`, lang));
      const claim = page.getByRole('button', { name: text(lang, 'promotion.claim', { amount: fmt(promotion.bonus!) }) });
      await claim.click();
      await expect(page.getByTestId('toast').filter({ hasText: text(lang, 'promotion.won', { amount: fmt(promotion.bonus!) }) })).toBeVisible();
      await expect(page.getByTestId('promotion-claimed')).toHaveText(text(lang, 'promotion.claimed'));
      await expect(page.getByTestId('balance')).toHaveText(fmt(SIGNUP_BONUS + promotion.bonus!));

      await page.reload();
      await expect(page.getByTestId('promotion-claimed')).toBeVisible();
      await expect(page.getByTestId('promotion-claim')).toHaveCount(0);

      // The daily bonus too, then the statement lists all three movements, newest first.
      await page.getByRole('button', { name: text(lang, 'daily.claimAction') }).click();
      await expect(page.getByTestId('daily-bonus-time')).toBeVisible();
      await page.goto(localized('/bet-history', lang));
      const statement = page.getByTestId('coin-statement');
      await expect(statement.getByRole('heading', { name: text(lang, 'statement.heading') })).toBeVisible();
      const rows = statement.getByTestId('statement-row');
      await expect(rows).toHaveCount(3);
      const total = SIGNUP_BONUS + promotion.bonus! + DAILY_BONUS;
      const expected = [
        [text(lang, 'statement.types.DAILY_BONUS'), `+${fmt(DAILY_BONUS)}`, fmt(total)],
        [text(lang, 'statement.types.PROMO_BONUS'), `+${fmt(promotion.bonus!)}`, fmt(SIGNUP_BONUS + promotion.bonus!)],
        [text(lang, 'statement.types.SIGNUP_BONUS'), `+${fmt(SIGNUP_BONUS)}`, fmt(SIGNUP_BONUS)],
      ];
      for (const [i, [type, amount, after]] of expected.entries()) {
        const row = rows.nth(i);
        await expect(row).toContainText(type);
        await expect(row.getByTestId('statement-amount')).toHaveText(amount);
        await expect(row.getByTestId('statement-balance')).toHaveText(after);
      }
      await expect(statement.getByTestId('statement-page')).toContainText(text(lang, 'statement.total_other', { count: '3' }));

      const results = await new AxeBuilder({ page }).include('[data-testid="coin-statement"]').include('header').analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
      expect(blocking, blocking.join('\n')).toEqual([]);
    });
  });
}
