import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames } from '../../server/modules/games/service';
import { createTestApp, type TestApp } from '../support/app';
import { highLimits, signupBody } from './auth-helpers';

/** Security (docs/decisions/0005-sessions-csrf-and-security-headers.md): channel lookup by own property only. On the database the suite runs on. */
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

describe(`security: channel lookup by own property only (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...highLimits,
      CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: true }, MAINT: { maintenence: true, captcha: false } }),
    });
    await seedGames(t.testDb.db);
  });
  afterAll(() => t.close());

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'refuses CHANNEL: %s with 400 CHANNEL_REQUIRED: no sign-up without the captcha, no demo launch',
    async (channel) => {
      const signup = await t.api({ method: 'POST', url: '/signup', headers: { channel }, payload: signupBody() });
      expect(signup.statusCode).toBe(400);
      expect(signup.json().code).toBe('CHANNEL_REQUIRED');
      const demo = await t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS', headers: { channel } });
      expect(demo.statusCode).toBe(400);
      expect(demo.json().code).toBe('CHANNEL_REQUIRED');
      expect(await count(t, 'accounts')).toBe(0);
      expect(await count(t, 'play_sessions')).toBe(0);
    },
  );

  it('answers GET /channel for an inherited name with 404 NOT_FOUND, and a configured channel with its public flags only', async () => {
    for (const code of ['constructor', '__proto__', 'toString']) {
      const res = await t.api({ method: 'GET', url: `/channel?channelCode=${code}` });
      expect(res.statusCode, code).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const maint = await t.api({ method: 'GET', url: '/channel?channelCode=MAINT' });
    expect(maint.json()).toEqual({ maintenence: true, captcha: false });
  });

  it('still refuses a game launch during maintenance on a configured channel', async () => {
    const res = await t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS', headers: { channel: 'MAINT' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('MAINTENANCE');
  });
});
