import { formatNumber, localizePath } from '../../contracts/languages';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAxeClean } from './support/axe';
import { newSignedInPlayer } from './support/players';
import { baseSpin, openSlot, playUpTo, withLines } from './support/slots';

/**
 * Slots: symbols are the slot's own SVG art (no emoji or letters that need a system font), Skip shows a round's result at once, a win draws its paylines (in turn, or all at once with reduced motion), a big win is celebrated, and the fairness page draws rounds with the game's symbols. Wins are reached for real: the rounds before them are computed from the session's seeds and played (support/slots.ts).
 */
type Dict = Record<string, unknown>;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Dict;
const lookup = (dict: Dict, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict) as string;
// Emoji and pictographs (the glyphs the slots used to draw).
const EMOJI = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}]/u;

for (const lang of ['ja', 'en'] as const) {
  const path = (p: string) => localizePath(p, lang);
  const g = (key: string) => lookup(load(lang, 'games'), key);

  test.describe(`slots (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    test("slot symbols are the slot's own SVG art named in the page language, and Skip shows the result at once", async ({ page }) => {
      test.slow();
      await page.goto(path('/game-launch/slot-dragon-pearl'));
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await expect(frame.getByTestId('house-game')).toBeVisible({ timeout: 20_000 });
      const reels = frame.getByTestId('slot-reels');
      const cells = reels.locator('[data-symbol]');
      await expect(cells.first()).toBeVisible();
      const count = await cells.count();
      // The slot's own drawings (public/games/symbols), not emoji or letters of a system font.
      expect(await reels.locator('[data-symbol] img[src^="/games/symbols/slot-dragon-pearl/"]').count()).toBe(count);
      expect(await reels.innerText()).not.toMatch(EMOJI);
      const label = (await reels.getAttribute('aria-label'))!;
      expect(label).not.toMatch(EMOJI);
      const names = Object.values(lookup(load(lang, 'games'), 'slotArt.slot-dragon-pearl') as unknown as Record<string, string>);
      expect(names.some((name) => label.includes(name))).toBe(true);

      // Counts reels seen spinning (data-spinning) in the game's frame.
      const game = page.frames().find((f) => f.url().includes('/house/play'))!;
      await game.evaluate(() => {
        const w = window as unknown as { spinsSeen: number };
        w.spinsSeen = 0;
        new MutationObserver((records) => {
          for (const r of records) if ((r.target as Element).getAttribute('data-spinning') === 'yes') w.spinsSeen++;
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-spinning'] });
      });
      // A normal spin: the reels run before they stop.
      await frame.getByTestId('spin').click();
      await expect(frame.getByTestId('round-win')).toBeVisible({ timeout: 60_000 });
      expect(await game.evaluate(() => (window as unknown as { spinsSeen: number }).spinsSeen)).toBeGreaterThan(0);
      await expect(frame.getByTestId('spin')).toBeEnabled({ timeout: 60_000 });
      await game.evaluate(() => ((window as unknown as { spinsSeen: number }).spinsSeen = 0));
      // Skipped while the round is on its way (the answer held back a moment so Skip is surely
      // pressed first): the result shows without the reels (or any free spins) playing out.
      await page.route('**/api/house/play', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await frame.getByTestId('spin').click();
      await frame.getByTestId('slot-skip').click();
      await expect(frame.getByTestId('round-win')).toBeVisible({ timeout: 5_000 });
      expect(await game.evaluate(() => (window as unknown as { spinsSeen: number }).spinsSeen)).toBe(0);
      await expect(frame.getByTestId('spin')).toBeEnabled();
      await expect(frame.getByTestId('slot-turbo')).toBeVisible();
      await expect(frame.getByTestId('slot-sound')).not.toBeChecked(); // sound is off until asked for
      expect(g('slot.skip')).toBeTruthy();
    });

    test('with prefers-reduced-motion the reels show the result without running', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path('/game-launch/slot-dragon-pearl'));
      const frame = page.frameLocator('[data-testid="game-frame"]');
      await expect(frame.getByTestId('house-game')).toBeVisible({ timeout: 20_000 });
      const game = page.frames().find((f) => f.url().includes('/house/play'))!;
      await game.evaluate(() => {
        const w = window as unknown as { spinsSeen: number };
        w.spinsSeen = 0;
        new MutationObserver((records) => {
          for (const r of records) if ((r.target as Element).getAttribute('data-spinning') === 'yes') w.spinsSeen++;
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-spinning'] });
      });
      await frame.getByTestId('spin').click();
      await expect(frame.getByTestId('round-win')).toBeVisible({ timeout: 60_000 });
      expect(await game.evaluate(() => (window as unknown as { spinsSeen: number }).spinsSeen)).toBe(0);
    });

    test('a win draws its paylines over the reels through the winning symbols, all at once, then one at a time', async ({ page }) => {
      test.slow();
      const slot = await openSlot(page, path('/game-launch/slot-dragon-pearl'));
      const { frame } = slot;
      const round = await playUpTo(page, slot, withLines(2));
      const wins = baseSpin(round).lineWins;
      const cellsOf = (win: (typeof wins)[number]) => Array.from({ length: win.count }, (_, reel) => `${reel}:${slot.definition.paylines[win.line][reel]}`);
      /** The lines drawn and the symbols lit, read in one go (the lines take turns every 1.3 s). */
      const drawn = () =>
        frame.getByTestId('slot-reels').evaluate((reels) => ({
          lines: [...reels.querySelectorAll('[data-testid=win-lines] g[data-line]')].map((g) => Number(g.getAttribute('data-line'))).sort(),
          lit: [...reels.querySelectorAll<HTMLElement>('[data-lit=yes]')]
            .map((c) => `${c.parentElement!.dataset.reel}:${[...c.parentElement!.children].indexOf(c)}`)
            .sort(),
        }));

      await frame.getByTestId('spin').click();
      await expect(frame.getByTestId('round-win')).toHaveText(g('slot.win').replace('{{amount}}', formatNumber(round.win, lang)));
      // First every winning line, with every winning symbol lit (again after each has had its turn)...
      await expect(async () => {
        expect(await drawn()).toEqual({ lines: wins.map((w) => w.line).sort(), lit: [...new Set(wins.flatMap(cellsOf))].sort() });
        // A whole turn of the lines (1.3 s each) may come first: with 8 winning lines that is over 10 s.
        // Polled every 100 ms: toPass's default backs off to 1 s a try, which can step over the moment
        // all lines show together on a loaded machine.
      }).toPass({ timeout: 10_000 + wins.length * 1_300, intervals: [100] });
      await expect(frame.getByTestId('line-wins').locator('li')).toHaveCount(wins.length);
      // ...then each line in turn, lighting only its own symbols; the line runs through their centres.
      // The shown line, its lit symbols and its points are read in one go: the lines take turns.
      const turn = () =>
        frame.getByTestId('slot-reels').evaluate((reels, paylines: number[][]) => {
          const groups = reels.querySelectorAll<SVGGElement>('[data-testid=win-lines] g[data-line]');
          if (groups.length !== 1) return null;
          const line = Number(groups[0].getAttribute('data-line'));
          const polyline = groups[0].querySelector<SVGPolylineElement>('polyline:last-child')!;
          const toScreen = polyline.getScreenCTM()!;
          const misses = [...polyline.points].map((point, reel) => {
            const at = new DOMPoint(point.x, point.y).matrixTransform(toScreen);
            const cell = reels.querySelector(`[data-reel="${reel}"]`)!.children[paylines[line][reel]].getBoundingClientRect();
            return Math.hypot(at.x - (cell.left + cell.width / 2), at.y - (cell.top + cell.height / 2));
          });
          const lit = [...reels.querySelectorAll<HTMLElement>('[data-lit=yes]')]
            .map((c) => `${c.parentElement!.dataset.reel}:${[...c.parentElement!.children].indexOf(c)}`)
            .sort();
          return { line, misses, lit };
        }, slot.definition.paylines);
      let shown: NonNullable<Awaited<ReturnType<typeof turn>>> | null = null;
      await expect(async () => {
        shown = await turn();
        expect(shown, 'one line on show').not.toBeNull();
      }).toPass({ timeout: 5_000 });
      const { line, misses, lit } = shown!;
      expect(lit).toEqual(cellsOf(wins.find((w) => w.line === line)!).sort());
      // Within a tenth of a cell: the winning symbols bounce (scale) while the line is measured.
      for (const miss of misses) expect(miss, 'distance of the line from a cell centre').toBeLessThan(6);
      await frame.getByTestId('fairness-toggle').click();
      await expectAxeClean(page, 'a slot win with its lines and the fairness panel open');
    });

    test('a big win is celebrated over the game, the round played for real up to it', async ({ page }) => {
      test.slow();
      const slot = await openSlot(page, path('/game-launch/slot-sakura-fortune'));
      const { frame } = slot;
      const bet = slot.definition.betLevels[0];
      // A big win pays at least 10 times the bet, a mega win 50 times (src/stores/slotRound.ts).
      const round = await playUpTo(page, slot, (r) => r.win >= 10 * bet);
      await expect(frame.getByTestId('big-win')).toHaveCount(0);
      await frame.getByTestId('spin').click();
      // Skip plays out any free spins at once; the celebration follows the round.
      await frame
        .getByTestId('slot-skip')
        .click({ timeout: 2_000 })
        .catch(() => {});
      const celebration = frame.getByTestId('big-win');
      await expect(celebration).toBeVisible({ timeout: 30_000 });
      await expect(celebration).toContainText(g(round.win >= 50 * bet ? 'slot.megaWinTitle' : 'slot.bigWinTitle'));
      await expect(celebration).toContainText(formatNumber(round.win, lang));
      await expect(frame.getByTestId('round-win')).toBeVisible();
      // It fades by itself and never blocks the game.
      await expect(celebration).toHaveCount(0, { timeout: 5_000 });
      await expect(frame.getByTestId('spin')).toBeEnabled();
    });

    test('the fairness page draws a slot round as the game did: SVG symbols named in the page language, its winning lines, no symbol ids', async ({ page }) => {
      test.slow();
      await newSignedInPlayer(page, { language: lang });
      const slot = await openSlot(page, path('/game-launch/slot-dragon-pearl'));
      const { frame } = slot;
      const spin = baseSpin(await playUpTo(page, slot, withLines(1)));
      await frame.getByTestId('spin').click();
      await expect(frame.getByTestId('round-win')).toBeVisible();
      await frame.getByTestId('fairness-toggle').click();
      await frame.getByTestId('rotate-seed').click();
      await expect(frame.getByTestId('revealed-seed')).toBeVisible();
      await page.goto((await frame.getByTestId('recent-rounds').getByRole('link').first().getAttribute('href'))!);
      await expect(page.getByTestId('outcome-verdict')).toHaveAttribute('data-ok', 'true');

      // The slot's own drawings and names (docs/decisions/0017-game-art-and-slot-motion.md): data-shape is the symbol drawn.
      const names = lookup(load(lang, 'games'), 'slotArt.slot-dragon-pearl') as unknown as Record<string, string>;
      for (const testId of ['recorded-outcome', 'recomputed-outcome']) {
        const shown = page.getByTestId(testId);
        const reels = shown.getByTestId('slot-reels').first();
        await expect(reels.locator('[data-symbol] img[data-shape]')).toHaveCount(slot.definition.reels.length * slot.definition.rows);
        // The grid is one image named by its symbols, in the page's language, in the order drawn.
        const shapes = await reels.locator('img[data-shape]').evaluateAll((imgs) => imgs.map((s) => s.getAttribute('data-shape')!));
        await expect(reels).toHaveAttribute('aria-label', new RegExp(shapes.map((shape) => names[shape]).join('.*')));
        await expect(reels.getByTestId('win-lines').locator('g[data-line]')).toHaveCount(spin.lineWins.length);
        expect(await shown.innerText()).not.toMatch(/\b(?:H[1-4]|L[1-5]|W|S)\b/);
      }
      await expectAxeClean(page, 'fairness page with a slot round');
    });

    test('with reduced motion every winning line stays drawn (no turns)', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const slot = await openSlot(page, path('/game-launch/slot-dragon-pearl'));
      const { frame } = slot;
      const { lineWins } = baseSpin(await playUpTo(page, slot, withLines(2)));
      const lines = frame.getByTestId('win-lines').locator('g[data-line]');
      await frame.getByTestId('spin').click();
      await expect(frame.getByTestId('round-win')).toBeVisible();
      await expect(lines).toHaveCount(lineWins.length);
      await page.waitForTimeout(3_000);
      await expect(lines).toHaveCount(lineWins.length);
    });
  });
}
