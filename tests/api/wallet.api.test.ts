import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_BONUS_INTERVAL_MS, type TransactionList } from '../../contracts/wallet';
import { loadPromotions } from '../../content/promotions';
import { clock } from '../../server/clock';
import { createSession } from '../../server/plugins/session';
import { checkConservation, getBalance, postMovement } from '../../server/modules/wallet';
import { creditSignupBonus } from '../../server/modules/wallet/bonus';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';

describe(`wallet API (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  const DAILY = 1234;
  beforeAll(async () => {
    t = await createTestApp({ DAILY_BONUS: String(DAILY) });
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    expect((await checkConservation(t.testDb.db)).problems).toEqual([]);
    await t.close();
  });

  const as = (p: TestPlayer) => ({ headers: p.headers });
  const at = (iso: string | number) => {
    const d = new Date(iso);
    clock.set(() => d);
    return d;
  };
  /** Signs the player in again at the clock's time (a session lasts 30 days from its sign-in). */
  const signInNow = async (p: TestPlayer) => {
    const { token } = await createSession(t.testDb.db, p.id);
    p.headers.authorization = `Bearer ${token}`;
  };

  describe('GET /balance', () => {
    it('shows a new player 0 coins, the daily bonus claimable and no claim dates', async () => {
      const p = await createTestPlayer(t.testDb.db);
      const res = await t.api({ method: 'GET', url: '/balance', ...as(p) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ balance: 0, currency: 'COIN', canClaimBonus: true, lastClaimed: null, nextClaim: null });
    });

    it('answers 401 UNAUTHORIZED when signed out, on every wallet call', async () => {
      for (const [method, url, payload] of [
        ['GET', '/balance'],
        ['POST', '/claimDailyBonus'],
        ['POST', '/claimBonus', { promoSlug: 'x' }],
        ['GET', '/transactions'],
        ['GET', '/promotionBonus?promoSlug=x'],
      ] as const) {
        const res = await t.api({ method, url, payload });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
    });
  });

  describe('POST /claimDailyBonus', () => {
    it('credits the configured daily bonus and shows it in the balance with the next claim 24 h later', async () => {
      const p = await createTestPlayer(t.testDb.db);
      const claimedAt = at('2026-11-20T10:00:00.000Z');
      const res = await t.api({ method: 'POST', url: '/claimDailyBonus', ...as(p) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ bonus: DAILY, currency: 'COIN', streakDays: 1 });
      const balance = (await t.api({ method: 'GET', url: '/balance', ...as(p) })).json();
      expect(balance).toEqual({
        balance: DAILY,
        currency: 'COIN',
        canClaimBonus: false,
        lastClaimed: claimedAt.toISOString(),
        nextClaim: new Date(claimedAt.getTime() + DAILY_BONUS_INTERVAL_MS).toISOString(),
      });
    });

    it('refuses a second claim within 24 hours with BONUS_CANNOT_BE_CLAIMED and moves nothing', async () => {
      const p = await createTestPlayer(t.testDb.db);
      at('2026-11-20T10:00:00.000Z');
      expect((await t.api({ method: 'POST', url: '/claimDailyBonus', ...as(p) })).statusCode).toBe(200);
      at('2026-11-21T03:00:00.000Z');
      const again = await t.api({ method: 'POST', url: '/claimDailyBonus', ...as(p) });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
      expect(await getBalance(t.testDb.db, p.id)).toBe(DAILY);
    });

    it('refuses a claim one millisecond before 24 hours and accepts it exactly at 24 hours', async () => {
      const p = await createTestPlayer(t.testDb.db);
      const first = at('2026-11-20T10:00:00.000Z').getTime();
      expect((await t.api({ method: 'POST', url: '/claimDailyBonus', ...as(p) })).statusCode).toBe(200);

      at(first + DAILY_BONUS_INTERVAL_MS - 1);
      const early = await t.api({ method: 'POST', url: '/claimDailyBonus', ...as(p) });
      expect(early.json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
      expect((await t.api({ method: 'GET', url: '/balance', ...as(p) })).json().canClaimBonus).toBe(false);

      at(first + DAILY_BONUS_INTERVAL_MS);
      expect((await t.api({ method: 'GET', url: '/balance', ...as(p) })).json().canClaimBonus).toBe(true);
      const onTime = await t.api({ method: 'POST', url: '/claimDailyBonus', ...as(p) });
      expect(onTime.statusCode).toBe(200);
      // The next day in Tokyo: streak day 2, x1.1 (docs/decisions/0018).
      expect(onTime.json()).toEqual({ bonus: Math.floor(DAILY * 1.1), currency: 'COIN', streakDays: 2 });
      expect(await getBalance(t.testDb.db, p.id)).toBe(DAILY + Math.floor(DAILY * 1.1));

      // The next window counts from the second claim, not from the first.
      const balance = (await t.api({ method: 'GET', url: '/balance', ...as(p) })).json();
      expect(balance.nextClaim).toBe(new Date(first + 2 * DAILY_BONUS_INTERVAL_MS).toISOString());
    });

    it('refuses every claim when the daily bonus is configured to 0', async () => {
      const off = await createTestApp({ DAILY_BONUS: '0' });
      try {
        const p = await createTestPlayer(off.testDb.db);
        const res = await off.api({ method: 'POST', url: '/claimDailyBonus', headers: p.headers });
        expect(res.json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
      } finally {
        await off.close();
      }
    });
  });

  describe('POST /claimBonus (promotions)', () => {
    const withBonus = loadPromotions().find((p) => p.bonus !== null)!;
    const withoutBonus = loadPromotions().find((p) => p.bonus === null);
    const during = () => at(Date.parse(withBonus.startsAt) + 1000);

    it('credits a running promotion bonus once and shows it as claimed', async () => {
      const p = await createTestPlayer(t.testDb.db);
      during();
      const before = (await t.api({ method: 'GET', url: `/promotionBonus?promoSlug=${withBonus.slug}`, ...as(p) })).json();
      expect(before).toEqual({ promoSlug: withBonus.slug, bonus: withBonus.bonus, currency: 'COIN', active: true, claimed: false });
      const res = await t.api({ method: 'POST', url: '/claimBonus', payload: { promoSlug: withBonus.slug }, ...as(p) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ bonus: withBonus.bonus, currency: 'COIN' });
      expect(await getBalance(t.testDb.db, p.id)).toBe(withBonus.bonus);
      const after = (await t.api({ method: 'GET', url: `/promotionBonus?promoSlug=${withBonus.slug}`, ...as(p) })).json();
      expect(after.claimed).toBe(true);
    });

    it('refuses a second claim of the same promotion with BONUS_CANNOT_BE_CLAIMED', async () => {
      const p = await createTestPlayer(t.testDb.db);
      during();
      await t.api({ method: 'POST', url: '/claimBonus', payload: { promoSlug: withBonus.slug }, ...as(p) });
      const again = await t.api({ method: 'POST', url: '/claimBonus', payload: { promoSlug: withBonus.slug }, ...as(p) });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
      expect(await getBalance(t.testDb.db, p.id)).toBe(withBonus.bonus);
    });

    it('lets every player claim the promotion once each', async () => {
      const [a, b] = [await createTestPlayer(t.testDb.db), await createTestPlayer(t.testDb.db)];
      during();
      for (const p of [a, b]) {
        expect((await t.api({ method: 'POST', url: '/claimBonus', payload: { promoSlug: withBonus.slug }, ...as(p) })).statusCode).toBe(200);
        expect(await getBalance(t.testDb.db, p.id)).toBe(withBonus.bonus);
      }
    });

    it('answers PROMOTION_NOT_AVAILABLE before the start, at the end, for an unknown slug and a promotion without a bonus', async () => {
      const p = await createTestPlayer(t.testDb.db);
      const claim = (promoSlug: string) => t.api({ method: 'POST', url: '/claimBonus', payload: { promoSlug }, ...as(p) });
      at(Date.parse(withBonus.startsAt) - 1);
      await signInNow(p);
      expect((await claim(withBonus.slug)).json().code).toBe('PROMOTION_NOT_AVAILABLE');
      at(Date.parse(withBonus.endsAt));
      await signInNow(p);
      const ended = await claim(withBonus.slug);
      expect(ended.statusCode).toBe(404);
      expect(ended.json().code).toBe('PROMOTION_NOT_AVAILABLE');
      during();
      await signInNow(p);
      expect((await claim('no-such-promotion')).json().code).toBe('PROMOTION_NOT_AVAILABLE');
      if (withoutBonus) {
        at(Date.parse(withoutBonus.startsAt) + 1000);
        await signInNow(p);
        expect((await claim(withoutBonus.slug)).json().code).toBe('PROMOTION_NOT_AVAILABLE');
      }
      expect(await getBalance(t.testDb.db, p.id)).toBe(0);
    });

    it('GET /promotionBonus answers PROMOTION_NOT_AVAILABLE without a bonus, inactive outside the dates, 400 for a malformed slug', async () => {
      const p = await createTestPlayer(t.testDb.db);
      const status = (slug: string) => t.api({ method: 'GET', url: `/promotionBonus?promoSlug=${encodeURIComponent(slug)}`, ...as(p) });
      expect((await status('no-such-promotion')).json().code).toBe('PROMOTION_NOT_AVAILABLE');
      if (withoutBonus) expect((await status(withoutBonus.slug)).json().code).toBe('PROMOTION_NOT_AVAILABLE');
      at(Date.parse(withBonus.endsAt) + 1);
      await signInNow(p);
      expect((await status(withBonus.slug)).json()).toMatchObject({ active: false, claimed: false });
      const bad = await status('Bad Slug');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('REQUEST_VALIDATION_ERROR');
    });

    it.each([
      ['no slug', {}],
      ['a malformed slug', { promoSlug: '../etc/passwd' }],
      ['an unknown field', { promoSlug: 'coin-festival', amount: 1_000_000 }],
      ['a number', { promoSlug: 5 }],
    ])('answers %s with REQUEST_VALIDATION_ERROR', async (_name, payload) => {
      const p = await createTestPlayer(t.testDb.db);
      const res = await t.api({ method: 'POST', url: '/claimBonus', payload, ...as(p) });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
      expect(await getBalance(t.testDb.db, p.id)).toBe(0);
    });
  });

  describe('GET /transactions (coin statement)', () => {
    it('pages the journal newest first with the spec fields and the total count', async () => {
      const p = await createTestPlayer(t.testDb.db);
      at('2026-11-20T10:00:00.000Z');
      await t.testDb.db.transaction().execute((trx) => creditSignupBonus(trx, p.id, 10_000));
      await postMovement(t.testDb.db, {
        accountId: p.id,
        type: 'BET',
        amount: -300,
        idempotencyKey: `bet:${p.id}`,
        gameCode: 'dice',
        sessionId: 'round-1',
        traceId: 'trace-1',
      });
      await postMovement(t.testDb.db, {
        accountId: p.id,
        type: 'WIN',
        amount: 600,
        idempotencyKey: `win:${p.id}`,
        gameCode: 'dice',
        sessionId: 'round-1',
        traceId: 'trace-2',
      });
      await t.api({ method: 'POST', url: '/claimDailyBonus', ...as(p) });

      const first = (await t.api({ method: 'GET', url: '/transactions?page=1&pageSize=3', ...as(p) })).json() as TransactionList;
      expect(first.totalRecordAmount).toBe(4);
      expect(first.records.map((r) => [r.transactionType, r.amount, r.newBalance])).toEqual([
        ['DAILY_BONUS', DAILY, 10_300 + DAILY],
        ['WIN', 600, 10_300],
        ['BET', -300, 9_700],
      ]);
      expect(first.records[2]).toMatchObject({ gameCode: 'dice', sessionId: 'round-1', traceId: 'trace-1', createdDate: '2026-11-20T10:00:00.000Z' });
      expect(first.records[0].transactionId).toBeGreaterThan(first.records[1].transactionId);

      const second = (await t.api({ method: 'GET', url: '/transactions?page=2&pageSize=3', ...as(p) })).json() as TransactionList;
      expect(second.totalRecordAmount).toBe(4);
      expect(second.records).toEqual([
        expect.objectContaining({ transactionType: 'SIGNUP_BONUS', amount: 10_000, newBalance: 10_000, gameCode: null, sessionId: null, traceId: null }),
      ]);
      const beyond = (await t.api({ method: 'GET', url: '/transactions?page=9', ...as(p) })).json();
      expect(beyond).toEqual({ totalRecordAmount: 4, records: [] });
    });

    it('shows a player only their own entries', async () => {
      const [a, b] = [await createTestPlayer(t.testDb.db), await createTestPlayer(t.testDb.db)];
      await postMovement(t.testDb.db, { accountId: a.id, type: 'WIN', amount: 5, idempotencyKey: `own:${a.id}` });
      const res = (await t.api({ method: 'GET', url: '/transactions', ...as(b) })).json();
      expect(res).toEqual({ totalRecordAmount: 0, records: [] });
    });

    it.each(['page=0', 'page=-1', 'page=abc', 'pageSize=0', 'pageSize=101', 'page=1&extra=1'])('answers ?%s with REQUEST_VALIDATION_ERROR', async (query) => {
      const p = await createTestPlayer(t.testDb.db);
      const res = await t.api({ method: 'GET', url: `/transactions?${query}`, ...as(p) });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
    });
  });

  describe('signup bonus', () => {
    it('is credited once per account, even when the signup step runs twice', async () => {
      const p = await createTestPlayer(t.testDb.db);
      const first = await t.testDb.db.transaction().execute((trx) => creditSignupBonus(trx, p.id, t.config.SIGNUP_BONUS));
      const again = await t.testDb.db.transaction().execute((trx) => creditSignupBonus(trx, p.id, t.config.SIGNUP_BONUS));
      expect(first).toMatchObject({ newBalance: 10_000, replayed: false });
      expect(again).toEqual({ ...first, replayed: true });
      expect(await getBalance(t.testDb.db, p.id)).toBe(10_000);
    });
  });
});
