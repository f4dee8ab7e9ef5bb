import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { newSignedInPlayer } from './support/players';

/**
 * The table games as a player sees them (decision 0021), in both languages: the roulette
 * ball lands in the pocket of the number the round names, blackjack and baccarat cards come out one
 * at a time, with reduced motion everything shows at once, roulette's message stays in view at
 * 375 px, the paytable opens inside the frame, and the signed-in header never scrolls sideways.
 */
for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => (lang === 'en' ? `/en${p}` : p);

  async function openGame(page: Page, gameCode: string): Promise<FrameLocator> {
    await page.goto(path(`/game-launch/${gameCode}`));
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('house-game')).toBeVisible({ timeout: 20_000 });
    return frame;
  }

  /** Records the number of cards on the table (face up or down) at every change, from now on. */
  async function watchCards(frame: FrameLocator, testId: string) {
    await frame.getByTestId(testId).evaluate((table) => {
      const counts: number[] = [];
      (window as unknown as { cardCounts: number[] }).cardCounts = counts;
      const count = () => table.querySelectorAll('[data-card], [data-face-down]').length;
      counts.push(count());
      new MutationObserver(() => {
        const n = count();
        if (n !== counts.at(-1)) counts.push(n);
      }).observe(table, { childList: true, subtree: true });
    });
    return () => frame.locator('body').evaluate(() => (window as unknown as { cardCounts: number[] }).cardCounts);
  }

  test.describe(`tables (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    test('roulette: the ball lands in the pocket of the number the round names, and the message is in view at 375 px', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 667 });
      const frame = await openGame(page, 'roulette-european');
      await frame.locator('[data-bet="straight:17"]').click();
      await frame.locator('[data-bet="red"]').click();
      await expect(frame.locator('[data-testid="roulette-board"] [data-testid="table-chip"]')).toHaveCount(2);
      await frame.getByTestId('spin').click();
      await expect(frame.getByTestId('roulette-game')).toHaveAttribute('data-phase', 'spinning');
      // While the ball runs, the controls keep their width: none is cut off at either side of the frame.
      const frameWidth = await frame.locator('body').evaluate(() => document.documentElement.clientWidth);
      for (const name of ['roulette-clear', 'roulette-rebet', 'spin']) {
        const box = (await frame.getByTestId(name).boundingBox())!;
        expect(box.x, `${name} starts inside the frame`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} ends inside the frame`).toBeLessThanOrEqual(frameWidth);
      }
      const message = frame.getByTestId('winning-number');
      await expect(message).toBeVisible({ timeout: 15_000 });
      const wheel = frame.getByTestId('roulette-wheel');
      const landed = Number(await wheel.getAttribute('data-landed'));
      expect(await message.innerText()).toMatch(new RegExp(`^${landed}\\D`));

      // The pocket under the ball's centre is the round's number.
      const ball = await frame.getByTestId('roulette-ball').boundingBox();
      expect(ball).not.toBeNull();
      const pocket = await frame.locator('body').evaluate(
        (_, p) => {
          const hits = document.elementsFromPoint(p.x, p.y);
          return hits.map((el) => el.closest('[data-pocket]')?.getAttribute('data-pocket')).find((v) => v != null) ?? null;
        },
        { x: ball!.x + ball!.width / 2 - (await frameOffset(page)).x, y: ball!.y + ball!.height / 2 - (await frameOffset(page)).y },
      );
      expect(Number(pocket)).toBe(landed);

      // The message is on screen and nothing (the chip bar, the board) covers it.
      const box = (await message.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      const covered = await message.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !(top && (top === el || el.contains(top)));
      });
      expect(covered).toBe(false);

      // Repeat puts the same chips back; Clear takes them off.
      await frame.getByTestId('roulette-rebet').click();
      await expect(frame.locator('[data-testid="roulette-board"] [data-testid="table-chip"]')).toHaveCount(2);
      await frame.getByTestId('roulette-clear').click();
      await expect(frame.locator('[data-testid="roulette-board"] [data-testid="table-chip"]')).toHaveCount(0);
    });

    test('blackjack deals one card at a time; baccarat too, and keeps the last bet for Repeat', async ({ page }) => {
      const blackjack = await openGame(page, 'blackjack-classic');
      const bjCounts = await watchCards(blackjack, 'blackjack-game');
      await blackjack.getByTestId('deal').click();
      await expect(blackjack.locator('[data-testid="blackjack-game"] :is([data-card], [data-face-down])')).toHaveCount(4, { timeout: 10_000 });
      // Player, dealer, player, hole card: the table went through 1, 2 and 3 cards on the way.
      expect((await bjCounts()).slice(0, 5)).toEqual([0, 1, 2, 3, 4]);

      const baccarat = await openGame(page, 'baccarat-classic');
      const bacCounts = await watchCards(baccarat, 'baccarat-game');
      await baccarat.locator('[data-bet="banker"]').click();
      await baccarat.getByTestId('deal').click();
      await expect(baccarat.getByTestId('baccarat-game')).toHaveAttribute('data-phase', 'settled', { timeout: 10_000 });
      const seen = await bacCounts();
      expect(seen.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
      await baccarat.getByTestId('baccarat-rebet').click();
      await expect(baccarat.locator('[data-bet="banker"] [data-testid="table-chip"]')).toBeVisible();
    });

    test('roulette, blackjack and baccarat have the sound switch: off at first, on it plays synthesised sounds, and it stays on', async ({ page }) => {
      test.setTimeout(120_000);
      // Counts the sounds the games start (Web Audio sources), in every frame.
      await page.addInitScript(() => {
        const w = window as unknown as { sounds: number };
        w.sounds = 0;
        for (const method of ['createOscillator', 'createBufferSource'] as const) {
          const original = AudioContext.prototype[method] as (this: AudioContext) => AudioScheduledSourceNode;
          (AudioContext.prototype as unknown as Record<string, unknown>)[method] = function (this: AudioContext) {
            const node = original.call(this);
            const start = node.start.bind(node);
            node.start = (...args: Parameters<typeof node.start>) => {
              w.sounds += 1;
              start(...args);
            };
            return node;
          };
        }
      });
      const sounds = (frame: FrameLocator) => frame.locator('body').evaluate(() => (window as unknown as { sounds: number }).sounds);
      const games = [
        {
          code: 'roulette-european',
          bet: '[data-bet="red"]',
          play: 'spin',
          done: (f: FrameLocator) => expect(f.getByTestId('winning-number')).toBeVisible({ timeout: 15_000 }),
        },
        {
          code: 'blackjack-classic',
          bet: null,
          play: 'deal',
          done: (f: FrameLocator) => expect(f.locator('[data-testid="blackjack-game"] [data-card]').nth(2)).toBeVisible({ timeout: 10_000 }),
        },
        {
          code: 'baccarat-classic',
          bet: '[data-bet="banker"]',
          play: 'deal',
          done: (f: FrameLocator) => expect(f.getByTestId('baccarat-game')).toHaveAttribute('data-phase', 'settled', { timeout: 10_000 }),
        },
      ];
      for (const [i, game] of games.entries()) {
        let frame = await openGame(page, game.code);
        const toggle = frame.getByTestId('game-sound');
        await expect(toggle).toBeVisible();
        if (i === 0) {
          // Off by default: a round makes no sound.
          await expect(toggle).not.toBeChecked();
          if (game.bet) await frame.locator(game.bet).click();
          await frame.getByTestId(game.play).click();
          await game.done(frame);
          expect(await sounds(frame)).toBe(0);
          await toggle.check();
          // Kept on the device: after a reload, and in the other games below.
          frame = await openGame(page, game.code);
        }
        await expect(frame.getByTestId('game-sound')).toBeChecked();
        if (game.bet) await frame.locator(game.bet).click();
        await frame.getByTestId(game.play).click();
        await game.done(frame);
        await expect.poll(() => sounds(frame)).toBeGreaterThan(0);
      }
      // The switch on each table at a phone's and a laptop's width (test-results/table-sound/).
      mkdirSync('test-results/table-sound', { recursive: true });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        for (const game of games) {
          const frame = await openGame(page, game.code);
          await expect(frame.getByTestId('game-sound')).toBeVisible();
          await page.screenshot({ path: `test-results/table-sound/${game.code}-${lang}-${width}.png` });
        }
      }
      // And the slots' own switch reads the same choice.
      const slot = await openGame(page, 'slot-sakura-fortune');
      await expect(slot.getByTestId('slot-sound')).toBeChecked();
      await slot.getByTestId('slot-sound').uncheck();
      const roulette = await openGame(page, 'roulette-european');
      await expect(roulette.getByTestId('game-sound')).not.toBeChecked();
    });

    test('with reduced motion the results show at once', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const roulette = await openGame(page, 'roulette-european');
      await roulette.locator('[data-bet="even"]').click();
      const started = Date.now();
      await roulette.getByTestId('spin').click();
      await expect(roulette.getByTestId('winning-number')).toBeVisible({ timeout: 3_000 });
      // The wheel's run lasts over 4 s with motion; here only the round trip to the server.
      expect(Date.now() - started).toBeLessThan(3_000);

      const blackjack = await openGame(page, 'blackjack-classic');
      const counts = await watchCards(blackjack, 'blackjack-game');
      await blackjack.getByTestId('deal').click();
      await expect(blackjack.locator('[data-testid="blackjack-game"] :is([data-card], [data-face-down])')).not.toHaveCount(0);
      expect((await counts())[1]).toBeGreaterThanOrEqual(3); // the whole hand at once, not card by card
    });

    test('the paytable opens inside the frame with the declared RTP, traps the focus and closes with Escape', async ({ page }) => {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width < 700 ? 667 : 800 });
        const frame = await openGame(page, 'baccarat-classic');
        const opener = frame.getByTestId('paytable-open');
        await opener.click();
        const dialog = frame.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(frame.getByTestId('paytable-rtp')).toContainText('%');
        const box = (await dialog.boundingBox())!;
        const frameBox = (await page.getByTestId('game-frame').boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(frameBox.y);
        expect(box.y + box.height).toBeLessThanOrEqual(frameBox.y + frameBox.height + 1);
        for (let i = 0; i < 4; i++) {
          await page.keyboard.press('Tab');
          expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
        }
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
      }
    });

    test('signed in: no sideways scroll at 320, 360, 768, 1024 and 1280 px, the search at each, the bell from 360 px', async ({ page }) => {
      test.setTimeout(120_000); // five page loads on a busy machine
      await newSignedInPlayer(page, { language: lang });
      for (const width of [320, 360, 768, 1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(path('/'));
        await expect(page.getByTestId('header-balance')).toBeVisible();
        await expect(page.getByTestId('game-search-open')).toBeVisible();
        // The bell from 360 px; at 320 px the header has no room for it (toasts announce notifications).
        if (width >= 360) await expect(page.getByTestId('notification-bell')).toBeVisible();
        else await expect(page.getByTestId('notification-bell')).toBeHidden();
        // The level: the ring on the account menu button below 768 px, beside the balance from 768.
        await expect(page.getByTestId(width < 768 ? 'header-level-ring' : 'header-level')).toBeVisible();
        const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(scroll, `signed in at ${width} px: the page is ${scroll} px wide`).toBeLessThanOrEqual(client);
      }
    });
  });
}

/** Where the game frame's viewport starts in the page (bounding boxes are page coordinates). */
async function frameOffset(page: Page) {
  const box = await page.getByTestId('game-frame').boundingBox();
  // The iframe's content starts inside its 1 px border.
  return { x: box!.x + 1, y: box!.y + 1 };
}
