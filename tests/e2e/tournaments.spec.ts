import { formatNumber, localizePath } from '../../contracts/languages';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newSignedInPlayer, signUpViaApi, siteHeaders, verifyPhoneViaApi } from './support/players';
import { escapeRegExp } from './support/text';

/**
 * The tournaments lobby (docs/decisions/0007-tournaments-lobby.md) in both languages: the launcher renders the seeded races, a
 * leaderboard moves without a reload after a round is played, choosing a game launches it for a
 * player, a visitor signs in first and lands in the game, and axe finds nothing serious.
 * Seeded demo races (server/modules/tournaments/seed.ts): demo-sakura-sprint (running, WAGERED on
 * Sakura Fortune, Neon Sevens, Lucky Cat; best demo player at 800 coins) and demo-koi-cup (finished).
 */
type Dict = Record<string, unknown>;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Dict;
const lookup = (dict: Dict, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict) as string;
const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));

const GAME = 'slot-sakura-fortune';
const TITLES = { ja: '桜フォーチュン', en: 'Sakura Fortune' } as const;

for (const lang of ['ja', 'en'] as const) {
  const l = (key: string, vars: Record<string, string | number> = {}) => fill(lookup(load(lang, 'tournaments'), `lobby.${key}`), vars);
  const auth = (key: string) => lookup(load(lang, 'auth'), key);
  const path = (p: string) => localizePath(p, lang);
  const coins = (n: number) => l('coins', { amount: formatNumber(n, lang) });
  const sprint = (page: Page) => page.locator('section[data-ref="demo-sakura-sprint"]');

  /** One real round through the API in the page's own session (as another tab would play it). */
  async function playRound(page: Page, bet: number) {
    // As the site would: the API refuses cookie calls that change state without the site's Origin.
    const headers = siteHeaders();
    const launch = await page.request.get(`/api/launchgame?gameCode=${GAME}&language=${lang}`, { headers });
    expect(launch.status(), await launch.text()).toBe(200);
    const token = new URL((await launch.json()).url, 'http://x').searchParams.get('token')!;
    const opened = await page.request.post('/api/house/session', { headers, data: { token } });
    expect(opened.status(), await opened.text()).toBe(200);
    const { session } = await opened.json();
    const played = await page.request.post('/api/house/play', { headers, data: { session, input: { kind: 'slot', bet }, requestId: randomUUID() } });
    expect(played.status(), await played.text()).toBe(200);
  }

  test.describe(`tournaments lobby (${lang})`, () => {
    test('renders the races, and the leaderboard moves live after a round is played', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang });
      await page.goto(path('/tournaments'));
      const race = sprint(page);
      await expect(race.getByRole('heading', { level: 2 })).toHaveText(lang === 'ja' ? '桜スプリント' : 'Sakura Sprint');
      await expect(race.locator('.ccl-badge')).toHaveText(l('status.ACTIVE'));
      await expect(race.locator('.ccl-time')).toContainText(l('endsIn'));
      await expect(race.getByRole('button', { name: l('play', { title: TITLES[lang] }) })).toBeVisible();
      await expect(race.locator('.ccl-prizes tr').first()).toContainText(coins(10_000));
      await expect(race.locator('.ccl-table tbody tr').first()).toBeVisible();
      await expect(race.getByTestId('lobby-your-rank')).toHaveText(l('notRanked'));
      const finished = page.locator('section[data-ref="demo-koi-cup"]');
      await expect(finished.locator('.ccl-badge')).toHaveText(l('status.DRAWN'));
      await expect(finished.getByRole('heading', { level: 3, name: l('finalLeaderboard') })).toBeVisible();
      await expect(finished.locator('.ccl-table tbody tr').first()).toContainText(coins(5_000));

      // 1,000 coins beats every demo player (800): the player appears without a reload.
      await playRound(page, 1000);
      const mine = race.getByTestId('lobby-your-rank');
      await expect(mine).toHaveText(new RegExp(escapeRegExp(l('yourRank', { rank: '@', players: '@', points: coins(1000) })).replaceAll('@', '\\d+')), {
        timeout: 20_000,
      });
      await expect(race.locator('tr.ccl-you')).toContainText(l('you'));
      await expect(race.locator('tr.ccl-you')).toContainText(coins(1000));
    });

    test('choosing a game launches it for a signed-in player', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang });
      await page.goto(path('/tournaments'));
      await sprint(page)
        .getByRole('button', { name: l('play', { title: TITLES[lang] }) })
        .click();
      await expect(page).toHaveURL(path(`/game-launch/${GAME}`));
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await expect(frame.getByTestId('house-game')).toHaveAttribute('data-mode', 'real', { timeout: 20_000 });
    });

    test('a visitor choosing a game is asked to sign in and lands in the game afterwards', async ({ page, request }) => {
      const player = await signUpViaApi(request, { language: lang });
      await verifyPhoneViaApi(request, player);
      await page.goto(path('/tournaments'));
      const race = sprint(page);
      await expect(race.getByTestId('lobby-your-rank')).toHaveText(l('signInToRank'));
      // Keyboard: focus the game and press Enter.
      await race.getByRole('button', { name: l('play', { title: TITLES[lang] }) }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toHaveAttribute('data-popup', 'login');
      await dialog.getByLabel(auth('fields.email')).fill(player.email);
      await dialog.getByLabel(auth('fields.password'), { exact: true }).fill(player.password);
      await dialog.getByRole('button', { name: auth('login.submit'), exact: true }).click();
      await expect(page).toHaveURL(path(`/game-launch/${GAME}`));
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await expect(frame.getByTestId('house-game')).toHaveAttribute('data-mode', 'real', { timeout: 20_000 });
    });

    test('axe finds no serious violation in the rendered lobby, signed in and as a visitor', async ({ page }) => {
      for (const signedIn of [false, true]) {
        if (signedIn) await newSignedInPlayer(page, { language: lang });
        await page.goto(path('/tournaments'));
        await expect(sprint(page).locator('.ccl-table')).toBeVisible();
        const results = await new AxeBuilder({ page }).include('#tournaments-lobby').analyze();
        const blocking = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 5)
                .join('\n  ')}`,
          );
        expect(blocking, blocking.join('\n')).toEqual([]);
      }
    });

    test('screenshots at 375 and 1280 px', async ({ page }) => {
      mkdirSync('test-results/screens', { recursive: true });
      await newSignedInPlayer(page, { language: lang });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path('/tournaments'));
        await expect(sprint(page).locator('.ccl-table')).toBeVisible();
        await page.screenshot({ path: `test-results/screens/tournaments-${lang}-${width}.png`, fullPage: true });
        // Each tournament at its real size too (a full page shrinks too far to read on a phone width).
        for (const ref of ['demo-sakura-sprint', 'demo-koi-cup'])
          await page.locator(`section[data-ref="${ref}"]`).screenshot({ path: `test-results/screens/tournaments-${lang}-${width}-${ref}.png` });
      }
    });
  });
}
