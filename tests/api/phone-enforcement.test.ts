import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames } from '../../server/modules/games/service';
import { postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';

/** Security (docs/decisions/0005-sessions-csrf-and-security-headers.md): phone verification enforced by the API. On the database the suite runs on. */
const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const count = async (t: TestApp, table: 'accounts' | 'page_views' | 'play_sessions' | 'house_rounds' | 'wallet_journal') =>
  Number(
    (
      await t.testDb.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const balanceOf = async (t: TestApp, accountId: string) =>
  Number((await t.testDb.db.selectFrom('wallets').select('balance').where('account_id', '=', accountId).executeTakeFirst())?.balance ?? 0);
const fund = (t: TestApp, accountId: string, amount: number) =>
  postMovement(t.testDb.db, { accountId, type: 'ADJUSTMENT', amount, idempotencyKey: `sec-fund-${randomBytes(6).toString('hex')}`, reason: 'test' });

describe(`security: phone verification enforced by the API (${db})`, () => {
  let t: TestApp;
  let unverified: TestPlayer;
  let verified: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp({});
    await seedGames(t.testDb.db);
    unverified = await createTestPlayer(t.testDb.db, { phoneVerified: false });
    verified = await createTestPlayer(t.testDb.db);
    await fund(t, unverified.id, 1000);
  });
  afterAll(() => t.close());

  it('refuses real-coin launch and bonus claims of an unverified player with 403 PHONE_NUMBER_NOT_VERIFIED, moving nothing', async () => {
    const calls = [
      t.api({ method: 'GET', url: '/launchgame?gameCode=slot-sakura-fortune', headers: unverified.headers }),
      t.api({ method: 'POST', url: '/claimDailyBonus', headers: unverified.headers }),
      t.api({ method: 'POST', url: '/claimBonus', headers: unverified.headers, payload: { promoSlug: 'coin-festival' } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PHONE_NUMBER_NOT_VERIFIED');
    }
    expect(await balanceOf(t, unverified.id)).toBe(1000);
    expect(await count(t, 'play_sessions')).toBe(0);
  });

  it('keeps demo play open to the unverified player, and lets a verified player launch and claim', async () => {
    expect((await t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS', headers: unverified.headers })).statusCode).toBe(200);
    expect((await t.api({ method: 'GET', url: '/launchgame?gameCode=slot-sakura-fortune', headers: verified.headers })).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url: '/claimDailyBonus', headers: verified.headers })).statusCode).toBe(200);
  });

  it('lets the unverified player play for coins when PHONE_VERIFICATION_REQUIRED=false', async () => {
    const off = await createTestApp({ PHONE_VERIFICATION_REQUIRED: 'false' });
    try {
      await seedGames(off.testDb.db);
      const p = await createTestPlayer(off.testDb.db, { phoneVerified: false });
      expect((await off.api({ method: 'GET', url: '/launchgame?gameCode=slot-sakura-fortune', headers: p.headers })).statusCode).toBe(200);
      expect((await off.api({ method: 'POST', url: '/claimDailyBonus', headers: p.headers })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
