import { localizePath } from '../../contracts/languages';
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean } from './support/axe';
import { newSignedInPlayer, uniqueDisplayName, verifyPhoneViaApi, type E2EPlayer, siteHeaders } from './support/players';
import { escapeRegExp } from './support/text';

/**
 * Account journeys in both languages, each with its own new player: sign-up through the
 * captcha, sign out and in, the wrong-password error, forgot and reset password, change password,
 * delete account, the login-required settings page and the 401 hook.
 */
type Dict = Record<string, unknown>;
const load = (lang: string, ns: string) => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Dict;
const lookup = (dict: Dict, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], dict) as string;
const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k]);

for (const lang of ['ja', 'en'] as const) {
  const auth = (key: string, vars: Record<string, string> = {}) => fill(lookup(load(lang, 'auth'), key), vars);
  const common = (key: string) => lookup(load(lang, 'common'), key);
  const error = (code: string) => lookup(load(lang, 'errors'), code);
  const home = localizePath('/', lang);
  const path = (p: string) => localizePath(p, lang);

  test.describe(`accounts (${lang})`, () => {
    // Whole journeys with several argon2id sign-ins each: room for a busy two-core machine.
    test.describe.configure({ timeout: 90_000 });

    test.beforeEach(async ({ page }) => {
      // Each test is its own client for the per-IP rate limits (the server trusts the proxy header),
      // so the journeys of the whole suite do not add up on one address.
      await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });
    });

    const dialog = (page: Page) => page.getByRole('dialog');

    /** A new player with a verified phone (so the phone popup stays away), the page signed out. */
    async function newSignedOutPlayer(page: Page): Promise<E2EPlayer> {
      const player = await newSignedInPlayer(page, { language: lang });
      const logout = await page.request.post('/api/logout', { headers: siteHeaders() });
      expect(logout.status()).toBe(200);
      return player;
    }
    const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

    /** Continue on a valid signup form: the captcha popup opens with a new challenge. */
    async function continueToCaptcha(page: Page) {
      const response = page.waitForResponse((r) => r.url().endsWith('/api/captcha/challenge') && r.ok());
      await dialog(page)
        .getByRole('button', { name: auth('signup.continue') })
        .click();
      const challenge = (await (await response).json()) as { challengeId: string; width: number };
      await expect(page).toHaveURL(/popup=captcha/);
      await expect(dialog(page)).toHaveAttribute('data-popup', 'captcha');
      await expect(dialog(page).getByTestId('captcha-piece')).toBeVisible();
      return challenge;
    }

    async function answerOf(page: Page, challengeId: string): Promise<number> {
      const solution = await page.request.get(`/api/dev/captcha/${challengeId}`);
      return ((await solution.json()) as { answer: number }).answer;
    }

    /** Drags the puzzle piece with the mouse by `answer` puzzle pixels from the left. */
    async function dragPieceTo(page: Page, puzzleWidth: number, answer: number) {
      const pieceBox = (await dialog(page).getByTestId('captcha-piece').boundingBox())!;
      const pictureBox = (await dialog(page).getByTestId('captcha-picture').boundingBox())!;
      const scale = pictureBox.width / puzzleWidth;
      const startX = pieceBox.x + pieceBox.width / 2;
      const startY = pieceBox.y + pieceBox.height / 2;
      await page.mouse.move(startX, startY);
      await page.mouse.down();
      await page.mouse.move(startX + (answer * scale) / 2, startY + 3, { steps: 5 });
      await page.mouse.move(startX + answer * scale, startY, { steps: 5 });
      await page.mouse.up();
    }

    /** Opens a page and waits for the header island to hydrate, so its buttons already act. */
    async function gotoReady(page: Page, url: string) {
      await page.goto(url);
      await expect(page.locator('header astro-island[ssr]')).toHaveCount(0);
    }

    async function signInThroughPopup(page: Page, email: string, password: string) {
      await expect(dialog(page)).toHaveAttribute('data-popup', 'login');
      await dialog(page).getByLabel(auth('fields.email')).fill(email);
      await dialog(page).getByLabel(auth('fields.password'), { exact: true }).fill(password);
      await dialog(page)
        .getByRole('button', { name: auth('login.submit'), exact: true })
        .click();
    }

    async function logOutThroughMenu(page: Page) {
      await page.getByTestId('account-menu-button').click();
      await page
        .getByTestId('account-menu')
        .getByRole('button', { name: auth('menu.logout') })
        .click();
      await expect(page).toHaveURL(home);
      await expect(toast(page, auth('menu.signedOut'))).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: common('header.signIn'), exact: true })).toBeVisible();
    }

    test('signs up through the captcha, signs out and signs in again', async ({ page }) => {
      test.setTimeout(150_000); // two rounds through the captcha
      const displayName = uniqueDisplayName('u');
      const email = `${displayName.toLowerCase()}@example.test`;
      const password = `Pw-${randomBytes(6).toString('hex')}`;
      await gotoReady(page, home);
      await page
        .getByRole('banner')
        .getByRole('link', { name: common('header.register') })
        .click();
      const form = dialog(page);
      await expect(form).toHaveAttribute('data-popup', 'signup');
      await expect(form.getByTestId('signup-steps').locator('[aria-current="step"]')).toContainText(auth('signup.steps.details'));

      // Client-side validation with the shared contract, messages linked to their fields.
      await form.getByRole('button', { name: auth('signup.continue') }).click();
      await expect(form.getByText(auth('validation.emailRequired'))).toBeVisible();
      await expect(form.getByText(auth('validation.usernameRequired'))).toBeVisible();
      await expect(form.getByText(auth('validation.termsRequired'))).toBeVisible();
      await expect(form.getByLabel(auth('fields.email'))).toHaveAccessibleDescription(auth('validation.emailRequired'));
      await form.getByLabel(auth('fields.username')).fill('ab');
      await form.getByLabel(auth('fields.password'), { exact: true }).fill('12345');
      await form.getByRole('button', { name: auth('signup.continue') }).click();
      await expect(form.getByText(auth('validation.usernameLength'))).toBeVisible();
      await expect(form.getByText(auth('validation.passwordLength'))).toBeVisible();
      await expectAxeClean(page);

      await form.getByLabel(auth('fields.email')).fill(email);
      await form.getByLabel(auth('fields.username')).fill(displayName);
      const passwordField = form.getByLabel(auth('fields.password'), { exact: true });
      await passwordField.fill('password1');
      await form.getByRole('button', { name: auth('fields.showPassword') }).click();
      await expect(passwordField).toHaveAttribute('type', 'text');
      await form.getByRole('button', { name: auth('fields.hidePassword') }).click();
      await expect(passwordField).toHaveAttribute('type', 'password');
      await expect(form.getByRole('link', { name: auth('signup.termsLink') })).toHaveAttribute('href', path('/terms-of-use'));
      await form.getByRole('checkbox').check();

      // Round 1: a common password is refused at step 1, with the server's list, before any captcha (docs/decisions/0009-screens-that-fit.md).
      await form.getByRole('button', { name: auth('signup.continue') }).click();
      await expect(form.getByTestId('form-error')).toHaveText(error('COMMON_PASSWORD'));
      await expect(form).toHaveAttribute('data-popup', 'signup');
      await expect(page).not.toHaveURL(/popup=captcha/);
      await expect(passwordField).toHaveAccessibleDescription(new RegExp(escapeRegExp(auth('validation.passwordCommon'))));
      await expect(form.getByLabel(auth('fields.email'))).toHaveValue(email);

      // Round 2: a wrong answer (dragged with the mouse) is refused with a new puzzle; then the keyboard solves it.
      await passwordField.fill(password);
      let challenge = await continueToCaptcha(page);
      const captcha = dialog(page);
      const box = await captcha.boundingBox();
      expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([300, 450]);
      await expect(captcha.getByTestId('signup-steps').locator('[aria-current="step"]')).toContainText(auth('signup.steps.verify'));
      await expectAxeClean(page);
      let answer = await answerOf(page, challenge.challengeId);
      const wrong = answer > challenge.width / 2 ? answer - 60 : answer + 60;
      await dragPieceTo(page, challenge.width, wrong);
      const slider = captcha.getByRole('slider', { name: auth('captcha.slider') });
      await expect(slider).toHaveAttribute('aria-valuenow', String(wrong));
      const next = page.waitForResponse((r) => r.url().endsWith('/api/captcha/challenge') && r.ok());
      await captcha.getByRole('button', { name: auth('captcha.submit') }).click();
      await expect(captcha.getByTestId('form-error')).toHaveText(error('INVALID_CAPTCHA'));
      await expect(captcha).toHaveAttribute('data-popup', 'captcha');
      challenge = (await (await next).json()) as { challengeId: string; width: number };
      await expect(captcha.getByTestId('captcha-piece')).toBeVisible();
      answer = await answerOf(page, challenge.challengeId);
      await expect(slider).toHaveAttribute('aria-valuenow', '0');
      await slider.focus();
      await page.keyboard.press('End');
      await page.keyboard.press('Home');
      for (let i = 0; i < Math.floor(answer / 10); i++) await page.keyboard.press('PageUp');
      for (let i = 0; i < answer % 10; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      await expect(slider).toHaveAttribute('aria-valuenow', String(answer));

      await captcha.getByRole('button', { name: auth('captcha.submit') }).click();
      // Signed in automatically, with no welcome toast (spec section 2); the signup popup gives way
      // to the phone verification popup a new player meets first.
      await expect(page.getByTestId('display-name')).toHaveText(displayName);
      await expect(dialog(page)).toHaveAttribute('data-popup', 'phone-number');
      await expect(toast(page, auth('login.welcome', { name: displayName }))).toHaveCount(0);
      await verifyPhoneViaApi(page.request, { email, password });
      await page.goto(home);
      await expect(dialog(page)).toBeHidden();

      // The account menu is a keyboard-usable disclosure: Enter opens it, Escape closes it.
      const menuButton = page.getByTestId('account-menu-button');
      await menuButton.focus();
      await page.keyboard.press('Enter');
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByTestId('account-menu');
      await expect(menu.getByRole('link', { name: auth('menu.betHistory') })).toHaveAttribute('href', path('/bet-history'));
      await expect(menu.getByRole('link', { name: auth('menu.settings') })).toHaveAttribute('href', path('/settings'));
      await expectAxeClean(page);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(menuButton).toBeFocused();

      await logOutThroughMenu(page);

      await page
        .getByRole('banner')
        .getByRole('link', { name: common('header.signIn'), exact: true })
        .click();
      await signInThroughPopup(page, email, password);
      await expect(toast(page, auth('login.welcome', { name: displayName }))).toBeVisible();
      await expect(dialog(page)).toBeHidden();
      await expect(page.getByTestId('display-name')).toHaveText(displayName);
    });

    test('a wrong password shows the catalogue message in the red box', async ({ page }) => {
      const player = await newSignedOutPlayer(page);
      await page.goto(`${home}?popup=login`);
      const form = dialog(page);
      await form.getByRole('button', { name: auth('login.submit'), exact: true }).click();
      await expect(form.getByText(auth('validation.emailRequired'))).toBeVisible();
      await expect(form.getByText(auth('validation.passwordRequired'))).toBeVisible();
      await form.getByLabel(auth('fields.email')).fill('not-an-email');
      await form.getByRole('button', { name: auth('login.submit'), exact: true }).click();
      await expect(form.getByText(auth('validation.emailInvalid'))).toBeVisible();

      await signInThroughPopup(page, player.email, `${player.password}-wrong`);
      await expect(form.getByTestId('form-error')).toHaveText(error('INVALID_USER_OR_EMAIL'));
      await expect(page.getByRole('banner').getByRole('link', { name: common('header.signIn'), exact: true })).toBeVisible();
    });

    test('resets a forgotten password from the emailed link, which then no longer works', async ({ page }) => {
      const player = await newSignedOutPlayer(page);
      await page.goto(`${home}?popup=login`);
      await dialog(page)
        .getByRole('button', { name: auth('login.forgot') })
        .click();
      await expect(dialog(page)).toHaveAttribute('data-popup', 'reset-password');
      await dialog(page).getByLabel(auth('fields.email')).fill(player.email);
      await dialog(page)
        .getByRole('button', { name: auth('forgot.submit') })
        .click();
      await expect(dialog(page).getByRole('heading', { name: auth('forgot.sentTitle') })).toBeVisible();
      await expect(dialog(page)).toContainText(player.email);

      const link = await readResetLink(page, player.email);
      expect(link).toContain(`${path('/reset-password')}?token=`);
      await page.goto(link);
      const newPassword = `New-${randomBytes(6).toString('hex')}`;
      const form = page.getByTestId('reset-password-form');
      await form.getByLabel(auth('fields.newPassword'), { exact: true }).fill(newPassword);
      await form.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill(`${newPassword}x`);
      await form.getByRole('button', { name: auth('resetPassword.submit') }).click();
      await expect(form.getByText(auth('validation.passwordsMismatch'))).toBeVisible();
      await expectAxeClean(page);
      await form.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill(newPassword);
      await form.getByRole('button', { name: auth('resetPassword.submit') }).click();
      await expect(toast(page, auth('resetPassword.success'))).toBeVisible();

      await signInThroughPopup(page, player.email, newPassword);
      await expect(toast(page, auth('login.welcome', { name: player.displayName }))).toBeVisible();
      await logOutThroughMenu(page);

      // The link is single use: a second try says so and offers to start again.
      await page.goto(link);
      await page.getByLabel(auth('fields.newPassword'), { exact: true }).fill(`${newPassword}2`);
      await page.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill(`${newPassword}2`);
      await page.getByRole('button', { name: auth('resetPassword.submit') }).click();
      await expect(page.getByTestId('reset-link-invalid')).toContainText(auth('resetPassword.invalidLink'));
      await page.getByRole('button', { name: auth('resetPassword.startAgain') }).click();
      await expect(dialog(page)).toHaveAttribute('data-popup', 'reset-password');
    });

    test('changes the password in settings, then signs in with the new one', async ({ page }) => {
      const player = await newSignedInPlayer(page, { language: lang });
      await page.goto(path('/settings'));
      await expect(page.getByTestId('account-display-name')).toHaveText(player.displayName);
      await expect(page.getByTestId('account-email')).toHaveText(player.email);
      await expectAxeClean(page);
      await page.getByRole('button', { name: auth('settings.changePassword') }).click();
      const form = dialog(page);
      await expect(form).toHaveAttribute('data-popup', 'change-password');
      const submit = form.getByRole('button', { name: auth('changePassword.submit') });
      await submit.click();
      await expect(form.getByText(auth('validation.currentPasswordRequired'))).toBeVisible();
      await expect(form.getByText(auth('validation.newPasswordRequired'))).toBeVisible();
      await expect(form.getByText(auth('validation.confirmPasswordRequired'))).toBeVisible();
      await expectAxeClean(page);

      const newPassword = `Chg-${randomBytes(6).toString('hex')}`;
      await form.getByLabel(auth('fields.currentPassword'), { exact: true }).fill(`${player.password}-wrong`);
      await form.getByLabel(auth('fields.newPassword'), { exact: true }).fill(newPassword);
      await form.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill(`${newPassword}-other`);
      await submit.click();
      await expect(form.getByText(auth('validation.passwordsMismatch'))).toBeVisible();
      await form.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill(newPassword);
      await submit.click();
      await expect(form.getByTestId('form-error')).toHaveText(error('INVALID_CURRENT_PASSWORD'));
      await form.getByLabel(auth('fields.currentPassword'), { exact: true }).fill(player.password);
      await form.getByLabel(auth('fields.newPassword'), { exact: true }).fill('qwerty123');
      await form.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill('qwerty123');
      await submit.click();
      await expect(form.getByTestId('form-error')).toHaveText(error('COMMON_PASSWORD'));
      await expect(form.getByText(auth('validation.passwordCommon'))).toBeVisible();
      await form.getByLabel(auth('fields.newPassword'), { exact: true }).fill(newPassword);
      await form.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill(newPassword);
      await submit.click();
      await expect(toast(page, auth('changePassword.success'))).toBeVisible();
      await expect(dialog(page)).toBeHidden();

      await logOutThroughMenu(page);
      await page.goto(`${home}?popup=login`);
      await signInThroughPopup(page, player.email, player.password);
      await expect(dialog(page).getByTestId('form-error')).toHaveText(error('INVALID_USER_OR_EMAIL'));
      await signInThroughPopup(page, player.email, newPassword);
      await expect(toast(page, auth('login.welcome', { name: player.displayName }))).toBeVisible();
    });

    test('deletes the account with its password, signs out and goes home', async ({ page }) => {
      const player = await newSignedInPlayer(page, { language: lang });
      await page.goto(path('/settings'));
      await page.getByRole('link', { name: auth('settings.deleteAccount') }).click();
      await expect(page).toHaveURL(new RegExp(`${path('/delete-account')}/?$`));
      const form = page.getByTestId('delete-account-form');
      await form.getByRole('button', { name: auth('deleteAccount.submit') }).click();
      await expect(form.getByText(auth('validation.passwordRequired'))).toBeVisible();
      await form.getByLabel(auth('deleteAccount.passwordLabel'), { exact: true }).fill(`${player.password}-wrong`);
      await form.getByRole('button', { name: auth('deleteAccount.submit') }).click();
      await expect(form.getByTestId('form-error')).toHaveText(error('INVALID_CURRENT_PASSWORD'));
      await form.getByLabel(auth('deleteAccount.passwordLabel'), { exact: true }).fill(player.password);
      await form.getByRole('button', { name: auth('deleteAccount.submit') }).click();
      await expect(page).toHaveURL(home);
      await expect(toast(page, auth('deleteAccount.success'))).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: common('header.signIn'), exact: true })).toBeVisible();

      // The account is gone: its credentials no longer sign in.
      await page.goto(`${home}?popup=login`);
      await signInThroughPopup(page, player.email, player.password);
      await expect(dialog(page).getByTestId('form-error')).toHaveText(error('INVALID_USER_OR_EMAIL'));
    });

    test('settings needs a sign-in and returns there after it; a 401 signs out and opens login', async ({ page }) => {
      const player = await newSignedOutPlayer(page);
      await page.goto(path('/settings'));
      await expect(page.getByTestId('login-required')).toContainText(auth('settings.loginRequired'));
      await expect(page).toHaveURL(/popup=login/);
      await signInThroughPopup(page, player.email, player.password);
      await expect(page).toHaveURL(new RegExp(`${path('/settings')}/?$`));
      await expect(page.getByTestId('account-email')).toHaveText(player.email);
      await expect(toast(page, auth('login.welcome', { name: player.displayName }))).toBeVisible();

      // A signed-in visitor on the login popup is sent home.
      await page.goto(`${path('/settings/')}?popup=login`);
      await expect(page).toHaveURL(home);
      await page.goto(path('/settings'));
      await expect(page.getByTestId('account-email')).toHaveText(player.email);

      // The server-side session ends (here: the HttpOnly cookie is gone) while session_info remains.
      const cookies = await page.context().cookies();
      await page.context().clearCookies();
      await page.context().addCookies(cookies.filter((c) => c.name !== 'session'));
      await page.reload();
      await expect(dialog(page)).toHaveAttribute('data-popup', 'login');
      await expect(page).toHaveURL(new RegExp(`redirect=${encodeURIComponent(home)}`));
      await expect(page.getByRole('banner').getByRole('link', { name: common('header.signIn'), exact: true })).toBeVisible();
    });
  });
}

/** axe on the page as it is now (popup and field errors included): no serious or critical violation. */
/** The reset link from the development outbox (GET /api/dev/outbox?to=...), waiting for the mail. */
async function readResetLink(page: Page, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}&channel=email`);
        const { messages } = (await res.json()) as { messages: Array<{ body: string }> };
        link = messages.map((m) => m.body.match(/https?:\/\/\S+\/reset-password\?[^\s"'<>]+/)?.[0]).find(Boolean) ?? '';
        return link;
      },
      { timeout: 10_000 },
    )
    .not.toBe('');
  return link.replace(/&amp;/g, '&');
}
