import { expect, test, type Page } from '@playwright/test';
import { newSignedInPlayer } from './support/players';
import { baseSpin, openSlot, playUpTo, withLines } from './support/slots';

/**
 * Every slot's motion (docs/decisions/0017-game-art-and-slot-motion.md): a spin stops its reels one by one from the left, a win draws its
 * line over the reels with the line's win, and with reduced motion the result shows at once. The
 * round wanted is found with the server's own engine from the session's seed pair (support/slots.ts
 * playUpTo) and played for real; nothing is faked. Demo play where the slot has it, else a player.
 */
const SLOTS = [
  'slot-sakura-fortune',
  'slot-dragon-pearl',
  'slot-neon-sevens',
  'slot-golden-koi',
  'slot-ninja-gold',
  'slot-samurai-spirit',
  'slot-lucky-cat',
  'slot-fuji-treasure',
  'slot-ocean-gems',
  'slot-fruit-fiesta',
  'slot-space-jackpot',
  'slot-pharaoh-secrets',
  'slot-viking-raid',
  'slot-candy-rush',
  'slot-wild-west',
  'slot-jungle-king',
  'slot-crystal-moon',
  'slot-zodiac-gems',
  'slot-tanuki-bonanza',
  'slot-firework-festival',
  'slot-tea-garden',
  'slot-robot-factory',
];
/** Slots without a demo (catalogue isDemoAvailable false): played by a signed-in player. */
const COINS_ONLY = new Set(['slot-space-jackpot', 'slot-tanuki-bonanza']);

/**
 * Watches the reels inside the game's frame: for each reel, when it was first seen running and when
 * it was first seen stopped after that (ms, page clock); the returned function reads it.
 */
async function watchReels(page: Page) {
  const frame = page.frames().find((f) => f.url().includes('/house/play'))!;
  await frame.evaluate(() => {
    const w = window as unknown as { reelWatch: { started: Record<number, number>; stopped: Record<number, number> } };
    w.reelWatch = { started: {}, stopped: {} };
    // Read at each change of the page (a stopping reel is a commit of its own), not on a timer
    // that a busy machine may starve.
    const look = () => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-reel]')) {
        const reel = Number(el.dataset.reel);
        if (el.dataset.spinning === 'yes') w.reelWatch.started[reel] ??= performance.now();
        else if (w.reelWatch.started[reel] !== undefined) w.reelWatch.stopped[reel] ??= performance.now();
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-spinning'] });
  });
  return () => frame.evaluate(() => (window as unknown as { reelWatch: { started: Record<number, number>; stopped: Record<number, number> } }).reelWatch);
}

for (const code of SLOTS) {
  test(`${code}: a spin stops reel by reel, and its win draws its line with the line's win`, async ({ page }) => {
    test.slow();
    if (COINS_ONLY.has(code)) await newSignedInPlayer(page);
    const slot = await openSlot(page, `/en/game-launch/${code}`);
    const { frame, definition } = slot;
    const round = await playUpTo(page, slot, withLines(1));
    const spin = baseSpin(round);
    const read = await watchReels(page);
    await frame.getByTestId('spin').click();
    await expect(frame.getByTestId('round-win')).toBeVisible({ timeout: 20_000 });

    const { started, stopped } = await read();
    const reels = definition.reels.length;
    expect(Object.keys(started), 'every reel ran').toHaveLength(reels);
    expect(Object.keys(stopped), 'every reel stopped').toHaveLength(reels);
    // Left to right, each after the one before; all in all a visible while (TIMING.nextStop is 260 ms
    // between two stops; a busy machine may paint one stop late, so the gaps are not checked one by one).
    for (let reel = 1; reel < reels; reel++) {
      expect(stopped[reel], `reel ${reel} stops after reel ${reel - 1}`).toBeGreaterThan(stopped[reel - 1]);
    }
    expect(stopped[reels - 1] - stopped[0], 'from the first stop to the last').toBeGreaterThan((reels - 1) * 150);

    // The reels show the round's grid, and its first winning line is drawn with its win.
    for (const [reel, column] of spin.grid.entries()) {
      for (const [row, id] of column.entries()) {
        await expect(frame.locator(`[data-reel="${reel}"] > [data-symbol]`).nth(row)).toHaveAttribute('data-symbol', id);
      }
    }
    // The lines show all at once, then take turns (1.3 s each): on a busy machine the first line's
    // next turn may be a whole turn of the lines away.
    const first = spin.lineWins[0];
    const turn = { timeout: 10_000 + spin.lineWins.length * 1_300 };
    await expect(frame.getByTestId('win-lines').locator(`g[data-line="${first.line}"]`)).toHaveCount(1, turn);
    await expect(frame.getByTestId('line-amounts').locator(`[data-line="${first.line}"]`)).toHaveText(first.win.toLocaleString('en-US'), turn);
    // The winning symbols are the slot's own drawings.
    await expect(frame.locator('[data-lit="yes"] img').first()).toHaveAttribute('src', new RegExp(`/games/symbols/${code}/`));
  });
}

test('with reduced motion a spin shows its result at once: no running reels, no count-up', async ({ page }) => {
  test.slow();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const slot = await openSlot(page, '/en/game-launch/slot-lucky-cat');
  const { frame, definition } = slot;
  const bet = definition.betLevels[0];
  const round = await playUpTo(page, slot, (r) => r.win >= 10 * bet && r.outcome.kind === 'slot' && r.outcome.freeSpins.length === 0);
  const read = await watchReels(page);
  await frame.getByTestId('spin').click();
  // The celebration shows the whole win from the start (no count-up).
  await expect(frame.getByTestId('big-win-amount')).toHaveText(round.win.toLocaleString('en-US'), { timeout: 10_000 });
  await expect(frame.getByTestId('round-win')).toBeVisible();
  const { started } = await read();
  expect(Object.keys(started), 'no reel ran').toHaveLength(0);
  for (const [reel, column] of baseSpin(round).grid.entries()) {
    await expect(frame.locator(`[data-reel="${reel}"] > [data-symbol]`).first()).toHaveAttribute('data-symbol', column[0]);
  }
});
