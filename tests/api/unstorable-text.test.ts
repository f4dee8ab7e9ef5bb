import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames } from '../../server/modules/games/service';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { highLimits, signupBody } from './auth-helpers';

/** Security (docs/decisions/0005-sessions-csrf-and-security-headers.md): text the database cannot store is refused everywhere. On the database the suite runs on. */
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

describe(`security: text the database cannot store is refused everywhere (${db})`, () => {
  let t: TestApp;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp({ ...highLimits, CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false } }) });
    await seedGames(t.testDb.db);
    player = await createTestPlayer(t.testDb.db);
  });
  afterAll(() => t.close());

  const refused = (res: { statusCode: number; json: () => { code: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
  };

  it.each([
    ['launchgame', '/launchgame?gameCode=slot%00x'],
    ['launchgame (lobbyUrl)', '/launchgame?gameCode=slot-sakura-fortune&lobbyUrl=/a%00b'],
    ['launch-demo', '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS&lobbyUrl=%00'],
    ['dev outbox', '/dev/outbox?to=a%00b'],
    ['games', '/games?languageCode=ja&siteRef=W%00'],
  ])('a NUL in the query of %s answers 400 REQUEST_VALIDATION_ERROR', async (_name, url) => {
    const res = await t.api({ method: 'GET', url, headers: player.headers });
    refused(res);
    expect(res.json().issues[0].path).toMatch(/^querystring\./);
    expect(await count(t, 'play_sessions')).toBe(0);
  });

  it('a NUL in the sign-up siteRef or a lone surrogate in the display name creates no account', async () => {
    refused(await t.api({ method: 'POST', url: '/signup', payload: signupBody({ siteRef: 'WEB\u0000' }) }));
    // A lone surrogate can only arrive as a JSON escape: JSON.stringify would replace it.
    const raw = JSON.stringify(signupBody({ displayName: 'PLACEHOLDER' })).replace('PLACEHOLDER', 'ab\\ud800c');
    refused(await t.api({ method: 'POST', url: '/signup', payload: raw, headers: { 'content-type': 'application/json' } }));
    expect(await count(t, 'accounts')).toBe(1); // the test player only
  });

  it('a NUL in an analytics page view (value, nested or in a key) stores nothing', async () => {
    refused(await t.api({ method: 'POST', url: '/analytics/page-view', payload: { path: '/a\u0000', language: 'ja' } }));
    refused(await t.api({ method: 'POST', url: '/analytics/page-view', payload: { path: '/a', language: 'ja', referrer: 'x\u0000' } }));
    refused(await t.api({ method: 'POST', url: '/analytics/page-view', payload: { path: '/a', language: 'ja', 'k\u0000': 1 } }));
    expect(await count(t, 'page_views')).toBe(0);
    const ok = await t.api({ method: 'POST', url: '/analytics/page-view', payload: { path: '/a', language: 'ja', referrer: 'ふつうの文字 ✓' } });
    expect(ok.statusCode).toBe(200);
    expect(await count(t, 'page_views')).toBe(1);
  });

  it('a NUL in a house play body (nested array) answers 400, not 500', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/house/play',
      payload: { session: 'x', input: { kind: 'roulette', bets: [{ type: 'red\u0000', amount: 1 }] }, requestId: randomUUID() },
    });
    refused(res);
    expect(res.json().issues[0].path).toBe('body.input.bets.0.type');
  });

  it('a body nested thousands of levels deep answers 400, not 500 (the fuzz run found a stack overflow)', async () => {
    const res = await t.api({
      method: 'POST',
      url: '/signup',
      headers: { 'content-type': 'application/json' },
      payload: `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    });
    refused(res);
    expect(res.json().issues[0].message).toBe('too deep');
  });
});
