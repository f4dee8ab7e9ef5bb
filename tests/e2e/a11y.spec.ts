import { expectAxeClean } from './support/axe';
import { expect, test } from '@playwright/test';
import { LANGS, ROUTES, localized } from './support/site-routes';
import { newSignedInPlayer } from './support/players';

/** axe on every page in both languages: no serious or critical violation. */
const pages = [...ROUTES.map((r) => ({ path: r.path, signedIn: r.signedIn })), { path: '/no-such-page', signedIn: false }];

for (const lang of LANGS) {
  for (const { path, signedIn } of pages) {
    test(`axe: ${localized(path, lang)} has no serious or critical violation${signedIn ? ' (signed in, its data loaded)' : ''}`, async ({ page }) => {
      // Pages for players are checked as a player sees them: JavaScript running, the data loaded.
      if (signedIn) await newSignedInPlayer(page, { language: lang });
      await page.goto(localized(path, lang));
      await page.waitForLoadState('networkidle');
      if (signedIn) await expect(page.getByTestId('header-balance')).toBeVisible();
      await expectAxeClean(page);
    });
  }

  test(`axe: the popup overlay (${lang}) has no serious or critical violation`, async ({ page }) => {
    await page.goto(localized('/?popup=login', lang));
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAxeClean(page);
  });
}

// At phone width the bottom tab bar and the short logo show instead of the desktop tabs.
for (const lang of LANGS) {
  for (const path of ['/', '/about', '/app-contact-us']) {
    test(`axe at 375 px: ${localized(path, lang)} has no serious or critical violation`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(localized(path, lang));
      await page.waitForLoadState('networkidle');
      await expectAxeClean(page);
    });
  }
}
