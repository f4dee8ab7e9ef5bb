import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expectAxeClean } from './support/axe';
import { liveTable } from '../../contracts/live-tables';
import { API, newSignedInPlayer, siteHeaders, type E2EPlayer } from './support/players';
import { LANGS, SIZES, localized } from './support/site-routes';

/**
 * The shared live tables as players see them, in both languages: two players at one table see each
 * other's bets in the totals and each other's stamps and the same result for the same round; the
 * Live Casino page's countdown moves; a stream cut by the test heals; axe finds nothing serious.
 * The server runs the tables at LIVE_FAST's pace (scripts/built-site.ts: betting 4 s, draw 1.5 s,
 * pause 1 s), so a round is a few seconds.
 */

/** Each context from an address of its own (the API limits streams and sign-ins per address). */
async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
  return context;
}

/** The table's screen with its first event applied (a phase shown). */
async function openTable(page: Page, lang: (typeof LANGS)[number], tableId: string) {
  await page.goto(localized(`/live/${tableId}`, lang));
  await expect(page.getByTestId('live-phase')).toBeVisible({ timeout: 20_000 });
}

/** Whole seconds the countdown shows. */
async function countdown(page: Page): Promise<number> {
  const text = (await page.getByTestId('live-countdown').first().textContent()) ?? '';
  return Number(text.match(/\d+/)?.[0] ?? Number.NaN);
}

/**
 * Waits (in the page, so no time is lost between looking and clicking) for a round whose betting has
 * at least `seconds` left, then puts the chip on `spot` (a chip on a spot is the bet). Answers the
 * round's id once the player's bet shows as taken; throws when it was not (the caller tries again).
 */
async function betInNextRound(page: Page, spot: string, seconds = 2, place?: () => Promise<void>): Promise<string> {
  await page.waitForFunction(
    (least) => {
      const table = document.querySelector('[data-testid="live-table"]');
      const text = document.querySelector('[data-testid="live-countdown"]')?.textContent ?? '';
      return table?.getAttribute('data-phase') === 'betting' && Number(text.match(/\d+/)?.[0] ?? 0) >= least;
    },
    seconds,
    { timeout: 20_000, polling: 50 },
  );
  const roundId = (await page.getByTestId('live-table').getAttribute('data-round')) ?? '';
  await (place ? place() : page.locator(`[data-testid="live-board"] [data-spot="${spot}"]`).click());
  await expect(page.getByTestId('live-my-bets')).not.toHaveAttribute('data-placed', '0', { timeout: 8_000 });
  expect(await page.getByTestId('live-table').getAttribute('data-round')).toBe(roundId);
  return roundId;
}

type Dict = Record<string, unknown>;
const strings = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/live.json`, 'utf8')) as Dict;
/** A string of live.json in `lang` with its placeholders filled. */
const liveText = (lang: string, key: string, vars: Record<string, string | number> = {}) =>
  (key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], strings(lang)) as string).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The centre of an element in the page's viewport. */
async function centreOf(page: Page, selector: string) {
  const box = (await page.locator(selector).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const spotTotal = (page: Page, spot: string) => page.locator(`[data-testid="live-board"] [data-spot="${spot}"]`);

for (const lang of LANGS) {
  test.describe(`live tables (${lang})`, () => {
    test('two players at one table see each other’s bets in the totals, each other’s stamps and the same result', async ({ browser }) => {
      test.setTimeout(150_000);
      const contexts = await Promise.all([newContext(browser), newContext(browser)]);
      const [a, b] = await Promise.all(contexts.map((c) => c.newPage()));
      const [playerA, playerB]: E2EPlayer[] = await Promise.all([newSignedInPlayer(a, { language: lang }), newSignedInPlayer(b, { language: lang })]);
      await Promise.all([openTable(a, lang, 'roulette-fast'), openTable(b, lang, 'roulette-fast')]);
      await expect(a.getByTestId('live-controls')).toBeVisible();

      // Each page watches (in the page, every 50 ms) for the other's chips in the totals and the other's
      // name in the latest bets: both show from the bets event until the next round opens.
      const sees = (page: Page, spot: string, name: string) =>
        page.waitForFunction(
          ([s, n]) =>
            Number(document.querySelector(`[data-testid="live-board"] [data-spot="${s}"]`)?.getAttribute('data-total') ?? 0) > 0 &&
            (document.querySelector('[data-testid="live-latest"]')?.textContent ?? '').includes(n),
          [spot, name] as const,
          { timeout: 120_000, polling: 50 },
        );
      const seen = Promise.all([sees(a, 'straight-17', playerB.displayName), sees(b, 'red', playerA.displayName)]);
      // Both bet in the same round: A on red, B on straight 17.
      let rounds: string[] = [];
      await expect(async () => {
        rounds = await Promise.all([betInNextRound(a, 'red'), betInNextRound(b, 'straight-17')]);
        expect(rounds[0]).toBe(rounds[1]);
      }).toPass({ timeout: 90_000 });
      const roundId = rounds[0];
      await seen;

      // Both see the same result for that round: its chip in the round history (which keeps it, where the
      // result line shows only until the next round opens) names the same result on both pages.
      const resultOf = async (page: Page) => {
        const chip = page.locator(`[data-testid="live-history"] a[data-round="${roundId}"]`);
        await expect(chip).toBeAttached({ timeout: 20_000 });
        return chip.textContent();
      };
      const [resultA, resultB] = await Promise.all([resultOf(a), resultOf(b)]);
      expect(resultA).toBeTruthy();
      expect(resultA).toBe(resultB);

      // Stamps: each sees the other's, with the sender's name.
      await a.locator('[data-testid="live-stamp-picker"] button[data-stamp="nice"]').click();
      await expect(b.locator(`[data-testid="live-stamps"] [data-stamp="nice"][data-name="${playerA.displayName}"]`)).toBeAttached({ timeout: 10_000 });
      await b.locator('[data-testid="live-stamp-picker"] button[data-stamp="cheers"]').click();
      await expect(a.locator(`[data-testid="live-stamps"] [data-stamp="cheers"][data-name="${playerB.displayName}"]`)).toBeAttached({ timeout: 10_000 });
      // Muted, B sees no more stamps.
      await b.getByTestId('live-mute').check();
      await a.waitForTimeout(2_100);
      await a.locator('[data-testid="live-stamp-picker"] button[data-stamp="gogo"]').click();
      await b.waitForTimeout(1_500);
      await expect(b.locator('[data-testid="live-stamps"] [data-stamp="gogo"]')).toHaveCount(0);

      await expectAxeClean(a, 'the table signed in');
      await Promise.all(contexts.map((c) => c.close()));
    });

    test('at 375 px a corner is placed by touch where four numbers meet, settled, and the balance moves by what the round says', async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
      await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
      const page = await context.newPage();
      await newSignedInPlayer(page, { language: lang });
      await openTable(page, lang, 'roulette-fast');
      await expect(page.getByTestId('live-controls')).toBeVisible();
      // The board fits the phone: nothing of it past the screen's edge, no sideways scroll.
      const board = (await page.getByTestId('roulette-board').boundingBox())!;
      expect(board.x).toBeGreaterThanOrEqual(0);
      expect(board.x + board.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      const spot = 'corner-8-9-11-12';
      const corner = page.locator(`[data-testid="live-board"] [data-spot="${spot}"]`);
      const name = liveText(lang, 'table.spot.corner', { numbers: [8, 9, 11, 12].join(liveText(lang, 'table.spot.sep')) });
      await expect(corner).toHaveAttribute('aria-label', name);
      // Big enough for a finger.
      const target = (await corner.boundingBox())!;
      expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(24);
      // The chip picked first is the table's smallest.
      const stake = liveTable('roulette-fast')!.limits.chips[0];
      const before = Number(await page.getByTestId('balance').getAttribute('data-target'));
      let roundId = '';
      await expect(async () => {
        roundId = await betInNextRound(page, spot, 2, async () => {
          // A finger on the point where 8, 9, 11 and 12 meet: halfway between the centres of 8 and 12
          // (in mid-screen, clear of the tab bar).
          await page.locator('[data-spot="straight-8"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
          const [a, b] = await Promise.all([centreOf(page, '[data-spot="straight-8"]'), centreOf(page, '[data-spot="straight-12"]')]);
          await page.touchscreen.tap((a.x + b.x) / 2, (a.y + b.y) / 2);
        });
      }).toPass({ timeout: 60_000 });
      await expect(page.getByTestId('live-my-bets')).toHaveAttribute('data-placed', String(stake));
      await expect(corner.getByTestId('table-chip')).toHaveText(String(stake));
      await expect(corner).toHaveAttribute('aria-label', new RegExp(`^${escapeRe(name)}`));
      await expect(page.locator('[data-testid="live-board"] [data-testid="table-chip"]')).toHaveCount(1);

      // Settled: the round's number from its history chip; 8 to 1 when it is 8, 9, 11 or 12.
      const chip = page.locator(`[data-testid="live-history"] a[data-round="${roundId}"] [aria-hidden="true"]`);
      await expect(chip).toBeAttached({ timeout: 20_000 });
      const number = Number(await chip.textContent());
      const win = [8, 9, 11, 12].includes(number) ? stake * 9 : 0;
      await expect(page.getByTestId('balance')).toHaveAttribute('data-target', String(before - stake + win), { timeout: 15_000 });
      await context.close();
    });

    test('the Live Casino page shows the shared tables with a moving countdown and a way in', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(localized('/category/live', lang));
      const card = page.locator('[data-testid="live-table-card"][data-table="roulette-live"]');
      await expect(card.getByTestId('live-phase')).toBeVisible({ timeout: 20_000 });
      const first = await card.getByTestId('live-countdown').textContent();
      await expect(card.getByTestId('live-countdown')).not.toHaveText(first ?? '', { timeout: 5_000 });
      await expect(card.getByTestId('live-watchers')).toBeVisible();
      // The betting time in the table's description is the server's (LIVE_FAST shortens it).
      const tables = (await (await page.request.get(`${API}/live/tables`, { headers: siteHeaders() })).json()) as {
        tables: Array<{ id: string; bettingMs: number }>;
      };
      const bettingMs = tables.tables.find((x) => x.id === 'roulette-live')!.bettingMs;
      await expect(card.getByTestId('live-table-lead')).toHaveText(
        liveText(lang, 'lobby.leadWithTime', { lead: liveText(lang, 'tableLead.roulette-live'), seconds: Math.round(bettingMs / 1000) }),
      );
      // The single-player tables stay below.
      await expect(page.getByTestId('game-grid-list')).toBeVisible();
      await expectAxeClean(page, 'the Live Casino page');
      await card.getByTestId('live-join').click();
      await expect(page).toHaveURL(new RegExp(`${localized('/live/roulette-live', lang)}/?$`));
      await expect(page.getByTestId('live-phase')).toBeVisible({ timeout: 20_000 });
      // A visitor watches: a sign-in prompt instead of chips.
      await expect(page.getByTestId('live-visitor')).toBeVisible();
      await expect(page.getByTestId('live-controls')).toHaveCount(0);
      await expectAxeClean(page, 'the table for a visitor');
    });

    test('a stream cut by the test shows the reconnecting notice and heals', async ({ browser }) => {
      test.setTimeout(60_000);
      const context = await newContext(browser);
      // Every EventSource of the page is kept, so the test can cut the one the table holds.
      await context.addInitScript(() => {
        const Original = window.EventSource;
        const sources: EventSource[] = [];
        class Kept extends Original {
          constructor(url: string | URL, init?: EventSourceInit) {
            super(url, init);
            sources.push(this);
          }
        }
        window.EventSource = Kept;
        (window as unknown as { cutLiveStreams: () => void }).cutLiveStreams = () => {
          for (const source of sources) {
            source.close();
            source.dispatchEvent(new Event('error'));
          }
        };
      });
      const page = await context.newPage();
      await openTable(page, lang, 'roulette-fast');
      const before = await page.getByTestId('live-table').getAttribute('data-round');
      // The network goes and the stream with it.
      await context.setOffline(true);
      await page.evaluate(() => (window as unknown as { cutLiveStreams: () => void }).cutLiveStreams());
      await expect(page.getByTestId('live-reconnecting')).toBeVisible();
      await page.waitForTimeout(3_000);
      await expect(page.getByTestId('live-reconnecting')).toBeVisible();
      await context.setOffline(false);
      await expect(page.getByTestId('live-reconnecting')).toBeHidden({ timeout: 15_000 });
      // Healed: the rounds move on and the countdown runs again.
      await expect(page.getByTestId('live-table')).not.toHaveAttribute('data-round', before ?? '', { timeout: 15_000 });
      const seconds = await countdown(page);
      expect(seconds).toBeGreaterThanOrEqual(0);
      await context.close();
    });

    test('a round from the table history verifies in the browser', async ({ page }) => {
      await openTable(page, lang, 'roulette-fast');
      const link = page.locator('[data-testid="live-history"] a').first();
      await expect(link).toBeVisible({ timeout: 20_000 });
      await link.click();
      await expect(page.getByTestId('live-verify-result')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
      await expect(page.getByTestId('live-verified')).toBeVisible();
      await expectAxeClean(page, 'the live verify page');
    });
  });
}

/** Screenshots for review (LIVE_SHOTS=1): the Live Casino page and a table of each kind, at every size, both languages. */
test.describe('live screenshots', () => {
  test.skip(!process.env.LIVE_SHOTS, 'LIVE_SHOTS=1 takes them');
  for (const lang of LANGS) {
    for (const size of SIZES) {
      test(`${lang} ${size.width}px`, async ({ browser }) => {
        test.setTimeout(90_000);
        const dir = process.env.LIVE_SHOTS_DIR ?? '/tmp/live-shots';
        mkdirSync(dir, { recursive: true });
        const context = await newContext(browser);
        const page = await context.newPage();
        await page.setViewportSize(size);
        await newSignedInPlayer(page, { language: lang });
        await page.goto(localized('/category/live', lang));
        await expect(page.locator('[data-testid="live-table-card"] [data-testid="live-phase"]').first()).toBeVisible({ timeout: 20_000 });
        await page.screenshot({ path: `${dir}/category_live-${lang}-${size.width}.png`, fullPage: true });
        for (const tableId of ['roulette-live', 'baccarat-live']) {
          await openTable(page, lang, tableId);
          await page.waitForTimeout(2_500);
          await page.screenshot({ path: `${dir}/live_${tableId}-${lang}-${size.width}.png`, fullPage: true });
        }
        await context.close();
      });
    }
  }
});
