import { expect, test } from '@playwright/test';

test('home renders in Japanese at the root and English under /en/', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/コインカジノ/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await page.goto('/en/');
  await expect(page).toHaveTitle(/Coin Casino/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
