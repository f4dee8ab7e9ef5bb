import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPromotionActive, loadPromotions } from '../../content/promotions';
import { MarketingPreferencesSchema } from '../../contracts/marketing';
import { runAdmin } from '../../server/admin';
import { buildApp } from '../../server/app';
import { clock } from '../../server/clock';
import { createDb, type Db } from '../../server/db';
import { createOutbox } from '../../server/modules/outbox/setup';
import { sendMarketingMail } from '../../server/modules/marketing/service';
import { coinSeamlessWallet } from '../../server/modules/house/seamless-wallet';
import { postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { headerOf, startSmtp, subjectOf, textOf } from '../support/smtp';

const DAY = 24 * 60 * 60 * 1000;
/** After every promotion of content/promotions has ended: the daily bonus reminder is the only offer. */
const LATER = new Date('2030-05-20T09:00:00.000Z');

/**
 * Offer emails (docs/decisions/0011) over a real local SMTP server: only to players who
 * opted in, in their language, once a day, never while protection applies, with a working
 * unsubscribe link.
 */
describe(`offer emails (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  const db = () => t.testDb.db;
  let mailer: ReturnType<typeof createOutbox>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Coin Casino <offers@casino.example>', PUBLIC_SITE_URL: 'https://casino.example' });
    mailer = createOutbox(t.config, db());
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    mailer.close();
    await t.close();
    await smtp.close();
  });

  const run = (at: Date, on: Db = db()) => sendMarketingMail(on, mailer, t.config, at);
  const post = (p: TestPlayer, url: string, payload: object) => t.api({ method: 'POST', url, payload, headers: p.headers });
  /** A player who turned offer emails on in the settings, in `language`. */
  const optedIn = async (language: 'ja' | 'en' = 'ja') => {
    const p = await createTestPlayer(db());
    expect((await post(p, '/account/language', { languageCode: language })).statusCode).toBe(200);
    const res = await post(p, '/marketing/preferences', { emails: true });
    expect(res.statusCode).toBe(200);
    expect(MarketingPreferencesSchema.parse(res.json())).toEqual({ emails: true });
    return p;
  };
  const mailsTo = (p: TestPlayer) =>
    smtp.to(p.email).map((m) => {
      const { headers, text } = textOf(m.raw);
      return { headers, text: text.replace(/\r\n/g, '\n'), from: m.from };
    });
  const tokenIn = (text: string) => new URL(/https:\/\/casino\.example\/\S*unsubscribe\?token=\S+/.exec(text)![0]).searchParams.get('token')!;

  it('is off until the player turns it on in the settings (signed in only), and no email goes to a player who did not', async () => {
    expect((await t.api({ method: 'GET', url: '/marketing/preferences' })).statusCode).toBe(401);
    const quiet = await createTestPlayer(db());
    const res = await t.api({ method: 'GET', url: '/marketing/preferences', headers: quiet.headers });
    expect(res.json()).toEqual({ emails: false });
    expect((await post(quiet, '/marketing/preferences', { emails: 'yes' })).json().code).toBe('REQUEST_VALIDATION_ERROR');
    expect((await post(quiet, '/marketing/preferences', { emails: true, extra: 1 })).statusCode).toBe(400);
    const later = new Date(LATER.getTime() - 10 * DAY);
    await run(later);
    expect(smtp.to(quiet.email)).toHaveLength(0);
  });

  it('sends an opted-in player one daily bonus reminder in their language, with an unsubscribe link; the same run again sends nothing', async () => {
    const ja = await optedIn('ja');
    const en = await optedIn('en');
    const first = await run(LATER);
    expect(first.sent).toBeGreaterThanOrEqual(2);
    expect(first.failed).toBe(0);

    const [jaMail] = mailsTo(ja);
    expect(mailsTo(ja)).toHaveLength(1);
    expect(jaMail!.from).toBe('offers@casino.example');
    expect(subjectOf(jaMail!.headers)).toBe('【コインカジノ】デイリーボーナスを受け取れます');
    expect(jaMail!.text).toContain(`${ja.displayName} 様`);
    expect(jaMail!.text).toContain('1,000コインのデイリーボーナス');
    expect(jaMail!.text).toContain('https://casino.example/\n');
    expect(jaMail!.text).toMatch(/https:\/\/casino\.example\/unsubscribe\?token=[\w-]{43}/);

    const [enMail] = mailsTo(en);
    expect(mailsTo(en)).toHaveLength(1);
    expect(subjectOf(enMail!.headers)).toBe('Your Coin Casino daily bonus is ready');
    expect(enMail!.text).toContain(`Hello ${en.displayName},`);
    expect(enMail!.text).toContain('Your daily bonus of 1,000 coins is ready.');
    expect(enMail!.text).toContain('https://casino.example/en/\n');
    const token = tokenIn(enMail!.text);
    expect(headerOf(enMail!.headers, 'list-unsubscribe')).toBe(`<https://casino.example/en/unsubscribe?token=${token}>`);
    // Only the token's hash is kept.
    const row = await db().selectFrom('marketing_mail').selectAll().where('account_id', '=', en.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ day: '2030-05-20', kind: 'daily_bonus', unsubscribe_hash: createHash('sha256').update(token).digest('hex'), sent_at: LATER });

    const again = await run(new Date(LATER.getTime() + 3 * 60 * 60 * 1000));
    expect(again.sent).toBe(0);
    expect(mailsTo(ja)).toHaveLength(1);
    expect(mailsTo(en)).toHaveLength(1);
  });

  it('sends once when two runs race (two servers at once)', async () => {
    const p = await optedIn('en');
    const at = new Date(LATER.getTime() + 2 * DAY);
    const second = onPostgres ? createDb({ databaseUrl: t.testDb.url }) : db();
    try {
      const reports = await Promise.all([run(at), run(at, second), run(at)]);
      expect(reports.reduce((n, r) => n + r.failed, 0)).toBe(0);
    } finally {
      if (second !== db()) await second.destroy();
    }
    expect(mailsTo(p)).toHaveLength(1);
    expect(await db().selectFrom('marketing_mail').select('day').where('account_id', '=', p.id).execute()).toEqual([{ day: '2030-05-22' }]);
  });

  it('sends nothing to a player on a break, self-excluded or at a daily limit, and nothing while the bonus cannot be claimed', async () => {
    const at = new Date(LATER.getTime() + 4 * DAY);
    clock.setAt(new Date(at.getTime() - 60 * 60 * 1000));
    const [onBreak, excluded, atLimit, claimed, free] = [await optedIn(), await optedIn(), await optedIn(), await optedIn(), await optedIn()];
    expect((await post(onBreak, '/play-controls/break', { days: 1 })).statusCode).toBe(200);
    expect((await post(excluded, '/play-controls/self-exclusion', { period: '6m' })).statusCode).toBe(200);
    expect((await post(atLimit, '/play-controls', { dailyWagerLimit: 100 })).statusCode).toBe(200);
    await postMovement(db(), {
      accountId: atLimit.id,
      type: 'ADJUSTMENT',
      amount: 1_000,
      idempotencyKey: `fund-${randomBytes(6).toString('hex')}`,
      reason: 'test',
    });
    await coinSeamlessWallet.bet(db(), {
      provider: 'ext',
      txId: `bet-${randomUUID()}`,
      roundId: randomUUID(),
      accountId: atLimit.id,
      amount: 100,
      gameCode: 'slot-neon-sevens',
    });
    expect((await post(claimed, '/claimDailyBonus', {})).statusCode).toBe(200);
    await run(at);
    for (const p of [onBreak, excluded, atLimit, claimed]) expect(mailsTo(p), p.displayName).toHaveLength(0);
    expect(mailsTo(free)).toHaveLength(1);

    // The next day: the break is over and the limit's day has passed; the exclusion still applies.
    await run(new Date(at.getTime() + DAY));
    expect(mailsTo(onBreak)).toHaveLength(1);
    expect(mailsTo(atLimit)).toHaveLength(1);
    expect(mailsTo(claimed)).toHaveLength(1);
    expect(mailsTo(excluded)).toHaveLength(0);
  });

  it('the emailed unsubscribe link stops the emails without signing in; a wrong token is refused', async () => {
    const p = await optedIn('ja');
    const at = new Date(LATER.getTime() + 10 * DAY);
    await run(at);
    const token = tokenIn(mailsTo(p)[0]!.text);

    const bad = await t.api({ method: 'POST', url: '/marketing/unsubscribe', payload: { token: randomBytes(32).toString('base64url') } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_UNSUBSCRIBE_LINK');
    expect((await t.api({ method: 'POST', url: '/marketing/unsubscribe', payload: { token: 'short' } })).json().code).toBe('REQUEST_VALIDATION_ERROR');
    expect((await t.api({ method: 'GET', url: '/marketing/preferences', headers: p.headers })).json()).toEqual({ emails: true });

    const res = await t.api({ method: 'POST', url: '/marketing/unsubscribe', payload: { token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // Again: still fine (a second click), and still off.
    expect((await t.api({ method: 'POST', url: '/marketing/unsubscribe', payload: { token } })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/marketing/preferences', headers: p.headers })).json()).toEqual({ emails: false });
    expect(await db().selectFrom('marketing_consent').select(['emails', 'source']).where('account_id', '=', p.id).executeTakeFirst()).toEqual({
      emails: false,
      source: 'unsubscribe_link',
    });

    await run(new Date(at.getTime() + DAY));
    await run(new Date(at.getTime() + 2 * DAY));
    expect(mailsTo(p)).toHaveLength(1);
  });

  it('announces each running promotion once (not one whose bonus the player claimed), one email a day, then the reminders', async () => {
    const at = new Date('2027-06-01T09:00:00.000Z');
    const running = loadPromotions()
      .filter((promo) => isPromotionActive(promo, at))
      .sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
    expect(running.length).toBeGreaterThan(0);
    const withBonus = running.find((promo) => promo.bonus !== null)!;
    clock.setAt(at);
    const p = await optedIn('en');
    const claimer = await optedIn('ja');
    expect((await post(claimer, '/claimBonus', { promoSlug: withBonus.slug })).statusCode).toBe(200);
    clock.reset();

    for (let day = 0; day <= running.length; day++) await run(new Date(at.getTime() + day * DAY));
    const subjects = mailsTo(p).map((m) => subjectOf(m.headers));
    expect(subjects).toEqual([...running.map((promo) => `Coin Casino: ${promo.texts.en!.title}`), 'Your Coin Casino daily bonus is ready']);
    const firstText = mailsTo(p)[0]!.text;
    expect(firstText).toContain(running[0]!.texts.en!.summary);
    expect(firstText).toContain(`https://casino.example/en/promotions/${running[0]!.slug}`);

    const claimerSubjects = mailsTo(claimer).map((m) => subjectOf(m.headers));
    expect(claimerSubjects).not.toContain(`【コインカジノ】${withBonus.texts.ja!.title}`);
    expect(claimerSubjects).toContain('【コインカジノ】デイリーボーナスを受け取れます');
  });

  it("npm run admin -- marketing:send sends the day's emails and says how many", async () => {
    const p = await optedIn('en');
    clock.setAt(new Date(LATER.getTime() + 30 * DAY));
    const lines: string[] = [];
    expect(await runAdmin(['marketing:send'], { db: db(), config: t.config, out: (l) => lines.push(l) })).toBe(0);
    expect(lines.at(-1)).toMatch(/^sent [1-9]\d*, skipped \d+, failed 0$/);
    expect(mailsTo(p)).toHaveLength(1);
    expect(await runAdmin(['marketing:send'], { db: db(), config: t.config, out: (l) => lines.push(l) })).toBe(0);
    expect(lines.at(-1)).toMatch(/^sent 0, /);
    expect(mailsTo(p)).toHaveLength(1);
    expect(await runAdmin(['marketing:send', 'now'], { db: db(), config: t.config, out: () => {} })).toBe(2);
  });

  it("POST /dev/marketing/send (DEV_TOOLS only) runs the day's sending now, for end-to-end tests", async () => {
    const p = await optedIn('ja');
    const res = await t.api({ method: 'POST', url: '/dev/marketing/send' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sent: expect.any(Number), failed: 0 });
    expect(mailsTo(p)).toHaveLength(1);
  });

  it("the server's own timer sends them from MARKETING_SEND_HOUR (UTC), not before", async () => {
    const p = await optedIn('ja');
    const day = new Date(LATER.getTime() + 40 * DAY);
    const config = { ...t.config, MARKETING_SEND_HOUR: 6 };
    clock.setAt(new Date(day.getTime() - 4 * 60 * 60 * 1000)); // 05:00 UTC
    const early = await buildApp({ config, db: db() });
    await early.ready();
    await early.close();
    expect(mailsTo(p)).toHaveLength(0);

    clock.setAt(day); // 09:00 UTC
    const instance = await buildApp({ config, db: db() });
    try {
      await instance.ready();
      await vi.waitFor(() => expect(mailsTo(p)).toHaveLength(1), { timeout: 10_000, interval: 50 });
    } finally {
      await instance.close();
    }
  });
});
