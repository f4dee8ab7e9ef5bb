import { randomUUID } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames } from '../../server/modules/games/service';
import { postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';

/** Security (docs/decisions/0005-sessions-csrf-and-security-headers.md): opposing bets in one table round. On the database the suite runs on. */
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

describe(`security: opposing bets in one table round (${db})`, () => {
  let t: TestApp;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp({});
    await seedGames(t.testDb.db);
    player = await createTestPlayer(t.testDb.db);
    await fund(t, player.id, 100_000);
  });
  afterAll(() => t.close());

  async function session(gameCode: string, demo = false) {
    const res = demo
      ? await t.api({ method: 'GET', url: `/launch-demo?gameCode=${gameCode}&currency=PTS` })
      : await t.api({ method: 'GET', url: `/launchgame?gameCode=${gameCode}`, headers: player.headers });
    const token = new URL(res.json().url, 'http://x').searchParams.get('token')!;
    return (await t.api({ method: 'POST', url: '/house/session', payload: { token } })).json().session as string;
  }
  const play = (session: string, input: unknown) => t.api({ method: 'POST', url: '/house/play', payload: { session, input, requestId: randomUUID() } });

  it.each([
    ['red and black', ['red', 'black']],
    ['even and odd', ['even', 'odd']],
    ['1-18 and 19-36', ['low', 'high']],
  ])('roulette refuses %s with 400 OPPOSING_BETS and takes no coins', async (_name, types) => {
    const s = await session('roulette-european');
    const before = await balanceOf(t, player.id);
    const rounds = await count(t, 'house_rounds');
    const res = await play(s, { kind: 'roulette', bets: [...types.map((type) => ({ type, amount: 10 })), { type: 'straight', numbers: [7], amount: 10 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('OPPOSING_BETS');
    expect(await balanceOf(t, player.id)).toBe(before);
    expect(await count(t, 'house_rounds')).toBe(rounds);
  });

  it('roulette still plays bets that do not oppose each other (red and even, low and odd)', async () => {
    const s = await session('roulette-european');
    const res = await play(s, {
      kind: 'roulette',
      bets: [
        { type: 'red', amount: 10 },
        { type: 'even', amount: 10 },
        { type: 'low', amount: 10 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('baccarat refuses player and banker in one round (coins and demo), and plays player and tie', async () => {
    for (const demo of [false, true]) {
      const s = await session('baccarat-classic', demo);
      const res = await play(s, {
        kind: 'baccarat',
        bets: [
          { type: 'player', amount: 100 },
          { type: 'banker', amount: 100 },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('OPPOSING_BETS');
    }
    const s = await session('baccarat-classic');
    expect(
      (
        await play(s, {
          kind: 'baccarat',
          bets: [
            { type: 'player', amount: 100 },
            { type: 'tie', amount: 100 },
          ],
        })
      ).statusCode,
    ).toBe(200);
  });
});
