import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { BALANCE_CACHE_MS } from '../../contracts/constants';
import { localizePath } from '../../contracts/languages';
import { API, newSignedInPlayer, siteHeaders } from './support/players';

/**
 * The header's balance and bonus status refetch when the window gets focus back (another
 * application, another browser window), not only on a tab's visibility change; a focus within
 * BALANCE_CACHE_MS of the last answer asks nothing. Against the real server: the coins move behind
 * the page's back (a daily bonus claimed by another client of the same player).
 */
for (const lang of ['ja', 'en'] as const) {
  test(`the balance refetches when the window gets focus back, at most once per ${BALANCE_CACHE_MS} ms (${lang})`, async ({ page }) => {
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    await newSignedInPlayer(page, { language: lang });
    const asked: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `${API}/balance`) asked.push(Date.now());
    });
    await page.goto(localizePath('/', lang));
    const balance = page.getByTestId('balance');
    await expect(balance).toHaveAttribute('data-target', /^\d+$/);
    const before = Number(await balance.getAttribute('data-target'));
    await expect.poll(() => asked.length).toBeGreaterThan(0);

    // Another client of the player claims the daily bonus: the page does not know.
    const claim = await page.request.post(`${API}/claimDailyBonus`, { headers: siteHeaders(), data: {} });
    expect(claim.status()).toBe(200);
    const { bonus } = (await claim.json()) as { bonus: number };
    expect(bonus).toBeGreaterThan(0);

    // Focus back after the cache window: one request, and the header shows the new amount.
    await page.waitForTimeout(BALANCE_CACHE_MS + 100);
    const seen = asked.length;
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => asked.length).toBe(seen + 1);
    await expect(balance).toHaveAttribute('data-target', String(before + bonus));

    // Focus again at once: the answer just shown stands, nothing is asked.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.waitForTimeout(300);
    expect(asked.length).toBe(seen + 1);
  });
}
