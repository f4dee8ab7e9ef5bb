import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { bearer, highLimits } from './auth-helpers';

/** Security (docs/decisions/0005-sessions-csrf-and-security-headers.md): Origin check for calls with the session cookie. On the database the suite runs on. */
const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const SITE = 'http://localhost:4321';

const balanceOf = async (t: TestApp, accountId: string) =>
  Number((await t.testDb.db.selectFrom('wallets').select('balance').where('account_id', '=', accountId).executeTakeFirst())?.balance ?? 0);

describe(`security: Origin check for calls with the session cookie (${db})`, () => {
  let t: TestApp;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp({ ...highLimits, CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false } }) });
    player = await createTestPlayer(t.testDb.db);
  });
  afterAll(() => t.close());

  const claim = (headers: Record<string, string>) => t.api({ method: 'POST', url: '/claimDailyBonus', headers });
  const cookie = () => ({ cookie: `session=${player.token}` });

  it('refuses a cookie call without Origin or Referer, or from another site, with 403 FORBIDDEN_ORIGIN and moves no coins', async () => {
    const foreign: Array<Record<string, string>> = [
      { origin: '' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: '', referer: 'https://evil.example/page' },
    ];
    for (const headers of foreign) {
      const res = await claim({ ...cookie(), ...headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN_ORIGIN');
    }
    expect(await balanceOf(t, player.id)).toBe(0);
  });

  it("accepts the site's origin, its Referer, or the request's own host", async () => {
    const first = await claim({ ...cookie(), origin: SITE });
    expect(first.statusCode, first.body).toBe(200);
    // Refused by the bonus rule, not by the Origin check: the check let it through.
    expect((await claim({ ...cookie(), origin: '', referer: `${SITE}/settings/` })).json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
    expect((await claim({ ...cookie(), origin: 'http://casino.internal:8080', host: 'casino.internal:8080' })).json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
  });

  it('needs no Origin for a Bearer-token call, nor for a call without the cookie (sign-in from an app)', async () => {
    const other = await createTestPlayer(t.testDb.db);
    expect((await claim({ ...bearer(other.token), origin: '' })).statusCode).toBe(200);
    const res = await t.api({
      method: 'POST',
      url: '/signin',
      headers: { origin: '' },
      payload: { email: 'nobody@example.test', password: 'x', siteRef: 'WEB' },
    });
    expect(res.json().code).toBe('INVALID_USER_OR_EMAIL');
  });

  it('lets the house provider calls through with the cookie and Origin: null (their authority is the play token in the body)', async () => {
    const res = await t.api({ method: 'POST', url: '/house/session', headers: { ...cookie(), origin: 'null' }, payload: { token: 'not-a-launch-token' } });
    expect(res.json().code).not.toBe('FORBIDDEN_ORIGIN');
  });

  it('refuses a sign-in posted from another site (login forgery) and lets reads through', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/signin',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'nobody@example.test', password: 'x', siteRef: 'WEB' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN_ORIGIN');
    expect((await t.api({ method: 'GET', url: '/balance', headers: { ...cookie(), origin: 'https://evil.example' } })).statusCode).toBe(200);
  });
});
