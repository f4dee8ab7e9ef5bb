import { localizePath } from '../../contracts/languages';
import AxeBuilder from '@axe-core/playwright';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { newSignedInPlayer, siteHeaders } from './support/players';
import { escapeRegExp } from './support/text';

/**
 * Offer emails (docs/decisions/0011) in both languages: turned on in the settings, an email sent with
 * an unsubscribe link in the player's language, and the link's page stopping them without signing in.
 */
type Dict = Record<string, string>;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Dict;

async function axeClean(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (selector ? builder.include(selector) : builder).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, blocking.join('\n')).toEqual([]);
}

for (const lang of ['ja', 'en'] as const) {
  const m = (key: string) => load(lang, 'marketing')[key]!;
  const path = (url: string) => localizePath(url, lang);

  test.describe(`offer emails (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    test('turned on in the settings, an email comes with a link that stops them without signing in', async ({ page, browser }) => {
      const player = await newSignedInPlayer(page, { language: lang });
      await page.goto(path('/settings'));
      const toggle = page.getByRole('checkbox', { name: m('optIn') });
      await expect(toggle).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { name: m('title') })).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await toggle.check();
      await expect(page.getByText(m('turnedOn'))).toBeVisible();
      await page.reload();
      await expect(page.getByRole('checkbox', { name: m('optIn') })).toBeChecked({ timeout: 20_000 });
      await axeClean(page, '[data-testid="offer-emails"]');

      // Today's sending, now (a development aid), then the link from the development outbox.
      const sent = await page.request.post('/api/dev/marketing/send', { headers: siteHeaders() });
      expect(sent.status(), await sent.text()).toBe(200);
      const outbox = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(player.email)}&channel=email`);
      const { messages } = (await outbox.json()) as { messages: Array<{ body: string }> };
      expect(messages).toHaveLength(1);
      const link = /https?:\/\/\S+\/unsubscribe\?token=[\w-]+/.exec(messages[0]!.body)?.[0];
      expect(new URL(link!).pathname).toBe(path('/unsubscribe'));

      // Opened where nobody is signed in.
      const context = await browser.newContext();
      const stranger = await context.newPage();
      try {
        await stranger.goto(link!);
        await expect(stranger.getByText(m('unsubscribeQuestion'))).toBeVisible({ timeout: 20_000 });
        await axeClean(stranger);
        await stranger.getByRole('button', { name: m('unsubscribeConfirm') }).click();
        await expect(stranger.getByTestId('unsubscribe-done')).toHaveText(new RegExp(escapeRegExp(m('unsubscribed'))));
        expect(new URL(stranger.url()).search).toBe('');
      } finally {
        await context.close();
      }
      await page.reload();
      await expect(page.getByRole('checkbox', { name: m('optIn') })).not.toBeChecked({ timeout: 20_000 });
    });

    test('a link with an unknown token says it is not valid', async ({ page }) => {
      await page.goto(path(`/unsubscribe?token=${'A'.repeat(43)}`));
      await page.getByRole('button', { name: m('unsubscribeConfirm') }).click();
      await expect(page.getByTestId('unsubscribe-invalid')).toContainText(load(lang, 'errors').INVALID_UNSUBSCRIBE_LINK!);
      await page.goto(path('/unsubscribe'));
      await expect(page.getByTestId('unsubscribe-invalid')).toBeVisible();
    });
  });
}
