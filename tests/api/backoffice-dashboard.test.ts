import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../../server/db/seed';
import { postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer } from '../support/players';
import { createTestStaff, type TestStaff } from '../support/staff';

const db = onPostgres ? 'PostgreSQL' : 'PGlite';

type Game = { gameCode: string; wagered: number; won: number; measuredRtp: number | null; declaredRtp: number | null };

/**
 * The dashboard's per-game figures (docs/decisions/0019-back-office.md) come from the wallet journal: stakes less refunds,
 * and wins, per game. On the demo data (`npm start` seeds it) they used to be empty, as the demo
 * players' bets have no house-round record.
 */
describe(`back-office dashboard per game (${db})`, () => {
  let t: TestApp;
  let admin: TestStaff;
  const games = async (): Promise<Game[]> => {
    const res = await t.api({ method: 'GET', url: '/backoffice/dashboard', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().last30Days.games;
  };

  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_RATE_LIMIT: '1000' });
    await seedDemoContent(t.testDb.db, t.config);
    admin = await createTestStaff(t, 'dash@staff.test', 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the demo players’ bets per game, with the declared RTP', async () => {
    const list = await games();
    expect(list.length).toBeGreaterThan(0);
    // The demo Sakura Sprint's bets (server/modules/tournaments/seed.ts) on Sakura Fortune: 600 + 120.
    const sakura = list.find((g) => g.gameCode === 'slot-sakura-fortune');
    expect(sakura).toMatchObject({ wagered: 720, won: 0, measuredRtp: 0 });
    expect(sakura!.declaredRtp).toBeGreaterThan(0.8);
  });

  it('counts stakes less refunds, and wins, per game', async () => {
    const player = await createTestPlayer(t.testDb.db);
    const before = (await games()).find((g) => g.gameCode === 'roulette-european') ?? { wagered: 0, won: 0 };
    const move = (type: 'BET' | 'WIN' | 'REFUND', amount: number, key: string) =>
      postMovement(t.testDb.db, { accountId: player.id, type, amount, idempotencyKey: `dash-test:${player.id}:${key}`, gameCode: 'roulette-european' });
    await postMovement(t.testDb.db, { accountId: player.id, type: 'SIGNUP_BONUS', amount: 1000, idempotencyKey: `dash-test:${player.id}:signup` });
    await move('BET', -100, 'b1');
    await move('WIN', 50, 'w1');
    await move('BET', -30, 'b2');
    await move('REFUND', 30, 'r2');
    const after = (await games()).find((g) => g.gameCode === 'roulette-european')!;
    expect(after.wagered - before.wagered).toBe(100);
    expect(after.won - before.won).toBe(50);
    expect(after.measuredRtp).toBeCloseTo(after.won / after.wagered);
  });
});
