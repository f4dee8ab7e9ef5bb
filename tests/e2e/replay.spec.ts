import { formatNumber, localizePath } from '../../contracts/languages';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { Card, VerifyRoundResponse } from '../../contracts/games';
import { expectAxeClean } from './support/axe';
import { API, newSignedInPlayer, siteHeaders } from './support/players';

/**
 * Every round replayable, in both languages: a player plays a slot, a roulette and a
 * blackjack round for real, opens the bet history, and each round's Replay shows the same symbols,
 * pocket and cards as the round the API recorded (GET /house/rounds/:id/verify), with the link to its
 * verification, in a labelled modal dialog that keeps the focus, closes with Escape and is axe clean.
 * With reduced motion the replay shows the result at once.
 */
type Dict = Record<string, unknown>;
const lookup = (dict: Dict, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict) as string;
/** Free spins and the reels' run take a while to show. */
const SLOT_ROUND_MS = 60_000;
const cardIds = (cards: Card[]) => cards.map((c) => `${c.rank}${c.suit}`);

for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => localizePath(p, lang);
  const g = (key: string) => lookup(JSON.parse(readFileSync(`locales/${lang}/games.json`, 'utf8')) as Dict, key);

  async function openGame(page: Page, gameCode: string): Promise<FrameLocator> {
    await page.goto(path(`/game-launch/${gameCode}`));
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await expect(frame.getByTestId('house-game')).toHaveAttribute('data-mode', 'real', { timeout: 20_000 });
    return frame;
  }

  async function storedRound(page: Page, roundId: string): Promise<VerifyRoundResponse> {
    const res = await page.request.get(`${API}/house/rounds/${roundId}/verify?languageCode=${lang}`, { headers: siteHeaders() });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as VerifyRoundResponse;
  }

  /** Opens the replay of the bet history row of this round; answers the dialog. */
  async function openReplay(page: Page, roundId: string): Promise<{ dialog: Locator; opener: Locator }> {
    const opener = page.locator(`[data-testid="bet-row"][data-round-id="${roundId}"]`).getByTestId('replay-open');
    await expect(opener).toHaveText(g('history.replay'));
    await opener.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-round-id', roundId);
    return { dialog, opener };
  }

  async function expectVerifyLink(dialog: Locator, roundId: string) {
    const link = dialog.getByTestId('replay-verify');
    await expect(link).toHaveText(g('history.verifyRound'));
    await expect(link).toHaveAttribute('href', `${path('/fairness/')}?round=${roundId}`);
  }

  async function closeWithEscape(page: Page, dialog: Locator, opener: Locator) {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }

  test.describe(`replay (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    test('a slot, a roulette and a blackjack round replay from bet history with the stored symbols, pocket and cards', async ({ page }, testInfo) => {
      test.setTimeout(300_000); // three real rounds, three replays and screenshots on a busy machine
      await newSignedInPlayer(page, { language: lang });

      // Three rounds played for real in the games' own clients.
      const slot = await openGame(page, 'slot-sakura-fortune');
      await slot.getByTestId('spin').click();
      await expect(slot.getByTestId('round-win')).toBeVisible({ timeout: SLOT_ROUND_MS });
      await expect(slot.getByTestId('spin')).toBeEnabled({ timeout: SLOT_ROUND_MS });

      const roulette = await openGame(page, 'roulette-european');
      await roulette.locator('[data-bet="red"]').click();
      await roulette.locator('[data-bet="straight:17"]').click();
      await roulette.getByTestId('spin').click();
      await expect(roulette.getByTestId('winning-number')).toBeVisible({ timeout: 20_000 });

      const blackjack = await openGame(page, 'blackjack-classic');
      await blackjack.getByTestId('deal').click();
      const game = blackjack.getByTestId('blackjack-game');
      await expect(game).toHaveAttribute('data-phase', /playing|settled/, { timeout: 20_000 });
      if ((await game.getAttribute('data-phase')) === 'playing') await blackjack.getByTestId('bj-stand').click();
      await expect(game).toHaveAttribute('data-phase', 'settled', { timeout: 20_000 });

      // The bet history lists them newest first: blackjack, roulette, slot.
      await page.goto(path('/bet-history'));
      const rows = page.getByTestId('bet-row');
      await expect(rows).toHaveCount(3);
      const [blackjackId, rouletteId, slotId] = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-round-id')!));

      // The slot: the reels stop on the stored grid (the last free spin's, if any), its lines drawn.
      const slotRound = await storedRound(page, slotId);
      expect(slotRound.outcome.kind).toBe('slot');
      {
        // Notes whether reels are ever seen running (the replay animates; it does not just print the result).
        await page.evaluate(() => {
          const w = window as unknown as { reelsRan: boolean };
          w.reelsRan = false;
          new MutationObserver(() => {
            if (document.querySelector('[data-testid="replay-dialog"] [data-spinning="yes"]')) w.reelsRan = true;
          }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-spinning'] });
        });
        const { dialog, opener } = await openReplay(page, slotId);
        await expect(dialog).toHaveAccessibleName(new RegExp(slotRound.gameTitle));
        await expect(dialog.getByTestId('replay-close')).toBeFocused();
        const show = dialog.getByTestId('replay-slot');
        await expect(show).toHaveAttribute('data-phase', 'done', { timeout: SLOT_ROUND_MS });
        expect(await page.evaluate(() => (window as unknown as { reelsRan: boolean }).reelsRan)).toBe(true);
        if (slotRound.outcome.kind !== 'slot') throw new Error('not a slot round');
        const last = slotRound.outcome.freeSpins.at(-1) ?? slotRound.outcome.base;
        const grid = await dialog
          .locator('[data-reel]')
          .evaluateAll((reels) => reels.map((reel) => [...reel.querySelectorAll('[data-symbol]')].map((c) => c.getAttribute('data-symbol'))));
        expect(grid).toEqual(last.grid);
        // Its winning lines are drawn (all together, or taking turns when there are several).
        if (last.lineWins.length === 0) await expect(dialog.locator('[data-testid="win-lines"]')).toHaveCount(0);
        else await expect(dialog.locator('[data-testid="win-lines"] g[data-line]').first()).toBeAttached();
        await expect(dialog.getByTestId('replay-result')).toContainText(
          slotRound.outcome.totalWin > 0 ? g('slot.win').replace('{{amount}}', formatNumber(slotRound.outcome.totalWin, lang)) : g('slot.noWin'),
        );
        await expectVerifyLink(dialog, slotId);
        // Tab stays inside the dialog.
        for (let i = 0; i < 5; i++) {
          await page.keyboard.press('Tab');
          expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
        }
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: width < 700 ? 667 : 800 });
          await page.screenshot({ path: testInfo.outputPath(`replay-slot-${lang}-${width}.png`) });
        }
        await closeWithEscape(page, dialog, opener);
      }

      // Roulette: the ball lands in the stored pocket.
      const rouletteRound = await storedRound(page, rouletteId);
      if (rouletteRound.outcome.kind !== 'roulette') throw new Error('not a roulette round');
      {
        await page.setViewportSize({ width: 375, height: 667 });
        const { dialog, opener } = await openReplay(page, rouletteId);
        const show = dialog.getByTestId('replay-roulette');
        await expect(show).toHaveAttribute('data-phase', 'spinning');
        await expect(show).toHaveAttribute('data-phase', 'settled', { timeout: 20_000 });
        await expect(dialog.getByTestId('roulette-wheel')).toHaveAttribute('data-landed', String(rouletteRound.outcome.number));
        await expect(dialog.getByTestId('replay-result')).toContainText(String(rouletteRound.outcome.number));
        await expectVerifyLink(dialog, rouletteId);
        await page.screenshot({ path: testInfo.outputPath(`replay-roulette-${lang}-375.png`) });
        await closeWithEscape(page, dialog, opener);
      }

      // Blackjack: the stored cards, dealt one at a time, and the dialog axe clean.
      const blackjackRound = await storedRound(page, blackjackId);
      if (blackjackRound.outcome.kind !== 'blackjack') throw new Error('not a blackjack round');
      {
        await page.setViewportSize({ width: 1280, height: 800 });
        const { dialog, opener } = await openReplay(page, blackjackId);
        const show = dialog.getByTestId('replay-blackjack');
        await expect(show).toHaveAttribute('data-phase', 'dealing');
        await expect(show).toHaveAttribute('data-phase', 'settled', { timeout: 20_000 });
        const shown = async (testId: string) =>
          dialog
            .getByTestId(testId)
            .locator('[data-card]')
            .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-card')));
        expect(await shown('replay-player')).toEqual(cardIds(blackjackRound.outcome.playerCards));
        expect(await shown('replay-dealer')).toEqual(cardIds(blackjackRound.outcome.dealerCards));
        await expect(dialog.getByTestId('replay-result')).toContainText(g(`blackjack.result.${blackjackRound.outcome.result}`));
        await expectVerifyLink(dialog, blackjackId);
        await expectAxeClean(page, `replay dialog (${lang})`);
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: width < 700 ? 667 : 800 });
          await page.screenshot({ path: testInfo.outputPath(`replay-blackjack-${lang}-${width}.png`) });
        }
        await closeWithEscape(page, dialog, opener);
      }

      // With reduced motion a replay shows the result at once: the whole hand, the ball in its pocket.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      {
        const { dialog, opener } = await openReplay(page, blackjackId);
        await expect(dialog.getByTestId('replay-blackjack')).toHaveAttribute('data-phase', 'settled', { timeout: 1_500 });
        expect(await dialog.getByTestId('replay-player').locator('[data-card]').count()).toBe(blackjackRound.outcome.playerCards.length);
        await closeWithEscape(page, dialog, opener);
      }
      {
        const { dialog, opener } = await openReplay(page, rouletteId);
        await expect(dialog.getByTestId('roulette-wheel')).toHaveAttribute('data-landed', String(rouletteRound.outcome.number), { timeout: 1_500 });
        await closeWithEscape(page, dialog, opener);
      }
    });
  });
}
