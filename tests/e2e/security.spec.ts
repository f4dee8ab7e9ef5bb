import { localizePath } from '../../contracts/languages';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { newSignedInPlayer } from './support/players';

/**
 * Security hardening (docs/decisions/0005-sessions-csrf-and-security-headers.md) seen from the browser, in both languages: the content security
 * policy lets the site, the game frame and its rounds run (no violation, no blocked inline script)
 * on the home page, a category, a game launch with a played round, and settings; the table clients
 * refuse opposing bets before sending them.
 */
type Dict = Record<string, unknown>;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Dict;
const lookup = (dict: Dict, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict) as string;

/** Collects CSP violations (from every frame) and console errors that mention the policy. */
async function watchCsp(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|CSP violation/i.test(msg.text())) problems.push(msg.text());
  });
  return problems;
}

for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => localizePath(p, lang);
  const g = (key: string) => lookup(load(lang, 'games'), key);

  test.describe(`security (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      // Each test is its own client for the per-IP rate limits.
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    test('pages, the game frame and a played round run under the content security policy without violations', async ({ page }) => {
      const problems = await watchCsp(page);
      const home = await page.goto(path('/'));
      const csp = home!.headers()['content-security-policy'];
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'self'");
      await expect(page.locator('astro-island').first()).toBeAttached();
      await page.goto(path('/category/slot'));
      await expect(page.getByTestId('game-tile').first()).toBeVisible({ timeout: 20_000 });

      await newSignedInPlayer(page, { language: lang });
      await page.goto(path('/game-launch/roulette-european'));
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await expect(frame.getByTestId('house-game')).toHaveAttribute('data-mode', 'real', { timeout: 20_000 });
      await frame.locator('[data-bet="red"]').click();
      // The client refuses the opposing bet itself, with the catalogue's message.
      await frame.locator('[data-bet="black"]').click();
      await expect(frame.getByTestId('round-error')).toHaveText(g('house.error.opposing'));
      await frame.getByTestId('spin').click();
      await expect(frame.getByTestId('winning-number')).toBeVisible({ timeout: 20_000 });

      await page.goto(path('/settings'));
      await expect(page.getByTestId('settings')).toBeVisible({ timeout: 20_000 });
      expect(problems, problems.join('\n')).toEqual([]);
    });

    test('baccarat refuses a banker bet next to a player bet before dealing', async ({ page }) => {
      await page.goto(path('/game-launch/baccarat-classic'));
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await expect(frame.getByTestId('house-game')).toBeVisible({ timeout: 20_000 });
      await frame.locator('[data-bet="player"]').click();
      await frame.locator('[data-bet="banker"]').click();
      await expect(frame.getByTestId('round-error')).toHaveText(g('baccarat.opposing'));
    });
  });
}
