import { languageInfo, localizePath } from '../../contracts/languages';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { latestSmsCode, newSignedInPlayer, uniquePhoneNumber } from './support/players';
import { escapeRegExp } from './support/text';

/**
 * Phone verification journeys in both languages, each with its own new player: the
 * unclosable verification popup holds a new player until the SMS code (read from the dev outbox) is
 * entered; change-number and resend with the 30 s countdown; change and reset the number in settings.
 */
type Dict = Record<string, unknown>;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Dict;
const lookup = (dict: Dict, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict) as string;
const fill = (text: string, vars: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));

for (const lang of ['ja', 'en'] as const) {
  const phone = (key: string, vars: Record<string, string | number> = {}) => fill(lookup(load(lang, 'phone'), key), vars);
  const common = (key: string) => lookup(load(lang, 'common'), key);
  const error = (code: string) => lookup(load(lang, 'errors'), code);
  const path = (p: string) => localizePath(p, lang);
  /** The countdown text with any number of seconds. */
  const resendIn = new RegExp(escapeRegExp(phone('verify.resendIn', { seconds: '@' })).replace('@', '(\\d+)'));

  test.describe(`phone verification (${lang})`, () => {
    test.beforeEach(async ({ page }) => {
      // Each test is its own client for the per-IP rate limits (the server trusts the proxy header).
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    const dialog = (page: Page) => page.getByRole('dialog');
    const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
    const expectAxeClean = async (page: Page) => {
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
      expect(blocking, blocking.join('\n')).toEqual([]);
    };
    const sendCodeTo = async (page: Page, number: string) => {
      await dialog(page).getByLabel(phone('fields.phone'), { exact: true }).fill(number);
      await dialog(page)
        .getByRole('button', { name: phone('verify.sendCode') })
        .click();
      await expect(dialog(page).getByText(phone('verify.codeIntro', { phone: number }))).toBeVisible();
    };
    const enterCode = async (page: Page, code: string) => {
      await dialog(page).getByLabel(phone('fields.code'), { exact: true }).fill(code);
      await dialog(page)
        .getByRole('button', { name: phone('verify.submit'), exact: true })
        .click();
    };

    test('holds a new player in the unclosable popup until the SMS code verifies the number', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang, verifyPhone: false });
      await page.goto(path('/'));
      await expect(dialog(page)).toHaveAttribute('data-popup', 'phone-number');
      await expect(page).toHaveURL(/popup=phone-number/);
      await expect(dialog(page).getByRole('heading', { name: phone('verify.title') })).toBeVisible();
      // Unclosable: no close button, Escape and a click on the overlay leave it open.
      await expect(dialog(page).getByRole('button', { name: common('popup.close') })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await page.getByTestId('popup-overlay').click({ position: { x: 5, y: 5 } });
      await expect(dialog(page)).toHaveAttribute('data-popup', 'phone-number');
      await expect(dialog(page).getByText(phone('fields.phoneHint'))).toBeVisible();
      await expectAxeClean(page);

      // Step 1: a number without the plus sign is refused with the spec's message.
      await dialog(page).getByLabel(phone('fields.phone'), { exact: true }).fill('09012345678');
      await dialog(page)
        .getByRole('button', { name: phone('verify.sendCode') })
        .click();
      await expect(dialog(page).getByText(phone('validation.phoneInvalid'))).toBeVisible();

      const number = uniquePhoneNumber();
      await sendCodeTo(page, number);
      const code = await latestSmsCode(page.request, number);
      await expectAxeClean(page);

      // Step 2: a wrong code shows the catalogue message in the red box.
      await enterCode(page, String((Number(code) + 1) % 1e6).padStart(6, '0'));
      await expect(dialog(page).getByTestId('form-error')).toHaveText(error('INVALID_ONE_TIME_PASSWORD'));
      // Still held after a reload: the number is on file, unverified, so the popup opens at the code step.
      await page.reload();
      await expect(dialog(page).getByText(phone('verify.codeIntro', { phone: number }))).toBeVisible();

      await enterCode(page, code);
      await expect(toast(page, phone('verify.verified'))).toBeVisible();
      await expect(dialog(page)).toBeHidden();
      await expect(page).not.toHaveURL(/popup=/);
      await page.reload();
      await expect(page.getByTestId('account-menu-button')).toBeVisible();
      await expect(dialog(page)).toBeHidden();
    });

    test('change-number link, resend after the 30 second countdown, language switcher, delete account from the menu', async ({ page }) => {
      test.setTimeout(120_000);
      await newSignedInPlayer(page, { language: lang, verifyPhone: false });
      await page.goto(path('/'));
      await expect(dialog(page)).toHaveAttribute('data-popup', 'phone-number');

      const number = uniquePhoneNumber();
      await sendCodeTo(page, number);
      const resend = dialog(page).getByTestId('resend-code');
      await expect(resend).toBeDisabled();
      const started = Number((await resend.textContent())!.match(resendIn)![1]);
      expect(started).toBeGreaterThan(20);
      expect(started).toBeLessThanOrEqual(30);
      await expect.poll(async () => Number((await resend.textContent())?.match(resendIn)?.[1] ?? 0), { timeout: 5_000 }).toBeLessThan(started);

      // The change-number link goes back to step 1 with the number; another number must wait for the
      // countdown (the server refuses it too), the same number goes back to its code without a new SMS.
      await dialog(page)
        .getByRole('button', { name: phone('verify.changeNumber') })
        .click();
      const field = dialog(page).getByLabel(phone('fields.phone'), { exact: true });
      await expect(field).toHaveValue(number);
      await expect(dialog(page).getByTestId('send-wait')).toBeVisible();
      await field.fill(uniquePhoneNumber());
      await dialog(page)
        .getByRole('button', { name: phone('verify.sendCode') })
        .click();
      await expect(dialog(page).getByTestId('form-error')).toHaveText(
        new RegExp(escapeRegExp(phone('verify.waitToSend', { seconds: '@' })).replace('@', '\\d+')),
      );
      await sendCodeTo(page, number);
      const outbox = async () =>
        ((await (await page.request.get(`/api/dev/outbox?channel=sms&to=${encodeURIComponent(number)}`)).json()) as { messages: unknown[] }).messages.length;
      expect(await outbox()).toBe(1);

      // The language switcher keeps the popup at the code step, in the other language.
      const other = lang === 'ja' ? 'en' : 'ja';
      await dialog(page)
        .getByTestId('phone-language-switcher')
        .getByRole('button', { name: languageInfo(other).name })
        .click();
      await expect(page.locator('html')).toHaveAttribute('lang', other);
      await expect(dialog(page)).toHaveAttribute('data-popup', 'phone-number');
      await expect(dialog(page).getByTestId('phone-code-form')).toContainText(number);
      await dialog(page)
        .getByTestId('phone-language-switcher')
        .getByRole('button', { name: languageInfo(lang).name })
        .click();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(dialog(page).getByText(phone('verify.codeIntro', { phone: number }))).toBeVisible();

      // The header menu: delete account takes the popup's place; closing it brings the popup back.
      await dialog(page)
        .getByRole('button', { name: phone('verify.menu') })
        .click();
      await dialog(page)
        .getByRole('button', { name: phone('verify.deleteAccount') })
        .click();
      await expect(dialog(page)).toHaveAttribute('data-popup', 'delete-account');
      await dialog(page)
        .getByRole('button', { name: common('popup.close') })
        .click();
      await expect(dialog(page)).toHaveAttribute('data-popup', 'phone-number');

      // After 30 seconds the resend link works; the new code verifies.
      await expect(resend).toBeEnabled({ timeout: 35_000 });
      await expect(resend).toHaveText(phone('verify.resend'));
      await resend.click();
      await expect(dialog(page).getByText(phone('verify.resent', { phone: number }))).toBeVisible();
      await expect(resend).toBeDisabled();
      expect(await outbox()).toBe(2);
      await enterCode(page, await latestSmsCode(page.request, number));
      await expect(toast(page, phone('verify.verified'))).toBeVisible();
      await expect(dialog(page)).toBeHidden();
    });

    test('logs out from the popup menu', async ({ page }) => {
      await newSignedInPlayer(page, { language: lang, verifyPhone: false });
      await page.goto(path('/'));
      await expect(dialog(page)).toHaveAttribute('data-popup', 'phone-number');
      await dialog(page)
        .getByRole('button', { name: phone('verify.menu') })
        .click();
      await dialog(page)
        .getByRole('button', { name: phone('verify.logout') })
        .click();
      await expect(page.getByRole('link', { name: common('header.signIn'), exact: true })).toBeVisible();
      await expect(dialog(page)).toBeHidden();
    });

    test('changes the number in settings, then resets it so the verification popup asks again', async ({ page }) => {
      const player = await newSignedInPlayer(page, { language: lang });
      await page.goto(path('/settings'));
      const section = page.getByTestId('phone-settings');
      await expect(section.getByText(phone('settings.verified'))).toBeVisible();
      await expect(dialog(page)).toBeHidden();

      await section.getByRole('button', { name: phone('settings.change') }).click();
      await expect(dialog(page)).toHaveAttribute('data-popup', 'set-phone-number');
      await expectAxeClean(page);
      const next = uniquePhoneNumber();
      await dialog(page).getByLabel(phone('fields.password'), { exact: true }).fill(`${player.password}-wrong`);
      await dialog(page).getByLabel(phone('fields.newPhone'), { exact: true }).fill(next);
      await dialog(page)
        .getByRole('button', { name: phone('change.sendCode') })
        .click();
      await expect(dialog(page).getByTestId('form-error')).toHaveText(error('INVALID_CURRENT_PASSWORD'));
      await dialog(page).getByLabel(phone('fields.password'), { exact: true }).fill(player.password);
      await dialog(page)
        .getByRole('button', { name: phone('change.sendCode') })
        .click();
      await expect(dialog(page).getByText(phone('change.codeIntro', { phone: next }))).toBeVisible();
      await expect(dialog(page).getByTestId('resend-code')).toHaveText(resendIn);
      await dialog(page)
        .getByLabel(phone('fields.code'), { exact: true })
        .fill(await latestSmsCode(page.request, next));
      await dialog(page)
        .getByRole('button', { name: phone('change.submit'), exact: true })
        .click();
      await expect(toast(page, phone('change.changed', { phone: next }))).toBeVisible();
      await expect(dialog(page)).toBeHidden();
      await expect(section.getByTestId('phone-on-file')).toContainText(next);

      await section.getByRole('button', { name: phone('settings.reset') }).click();
      await expect(dialog(page).getByText(phone('change.resetIntro', { phone: next }))).toBeVisible();
      await dialog(page).getByLabel(phone('fields.password'), { exact: true }).fill(player.password);
      await dialog(page)
        .getByRole('button', { name: phone('change.resetSubmit') })
        .click();
      await expect(toast(page, phone('change.resetDone'))).toBeVisible();
      // No number any more: the unclosable verification popup takes over, at step 1.
      await expect(dialog(page)).toHaveAttribute('data-popup', 'phone-number');
      await expect(dialog(page).getByLabel(phone('fields.phone'), { exact: true })).toBeVisible();
    });
  });
}
