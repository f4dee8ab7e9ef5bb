import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { MissionList } from '../../contracts/progression';
import { expectAxeClean } from './support/axe';
import { API, newSignedInPlayer, siteHeaders } from './support/players';
import { LANGS, localized, type Lang } from './support/site-routes';
import { openSlot } from './support/slots';

/**
 * Progression in a real browser, in both languages (docs/decisions/0018-progression.md): a new player spins and sees XP move
 * in the header, completes today's starter mission, claims it, sees the toasts and the bell's count;
 * hearts a game and finds it in Favourites; the header search finds 招き猫ラッキー by 「まねき」 and
 * by "lucky". Screens at 375 and 1280 px go to test-results/progression-screens/.
 */
type Dict = Record<string, unknown>;
const strings = (lang: Lang): Dict => JSON.parse(readFileSync(`locales/${lang}/progress.json`, 'utf8'));
const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  String(key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], strings(lang))).replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(vars[n] ?? ''));
const SCREENS = 'test-results/progression-screens';
const fmt = (n: number) => n.toLocaleString('en-US');

/** The page's layout shifts so far, those right after an input left out (an upper bound of Lighthouse's CLS). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve((list.getEntries() as Shift[]).reduce((sum, e) => sum + (e.hadRecentInput ? 0 : e.value), 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // No shift at all: the observer is never called.
        setTimeout(() => resolve(0), 500);
      }),
  );

/**
 * Scrolls down as a player does (200 px every 150 ms) until the place of the player's rows is on
 * screen: the rows load when they come within ROWS_AHEAD of the screen (PlayerRows.tsx).
 */
async function scrollToRows(page: Page) {
  const place = page.getByTestId('player-rows');
  for (let step = 0; step < 60; step++) {
    const box = await place.boundingBox();
    if (box && box.y < page.viewportSize()!.height) return;
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(150);
  }
  throw new Error("the player's rows never came on screen");
}

async function screens(page: Page, lang: Lang, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SCREENS}/${name}-${lang}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const lang of LANGS) {
  test.describe(`progression (${lang})`, () => {
    test('a new player spins, XP moves in the header, completes and claims a mission, with toasts and the bell count', async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await newSignedInPlayer(page, { language: lang });
      await page.goto(localized('/', lang));
      const level = page.getByTestId('header-level');
      await expect(level).toHaveAttribute('data-xp', '0');
      await expect(level).toHaveAttribute('data-level', '1');
      await scrollToRows(page);
      const panel = page.getByTestId('missions-panel');
      await expect(panel.getByTestId('mission')).toHaveCount(3);
      // The level above the missions: the level, the XP and the link's words show; its name is the whole sentence.
      const levelLink = panel.getByTestId('missions-level');
      await expect(levelLink).toHaveAccessibleName(text(lang, 'header.levelLabel', { level: '1', xp: '0', next: fmt(50) }));
      await expect(levelLink).toContainText(text(lang, 'header.menuLink'));
      await expect(levelLink).toContainText(text(lang, 'header.level', { level: '1' }));
      await expectAxeClean(page, 'home with missions');
      await panel.scrollIntoViewIfNeeded();
      await screens(page, lang, 'home-missions');

      // The slot's lowest bet may be under 10 coins (1 XP): rounds before the last are played through
      // the API, then one spin in the game's frame crosses 10 coins and the header's XP follows it.
      const slot = await openSlot(page, localized('/game-launch/slot-lucky-cat', lang));
      const bet = slot.definition.betLevels[0];
      const spins = Math.ceil(10 / bet);
      for (let i = 1; i < spins; i++) {
        const played = await page.request.post(`${API}/house/play`, {
          headers: siteHeaders(),
          data: { session: slot.session, input: { kind: 'slot', bet }, requestId: randomUUID() },
        });
        expect(played.status(), await played.text()).toBe(200);
      }
      await expect(page.getByTestId('header-level')).toHaveAttribute('data-xp', '0');
      await slot.frame.getByTestId('spin').click();
      await expect(page.getByTestId('header-level')).toHaveAttribute('data-xp', String(Math.floor((spins * bet) / 10)), { timeout: 20_000 });
      await screens(page, lang, 'game-header-xp');

      // The rest of the starter mission's rounds, played for real through the API while the player
      // is on the home page: the completion arrives as a toast (the bell is polled) and on the bell.
      await page.goto(localized('/', lang));
      await expect(page.getByTestId('notification-bell')).toBeVisible();
      const list = (await (await page.request.get(`${API}/missions`, { headers: siteHeaders() })).json()) as MissionList;
      const starter = list.missions[0];
      expect(['spin-slots-10', 'play-rounds-15']).toContain(starter.code);
      for (let i = starter.progress; i < starter.target; i++) {
        const played = await page.request.post(`${API}/house/play`, {
          headers: siteHeaders(),
          data: { session: slot.session, input: { kind: 'slot', bet: slot.definition.betLevels[0] }, requestId: randomUUID() },
        });
        expect(played.status(), await played.text()).toBe(200);
      }
      const reward = fmt(starter.reward);
      await expect(page.getByTestId('toast').filter({ hasText: text(lang, 'notice.MISSION_COMPLETED', { amount: reward }) })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('notification-count')).toHaveText(/^[1-9]/);
      await page.goto(localized('/', lang));
      await scrollToRows(page);
      const mission = panel.getByTestId('mission').first();
      await expect(mission).toHaveAttribute('data-completed', 'true');
      await mission.getByTestId('mission-claim').click();
      await expect(page.getByTestId('toast').filter({ hasText: text(lang, 'missions.claimedToast', { amount: reward }) })).toBeVisible();
      await expect(mission.getByTestId('mission-claimed')).toHaveText(text(lang, 'missions.claimed'));

      // The bell: its count, then the list (opening reads them).
      const bell = page.getByTestId('notification-bell');
      await expect(bell).toHaveAccessibleName(new RegExp(text(lang, 'bell.label')));
      await bell.click();
      await expect(page.getByTestId('notification-list')).toContainText(text(lang, 'notice.MISSION_COMPLETED', { amount: reward }));
      await expectAxeClean(page, 'bell open');
      await screens(page, lang, 'bell-open');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('notification-count')).toHaveCount(0);

      // The levels page explains levels, tiers and benefits.
      await page.goto(localized('/levels', lang));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'page.title'));
      await expect(page.getByTestId('levels-tier')).toHaveText(text(lang, 'page.tierNow', { tier: text(lang, 'tier.BRONZE') }));
      await expectAxeClean(page, 'levels page');
      await screens(page, lang, 'levels');
    });

    test('hearts a game and finds it in Favourites; the search finds 招き猫ラッキー by まねき and by lucky', async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await newSignedInPlayer(page, { language: lang });
      await page.goto(localized('/category/slot', lang));
      const tile = page.locator('[data-testid="favourite-heart"][data-game-code="slot-lucky-cat"]').first();
      const luckyTitle = lang === 'ja' ? '招き猫ラッキー' : 'Lucky Cat';
      await expect(tile).toHaveAttribute('aria-pressed', 'false', { timeout: 30_000 });
      await tile.click();
      await expect(tile).toHaveAttribute('aria-pressed', 'true');
      await expect(tile).toHaveAccessibleName(text(lang, 'heart.remove', { title: luckyTitle }));
      await page.goto(localized('/', lang));
      await scrollToRows(page);
      const favourites = page.getByTestId('player-row-favourites');
      await expect(favourites.getByRole('heading')).toHaveText(text(lang, 'rows.favourites'));
      await expect(favourites.locator('[data-testid="game-tile"][data-game-code="slot-lucky-cat"]')).toBeVisible({ timeout: 30_000 });
      await favourites.scrollIntoViewIfNeeded();
      await screens(page, lang, 'favourites');

      // Search: results as you type, keyboard to the game (the field opens from its button, the combobox loading with the first press).
      await page.getByTestId('game-search-open').click();
      const input = page.getByRole('combobox', { name: text(lang, 'search.label') });
      await expect(input).toBeFocused();
      for (const query of ['まねき', 'lucky']) {
        await input.fill(query);
        const options = page.getByRole('option');
        await expect(options.first()).toHaveText(luckyTitle);
        await expect(input).toHaveAttribute('aria-expanded', 'true');
      }
      await input.fill('ﾙｰﾚｯﾄ');
      await expect(page.getByRole('option')).toHaveCount(3);
      await input.fill('まねき');
      await expectAxeClean(page, 'search open');
      await screens(page, lang, 'search');
      await page.setViewportSize({ width: 1280, height: 900 });
      await input.focus();
      await input.press('ArrowDown');
      await expect(page.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      await input.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${localized('/game-launch/slot-lucky-cat', lang)}$`));
      await expect(page.getByTestId('game-frame')).toBeVisible({ timeout: 20_000 });
      // Recently played remembers the launch.
      await page.goto(localized('/', lang));
      await scrollToRows(page);
      await expect(page.getByTestId('player-row-recent').locator('[data-game-code="slot-lucky-cat"]').first()).toBeVisible({ timeout: 30_000 });

      // The player's missions and rows arrive after the page has painted: they must not push the games
      // the player is about to tap (npm run perf measured 0.2-0.3 when they sat above them), and,
      // loading as the player scrolls towards them, they must be in place before their place shows
      // (what follows them would move under the player's eyes).
      await page.setViewportSize({ width: 375, height: 812 });
      for (const path of ['/', '/category/slot']) {
        await page.goto(localized(path, lang));
        await page.waitForTimeout(300);
        expect(await layoutShift(page), `layout shift on ${path} at 375 px as loaded`).toBeLessThan(0.05);
        await scrollToRows(page);
        await expect(page.getByTestId('player-row-recent').locator('[data-game-code="slot-lucky-cat"]').first()).toBeAttached({ timeout: 30_000 });
        if (path === '/') await expect(page.getByTestId('missions-panel').getByTestId('mission')).toHaveCount(3);
        await page.waitForTimeout(300);
        expect(await layoutShift(page), `layout shift on ${path} at 375 px, scrolled to the rows`).toBeLessThan(0.05);
      }
    });
  });
}
