import { formatNumber } from '../../contracts/languages';
import { mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { newSignedInPlayer, siteHeaders } from './support/players';
import { LANGS, localized, type Lang } from './support/site-routes';

/**
 * The raffle journey in a real browser, in both languages: a raffle made through the dev route
 * with a window of seconds, a player wagering real coins on its game and watching the ticket
 * progress in the popup and the header, the server's own timer drawing it, the history row with its
 * result link, and the record page recomputing the winners in the browser. Screenshots of the
 * popup, history and record page at 375 and 1280 px go to test-results/raffle-screens/.
 *
 * Serial: each language's raffle is the current one (it ends first) only while it runs alone.
 */
test.describe.configure({ mode: 'serial' });

type Dict = Record<string, unknown>;
const strings = (lang: Lang, ns: string): Dict => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8'));
const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}, ns = 'raffle') => {
  const raw = String(key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], strings(lang, ns)));
  return raw.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
};
const GAME = 'roulette-french';
const WAGER_PER_ENTRY = 20;
const PRIZE = 3_000;
const SCREENS = 'test-results/raffle-screens';

async function axeClean(page: Page, selector?: string) {
  let builder = new AxeBuilder({ page });
  if (selector) builder = builder.include(selector);
  const results = await builder.analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(blocking, blocking.join('\n')).toEqual([]);
}

/** Screenshots at 1280 and 375 px wide, back at 1280 after. */
async function screens(page: Page, lang: Lang, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(300);
    // Nothing may make the page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SCREENS}/${name}-${lang}-${width}.png`, fullPage: name !== 'popup' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function playRedRound(frame: FrameLocator) {
  const before = await frame.getByTestId('house-balance').innerText();
  await frame.locator('[data-bet="red"]').click();
  await frame.getByTestId('spin').click();
  await expect(frame.getByTestId('house-balance')).not.toHaveText(before, { timeout: 20_000 });
  await expect(frame.getByTestId('winning-number')).toBeVisible();
}

for (const lang of LANGS) {
  test(`a player earns raffle tickets, the raffle is drawn and its record recomputes in the browser (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await newSignedInPlayer(page, { language: lang });

    // A raffle on one game, running now and ending in 50 s: the current raffle (it ends first).
    const ref = `e2e-${lang}-${randomBytes(4).toString('hex')}`;
    const title = lang === 'ja' ? `E2E 抽選 ${ref.slice(-4)}` : `E2E raffle ${ref.slice(-4)}`;
    const now = Date.now();
    const end = now + 50_000;
    const created = await page.request.post('/api/dev/raffles', {
      headers: siteHeaders(),
      data: {
        ref,
        startDateUtc: new Date(now - 2_000).toISOString(),
        endDateUtc: new Date(end).toISOString(),
        raffleDrawDate: new Date(end).toISOString(),
        wagerPerEntry: WAGER_PER_ENTRY,
        bannerFileName: 'weekly-raffle.svg',
        games: [GAME],
        prizes: [{ amount: PRIZE }],
        translations: [
          { languageCode: lang, title, description: lang === 'ja' ? 'ルーレットで抽選券を集めよう。' : 'Collect tickets at the roulette table.' },
          { languageCode: 'default', title: `E2E default ${ref.slice(-4)}` },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { commitment } = (await created.json()) as { commitment: string };

    const historyLoaded = page.waitForResponse((r) => r.url().includes('/api/raffle-history'));
    await page.goto(localized(`/game-launch/${GAME}`, lang));
    // No raffle history yet: the account menu does not offer it.
    expect(await (await historyLoaded).json()).toEqual([]);
    await page.getByTestId('account-menu-button').click();
    await expect(page.getByTestId('account-menu')).toBeVisible();
    await expect(page.getByTestId('menu-raffle-history')).toHaveCount(0);
    await page.keyboard.press('Escape');
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('house-game')).toHaveAttribute('data-mode', 'real', { timeout: 20_000 });
    const button = page.getByTestId('raffle-button');
    await expect(button).toBeVisible();
    await expect(page.getByTestId('raffle-button-tickets')).toHaveText('0');

    // The popup: banner, title, period, draw date, a ticking "Ends in" countdown, no ticket yet.
    await button.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAttribute('data-popup', 'raffle');
    await expect(page).toHaveURL(/[?&]popup=raffle/);
    await expect(dialog.getByTestId('raffle-popup')).toHaveAttribute('data-raffle-ref', ref);
    await expect(dialog.getByTestId('raffle-title')).toHaveText(title);
    await expect(dialog.getByTestId('raffle-banner')).toHaveAttribute('src', '/banners/coin-casino/weekly-raffle.svg');
    await expect.poll(() => dialog.getByTestId('raffle-banner').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(dialog.getByTestId('raffle-countdown-label')).toHaveText(text(lang, 'popup.endsIn'));
    const tick = await dialog.getByTestId('raffle-countdown-value').innerText();
    expect(tick).toMatch(/^00:00:[0-5]\d$/);
    await expect(dialog.getByTestId('raffle-countdown-value')).not.toHaveText(tick, { timeout: 2_500 });
    await expect(dialog.getByTestId('raffle-tickets')).toHaveText('0');
    const coins = (n: number) => text(lang, 'coins', { amount: formatNumber(n, lang) });
    await expect(dialog.getByTestId('raffle-next-ticket')).toHaveText(text(lang, 'popup.nextTicket', { amount: coins(20) }));
    await axeClean(page, '[role="dialog"]');
    await screens(page, lang, 'popup');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Round 1 (10 coins on red): half way to a ticket; round 2: the first ticket, header follows without a reload.
    await playRedRound(frame);
    await expect(page.getByTestId('raffle-button-tickets')).toHaveText('0');
    await button.click();
    await expect(dialog.getByTestId('raffle-next-ticket')).toHaveText(text(lang, 'popup.nextTicket', { amount: coins(10) }));
    await expect(dialog.getByTestId('raffle-progress-bar')).toHaveAttribute('aria-valuenow', '10');
    await page.keyboard.press('Escape');
    await playRedRound(frame);
    await expect(page.getByTestId('raffle-button-tickets')).toHaveText('1');
    await playRedRound(frame);
    await button.click();
    await expect(dialog.getByTestId('raffle-tickets')).toHaveText('1');
    await expect(dialog.getByTestId('raffle-progress-bar')).toHaveAttribute('aria-valuenow', '10');
    await page.keyboard.press('Escape');

    // The server's own timer draws it shortly after the draw date.
    await expect
      .poll(async () => ((await (await page.request.get(`/api/raffles/${ref}/record`, { headers: { channel: 'WEB' } })).json()) as { status: string }).status, {
        timeout: Math.max(0, end - Date.now()) + 30_000,
        intervals: [1_000],
      })
      .toBe('DRAWN');

    // Raffle history: the account menu offers it now; the row has the title, the date and the result link.
    await page.goto(localized('/transactions/raffle', lang));
    await page.getByTestId('account-menu-button').click();
    await expect(page.getByTestId('menu-raffle-history')).toHaveText(text(lang, 'menu.raffleHistory'));
    await page.keyboard.press('Escape');
    const row = page.getByTestId('raffle-history-row').first();
    await expect(row.getByTestId('raffle-history-name')).toHaveText(title);
    // The win is announced (a toast), and the history's result says won with the prize.
    const progress = JSON.parse(readFileSync(`locales/${lang}/progress.json`, 'utf8')) as { notice: { RAFFLE_WIN: string } };
    const prizeText = new Intl.NumberFormat('en-US').format(PRIZE);
    await expect(page.getByTestId('toast').filter({ hasText: progress.notice.RAFFLE_WIN.replace('{{amount}}', prizeText) })).toBeVisible();
    await expect(row.getByTestId('raffle-history-outcome')).toHaveText(text(lang, 'history.won', { amount: prizeText }));
    const result = row.getByTestId('raffle-history-result');
    await expect(result).toHaveAttribute('target', '_blank');
    const href = await result.getAttribute('href');
    expect(href).toMatch(new RegExp(`${localized(`/raffles/${ref}`, lang).replace(/\//g, '\\/')}$`));
    await expect(page.getByTestId('end-of-records')).toHaveText(text(lang, 'history.end'));
    await axeClean(page);
    await screens(page, lang, 'history');

    // The record page opens in a new tab and recomputes the winners in the browser.
    const [recordPage] = await Promise.all([page.context().waitForEvent('page'), result.click()]);
    await recordPage.setViewportSize({ width: 1280, height: 900 });
    await expect(recordPage.getByTestId('raffle-record')).toHaveAttribute('data-raffle-ref', ref);
    await expect(recordPage.getByTestId('raffle-record-title')).toHaveText(title);
    await expect(recordPage.getByTestId('raffle-commitment')).toHaveText(commitment);
    await expect(recordPage.getByTestId('raffle-verify-result')).toHaveAttribute('data-verified', 'true');
    await expect(recordPage.getByTestId('raffle-verify-result')).toHaveText(text(lang, 'record.allPassed'));
    await expect(recordPage.getByTestId('raffle-winner-row')).toHaveCount(1);
    await expect(recordPage.getByTestId('raffle-winner-row')).toContainText(coins(PRIZE));
    await axeClean(recordPage);
    await screens(recordPage, lang, 'record');
    await recordPage.close();

    // The only ticket holder won: the prize reached the header balance through the wallet.
    const balance = (await (await page.request.get('/api/balance', { headers: { channel: 'WEB' } })).json()) as { balance: number };
    const prizes = (await (await page.request.get('/api/transactions?page=1&pageSize=20', { headers: { channel: 'WEB' } })).json()) as {
      records: Array<{ transactionType: string; amount: number }>;
    };
    expect(prizes.records.filter((r) => r.transactionType === 'RAFFLE_PRIZE').map((r) => r.amount)).toEqual([PRIZE]);
    await page.goto(localized('/', lang));
    await expect(page.getByTestId('balance')).toHaveAttribute('data-target', String(balance.balance));
  });
}
