import { mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { newSignedInPlayer, siteHeaders } from './support/players';
import { LANGS, localized, type Lang } from './support/site-routes';
import { languageName } from '../../contracts/languages';

/**
 * The back-office in a real browser, in both languages (docs/decisions/0019): staff set up
 * through the one-time link (password, the otpauth QR code, a TOTP code computed here from the
 * secret shown, recovery codes), sign in with TOTP, and run the three journeys of the issue. The
 * player is a separate browser. Screenshots at 375 and 1280 px go to test-results/backoffice-screens/.
 * Serial: each language's raffle must be the current one while it runs.
 */
test.describe.configure({ mode: 'serial' });

type Dict = Record<string, unknown>;
const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}, ns = 'backoffice') => {
  const raw = String(key.split('.').reduce<unknown>((o, k) => (o as Dict)[k], JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8'))));
  return raw.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
};
const SCREENS = 'test-results/backoffice-screens';
const PASSWORD = 'a long staff passphrase 27';
const totp = (secret: string, at = Date.now()) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(blocking, blocking.join('\n')).toEqual([]);
}

async function screens(page: Page, lang: Lang, name: string, opts: { fits?: boolean } = {}) {
  mkdirSync(SCREENS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(300);
    if (opts.fits !== false) expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${SCREENS}/${name}-${lang}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A staff member made through the dev route, set up through the set-up page and signed in, in a browser of their own. */
async function newStaff(browser: Browser, lang: Lang, role: 'support' | 'finance' | 'content' | 'admin', opts: { shoot?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = `${role}-${lang}-${randomBytes(4).toString('hex')}@staff.test`;
  const made = await page.request.post('/api/dev/staff', { headers: siteHeaders(), data: { email, role } });
  expect(made.status(), await made.text()).toBe(200);
  const setupUrl = new URL(((await made.json()) as { setupUrl: string }).setupUrl);
  await page.goto(localized(`/backoffice/setup${setupUrl.search}`, lang));
  await page.getByLabel(text(lang, 'setup.password')).fill(PASSWORD);
  await page.getByRole('button', { name: text(lang, 'setup.next') }).click();
  await expect(page.getByTestId('bo-setup-qr')).toBeVisible();
  if (opts.shoot) {
    await axeClean(page);
    await screens(page, lang, 'setup-qr');
  }
  const secret = (await page.getByTestId('bo-setup-secret').innerText()).trim();
  await page.getByLabel(text(lang, 'setup.code')).fill(totp(secret));
  await page.getByRole('button', { name: text(lang, 'setup.confirm') }).click();
  await expect(page.getByTestId('bo-recovery-codes').locator('li')).toHaveCount(10);
  if (opts.shoot) await screens(page, lang, 'setup-recovery');
  await page.getByRole('link', { name: text(lang, 'setup.done') }).click();
  await expect(page.getByRole('heading', { name: text(lang, 'signIn.heading') })).toBeVisible();
  if (opts.shoot) {
    await axeClean(page);
    await screens(page, lang, 'signin');
  }
  await page.getByLabel(text(lang, 'signIn.email')).fill(email);
  await page.getByLabel(text(lang, 'signIn.password')).fill(PASSWORD);
  // The code that confirmed the enrolment is spent (a replay is refused): the next 30 s step's code.
  await page.getByLabel(text(lang, 'signIn.code')).fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: text(lang, 'signIn.submit') }).click();
  await expect(page.getByTestId('bo-signed-in')).toContainText(email);
  return { page, context, email };
}

for (const lang of LANGS) {
  test(`support finds a player by email and locks them: the player's next page shows them signed out (${lang})`, async ({ browser, page: playerPage }) => {
    test.setTimeout(240_000);
    const player = await newSignedInPlayer(playerPage, { language: lang });

    const { page, context } = await newStaff(browser, lang, 'support', { shoot: true });
    await page.getByLabel(text(lang, 'players.searchLabel')).fill(player.email);
    await page.getByRole('button', { name: text(lang, 'players.searchButton') }).click();
    const row = page.getByTestId('bo-player-row');
    await expect(row).toHaveCount(1);
    await axeClean(page);
    await screens(page, lang, 'players');
    await row.getByRole('link').click();
    await expect(page.getByTestId('bo-360-email')).toHaveText(player.email);
    await page.getByLabel(text(lang, 'p360.reason')).fill('e2e: suspected account sharing');
    await page.getByRole('button', { name: text(lang, 'p360.lock') }).click();
    await expect(page.getByTestId('bo-notice').first()).toHaveText(text(lang, 'p360.lockedDone'));
    await expect(page.getByTestId('bo-360-status')).toContainText(text(lang, 'players.locked'));
    await axeClean(page);
    await screens(page, lang, 'player-360');

    await playerPage.goto(localized('/', lang));
    await expect(playerPage.getByRole('link', { name: text(lang, 'header.signIn', {}, 'common') }).first()).toBeVisible({ timeout: 15_000 });
    const again = await playerPage.request.post('/api/signin', {
      headers: siteHeaders(),
      data: { email: player.email, password: player.password, siteRef: 'WEB' },
    });
    expect(((await again.json()) as { code: string }).code).toBe('USER_LOCKED_OUT');
    await context.close();
  });

  test(`finance asks for a 50,000-coin adjustment, an admin approves it, the player's statement shows it with its reason (${lang})`, async ({
    browser,
    page: playerPage,
  }) => {
    test.setTimeout(300_000);
    const player = await newSignedInPlayer(playerPage, { language: lang });
    const finance = await newStaff(browser, lang, 'finance');
    await finance.page.getByLabel(text(lang, 'players.searchLabel')).fill(player.email);
    await finance.page.getByRole('button', { name: text(lang, 'players.searchButton') }).click();
    await finance.page.getByTestId('bo-player-row').getByRole('link').click();
    await finance.page.getByLabel(text(lang, 'p360.amount')).fill('50000');
    await finance.page.getByLabel(text(lang, 'p360.reasonCode')).selectOption('PRIZE');
    await finance.page.getByLabel(text(lang, 'p360.note')).fill('e2e: live stream prize');
    await finance.page.getByRole('button', { name: text(lang, 'p360.submitAdjust') }).click();
    await expect(finance.page.getByText(text(lang, 'p360.adjustPending'))).toBeVisible();
    // The requester sees it in the queue but cannot approve it.
    await finance.page.getByRole('link', { name: text(lang, 'nav.queue') }).click();
    const own = finance.page.getByTestId('bo-pending-row').filter({ hasText: player.email });
    await own.getByRole('button', { name: new RegExp(`^${text(lang, 'queue.approve')}`) }).click();
    await expect(finance.page.getByTestId('bo-notice').first()).toHaveText(text(lang, 'OWN_ADJUSTMENT', {}, 'errors'));
    await finance.context.close();

    const admin = await newStaff(browser, lang, 'admin', { shoot: false });
    await admin.page.getByRole('link', { name: text(lang, 'nav.queue') }).click();
    const pending = admin.page.getByTestId('bo-pending-row').filter({ hasText: player.email });
    await expect(pending).toHaveCount(1);
    await axeClean(admin.page);
    await screens(admin.page, lang, 'queue');
    await pending.getByRole('button', { name: new RegExp(`^${text(lang, 'queue.approve')}`) }).click();
    await expect(admin.page.getByTestId('bo-notice').first()).toHaveText(text(lang, 'queue.approved'));

    // The other admin pages, checked and shot while an admin is signed in.
    for (const view of ['dashboard', 'audit', 'staff', 'content'] as const) {
      await admin.page.getByRole('link', { name: text(lang, `nav.${view}`) }).click();
      await expect(admin.page.getByRole('link', { name: text(lang, `nav.${view}`) })).toHaveAttribute('aria-current', 'page');
      await admin.page.waitForLoadState('networkidle');
      if (view === 'audit') await expect(admin.page.getByTestId('bo-audit-head')).toBeVisible();
      await axeClean(admin.page);
      await screens(admin.page, lang, view);
    }
    await admin.context.close();

    await playerPage.goto(localized('/bet-history', lang));
    const first = playerPage.getByTestId('coin-statement').getByTestId('statement-row').first();
    await expect(first).toHaveAttribute('data-type', 'ADJUSTMENT');
    await expect(first.getByTestId('statement-amount')).toContainText('50');
    await expect(first.getByTestId('statement-reason')).toHaveText(text(lang, 'statement.adjustmentReasons.PRIZE', {}, 'wallet'));
    // A player page: shot, not judged here (its header is not the back-office's to fit).
    await screens(playerPage, lang, 'player-statement', { fits: false });
  });

  test(`a content agent creates a promotion, edits it, and it shows on the player's promotions page (${lang})`, async ({ browser, page: playerPage }) => {
    test.setTimeout(240_000);
    const content = await newStaff(browser, lang, 'content');
    const page = content.page;
    const slug = `bo-promo-${lang}-${randomBytes(3).toString('hex')}`;
    const tag = slug.slice(-4);
    await page.getByLabel(text(lang, 'promotions.slug')).fill(slug);
    await page.getByLabel(text(lang, 'promotions.bonus')).fill('1200');
    await page.getByLabel(text(lang, 'promotions.titleIn', { language: languageName('ja', lang) })).fill(`秋のボーナス ${tag}`);
    await page.getByLabel(text(lang, 'promotions.titleIn', { language: languageName('en', lang) })).fill(`Autumn bonus ${tag}`);
    await page.getByLabel(text(lang, 'promotions.summaryIn', { language: languageName('ja', lang) })).fill('1,200コインを1回受け取れます。');
    await page.getByLabel(text(lang, 'promotions.summaryIn', { language: languageName('en', lang) })).fill('Claim 1,200 coins once.');
    await page
      .getByLabel(text(lang, 'promotions.bodyIn', { language: languageName('ja', lang) }))
      .fill('期間中、アカウントごとに1回受け取れます。\n\nコインはプレイマネーです。');
    await page
      .getByLabel(text(lang, 'promotions.bodyIn', { language: languageName('en', lang) }))
      .fill('Once per account while it runs.\n\nCoins are play money.');
    await page.getByRole('button', { name: text(lang, 'promotions.create') }).click();
    await expect(page.getByText(text(lang, 'promotions.created'))).toBeVisible();
    const row = page.getByTestId('bo-promotion-row').filter({ hasText: slug });
    await expect(row).toHaveCount(1);
    await axeClean(page);
    await screens(page, lang, 'content-promotions');

    const titleNow = lang === 'ja' ? `秋のボーナス ${tag}` : `Autumn bonus ${tag}`;
    await row.getByRole('button', { name: `${text(lang, 'promotions.edit')}: ${titleNow}` }).click();
    const edit = row.getByRole('form');
    await edit.getByLabel(text(lang, 'promotions.titleIn', { language: languageName('ja', lang) })).fill(`紅葉ボーナス ${tag}`);
    await edit.getByLabel(text(lang, 'promotions.titleIn', { language: languageName('en', lang) })).fill(`Maple bonus ${tag}`);
    await edit.getByLabel(text(lang, 'promotions.reason')).fill('e2e: new name');
    await axeClean(page);
    await edit.getByRole('button', { name: text(lang, 'content.save') }).click();
    await expect(page.getByText(text(lang, 'promotions.saved'))).toBeVisible();
    await content.context.close();

    const title = lang === 'ja' ? `紅葉ボーナス ${tag}` : `Maple bonus ${tag}`;
    await newSignedInPlayer(playerPage, { language: lang });
    await playerPage.goto(localized('/promotions/', lang));
    const card = playerPage.locator(`[data-testid="promotion-card"][data-slug="${slug}"]`);
    await expect(card.getByRole('heading')).toHaveText(title, { timeout: 15_000 });
    await axeClean(playerPage);
    await screens(playerPage, lang, 'player-promotions');
    await card.getByRole('link').click();
    await expect(playerPage).toHaveURL(new RegExp(`/promotions/${slug}/?$`));
    await expect(playerPage.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(playerPage.getByTestId('promotion-bonus')).toContainText('1,200');
    await expect(playerPage.locator('#promotion-claim').getByRole('button')).toBeVisible();
    await axeClean(playerPage);
    await screens(playerPage, lang, 'player-promotion');
  });

  test(`a content agent creates a race, edits its texts, and it shows in the player's tournaments lobby (${lang})`, async ({ browser, page: playerPage }) => {
    test.setTimeout(240_000);
    const content = await newStaff(browser, lang, 'content');
    const page = content.page;
    const ref = `bo-race-${lang}-${randomBytes(3).toString('hex')}`;
    const tag = ref.slice(-4);
    await page.getByLabel(text(lang, 'races.ref')).fill(ref);
    await page.getByLabel(text(lang, 'races.metric')).selectOption('WAGERED');
    await page.getByLabel(text(lang, 'races.titleIn', { language: languageName('ja', lang) })).fill(`春のレース ${tag}`);
    await page.getByLabel(text(lang, 'races.titleIn', { language: languageName('en', lang) })).fill(`Spring race ${tag}`);
    await page
      .getByLabel(text(lang, 'races.descriptionIn', { language: languageName('ja', lang) }))
      .first()
      .fill('対象スロットで賭けたコインの合計で競います。');
    await page
      .getByLabel(text(lang, 'races.descriptionIn', { language: languageName('en', lang) }))
      .first()
      .fill('Most coins wagered on the race slots wins.');
    await page.getByLabel(text(lang, 'races.prize', { rank: 1 })).fill('7000');
    await page.getByRole('checkbox', { name: lang === 'ja' ? '桜フォーチュン' : 'Sakura Fortune' }).check();
    await page.getByRole('button', { name: text(lang, 'races.create') }).click();
    const row = page.getByTestId('bo-race-row').filter({ hasText: ref });
    await expect(row).toHaveCount(1);
    await axeClean(page);
    await screens(page, lang, 'content-races');

    // Edit the texts in both languages.
    await row.getByRole('button', { name: `${text(lang, 'races.edit')}: 春のレース ${tag}` }).click();
    const edit = row.getByRole('form');
    await edit.getByLabel(text(lang, 'races.titleIn', { language: languageName('ja', lang) })).fill(`桜レース ${tag}`);
    await edit.getByLabel(text(lang, 'races.titleIn', { language: languageName('en', lang) })).fill(`Cherry race ${tag}`);
    await edit.getByLabel(text(lang, 'races.reason')).fill('e2e: new name');
    await axeClean(page);
    await screens(page, lang, 'content-race-edit');
    await edit.getByRole('button', { name: text(lang, 'content.save') }).click();
    await expect(page.getByText(text(lang, 'races.saved'))).toBeVisible();
    await expect(row).toContainText(`桜レース ${tag}`);
    await content.context.close();

    await playerPage.goto(localized('/tournaments', lang));
    const section = playerPage.locator(`section[data-ref="${ref}"]`);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(lang === 'ja' ? `桜レース ${tag}` : `Cherry race ${tag}`, { timeout: 15_000 });
    await screens(playerPage, lang, 'player-tournaments', { fits: false });
  });

  test(`a content agent creates a raffle that then shows in the player's header (${lang})`, async ({ browser, page: playerPage }) => {
    test.setTimeout(240_000);
    await newSignedInPlayer(playerPage, { language: lang });
    const content = await newStaff(browser, lang, 'content');
    const ref = `bo-${lang}-${randomBytes(3).toString('hex')}`;
    const title = lang === 'ja' ? `バックオフィス抽選 ${ref.slice(-4)}` : `Back-office raffle ${ref.slice(-4)}`;
    // Ends before any other raffle running (the weekly one), so it is the current one; en after ja ends sooner.
    const end = new Date(Date.now() + (lang === 'ja' ? 40 : 20) * 60_000);
    const local = (d: Date) => d.toISOString().slice(0, 16);
    await content.page.getByLabel(text(lang, 'content.ref'), { exact: true }).fill(ref);
    await content.page
      .getByLabel(text(lang, 'content.titleIn', { language: languageName('ja', lang) }), { exact: true })
      .fill(lang === 'ja' ? title : `抽選 ${ref.slice(-4)}`);
    await content.page
      .getByLabel(text(lang, 'content.titleIn', { language: languageName('en', lang) }), { exact: true })
      .fill(lang === 'en' ? title : `Raffle ${ref.slice(-4)}`);
    await content.page.getByLabel(text(lang, 'content.end'), { exact: true }).fill(local(end));
    await content.page.getByLabel(text(lang, 'content.draw'), { exact: true }).fill(local(new Date(end.getTime() + 60_000)));
    await content.page.getByRole('button', { name: text(lang, 'content.create') }).click();
    await expect(content.page.getByTestId('bo-notice').first()).toHaveText(text(lang, 'content.created'));
    const row = content.page.getByTestId('bo-raffle-row').filter({ hasText: ref });
    await expect(row).toHaveCount(1);
    try {
      // The player site never loads the back-office's JavaScript.
      const scripts: string[] = [];
      playerPage.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      await playerPage.goto(localized('/', lang));
      const button = playerPage.getByTestId('raffle-button');
      await expect(button).toBeVisible({ timeout: 15_000 });
      await button.click();
      await expect(playerPage.getByTestId('raffle-title')).toHaveText(title);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((u) => /backoffice/i.test(u))).toEqual([]);
    } finally {
      // Cancelled at the end, from the back-office too: it would otherwise stay the current raffle
      // for 20-40 minutes, in front of the raffle journeys of other specs.
      await row.getByRole('button', { name: new RegExp(`^${text(lang, 'content.cancel')}`) }).click();
      await expect(content.page.getByTestId('bo-notice').first()).toHaveText(text(lang, 'content.cancelled'));
      await content.context.close();
    }
  });
}
