import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GameStatsResponseSchema, HouseSessionResponseSchema, PlayResponseSchema } from '../../contracts/games';
import figures from '../../contracts/game-math/figures.json';
import { seedGames } from '../../server/modules/games/service';
import { clearStatsCache } from '../../server/modules/games/stats';
import { postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';

/** GET /games/:code/stats (decision 0020): measured RTP per window beside the exact maths and its 99% band. */
describe(`game stats (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let player: TestPlayer;
  const CODE = 'slot-neon-sevens';

  async function session(gameCode: string, who?: TestPlayer) {
    const res = who
      ? await t.api({ method: 'GET', url: `/launchgame?gameCode=${gameCode}&language=en`, headers: who.headers })
      : await t.api({ method: 'GET', url: `/launch-demo?gameCode=${gameCode}&currency=PTS&language=en` });
    expect(res.statusCode).toBe(200);
    const token = new URL(res.json().url, 'http://x').searchParams.get('token')!;
    return HouseSessionResponseSchema.parse((await t.api({ method: 'POST', url: '/house/session', payload: { token } })).json()).session;
  }
  const spin = async (s: string, bet: number) =>
    PlayResponseSchema.parse(
      (await t.api({ method: 'POST', url: '/house/play', payload: { session: s, input: { kind: 'slot', bet }, requestId: randomUUID() } })).json(),
    );
  const stats = async (code = CODE) => {
    const res = await t.api({ method: 'GET', url: `/games/${code}/stats` });
    expect(res.statusCode).toBe(200);
    return GameStatsResponseSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedGames(t.testDb.db);
    player = await createTestPlayer(t.testDb.db);
    await postMovement(t.testDb.db, {
      accountId: player.id,
      type: 'ADJUSTMENT',
      amount: 1_000_000,
      idempotencyKey: `f-${randomBytes(4).toString('hex')}`,
      reason: 'test',
    });
  });
  beforeEach(() => clearStatsCache());
  afterAll(() => t.close());

  it('a game without rounds: zero counts, no measured RTP, the exact maths from contracts/game-math', async () => {
    const s = await stats();
    const exact = (figures as Record<string, { rtp: number; hitFrequency: number; largestWin: number; variance: number }>)[CODE];
    expect(s.expected).toEqual({
      rtp: exact.rtp,
      hitFrequency: exact.hitFrequency,
      largestWin: exact.largestWin,
      standardDeviation: Math.sqrt(exact.variance),
    });
    expect(s.windows.map((w) => w.window)).toEqual(['24h', '30d', 'all']);
    for (const w of s.windows) expect(w).toMatchObject({ rounds: 0, wagered: 0, won: 0, rtp: null, band: null });
  });

  it('counts real rounds only, per window, with a 99% band of 2.576 standard errors from the exact variance', async () => {
    const real = await session(CODE, player);
    const demo = await session(CODE);
    const bets = [10, 10, 20, 50, 100, 10, 10, 20, 10, 10, 500, 10];
    let won = 0;
    for (const bet of bets) won += (await spin(real, bet)).win;
    for (let i = 0; i < 5; i++) await spin(demo, 10);
    // Rounds as settled: age some of them (the window is by settled_at).
    const ids = await t.testDb.db.selectFrom('house_rounds').select(['id', 'stake', 'win']).where('account_id', '=', player.id).orderBy('player_seq').execute();
    expect(ids).toHaveLength(bets.length);
    const day = 24 * 3600_000;
    await t.testDb.db
      .updateTable('house_rounds')
      .set({ settled_at: new Date(Date.now() - 2 * day) })
      .where(
        'id',
        'in',
        ids.slice(0, 3).map((r) => r.id),
      )
      .execute();
    await t.testDb.db
      .updateTable('house_rounds')
      .set({ settled_at: new Date(Date.now() - 40 * day) })
      .where(
        'id',
        'in',
        ids.slice(3, 5).map((r) => r.id),
      )
      .execute();

    const s = await stats();
    const [day1, month, all] = s.windows;
    const sum = (rows: typeof ids, k: 'stake' | 'win') => rows.reduce((a, r) => a + r[k], 0);
    expect(all).toMatchObject({ rounds: 12, wagered: bets.reduce((a, b) => a + b, 0), won });
    expect(month).toMatchObject({
      rounds: 10,
      wagered: sum([...ids.slice(0, 3), ...ids.slice(5)], 'stake'),
      won: sum([...ids.slice(0, 3), ...ids.slice(5)], 'win'),
    });
    expect(day1).toMatchObject({ rounds: 7, wagered: sum(ids.slice(5), 'stake'), won: sum(ids.slice(5), 'win') });
    expect(all.rtp).toBeCloseTo(won / all.wagered, 12);
    // Band: rtp +/- 2.576 sqrt(variance x sum stake^2) / sum stake.
    const squares = bets.reduce((a, b) => a + b * b, 0);
    const half = (2.5758293035489 * s.expected.standardDeviation * Math.sqrt(squares)) / all.wagered;
    expect(all.band!.low).toBeCloseTo(s.expected.rtp - half, 9);
    expect(all.band!.high).toBeCloseTo(s.expected.rtp + half, 9);
    // Fewer rounds, a wider band.
    expect(day1.band!.high - day1.band!.low).toBeGreaterThan(0);
  });

  it('refuses an unknown game with GAME_NOT_AVAILABLE and a malformed code with REQUEST_VALIDATION_ERROR', async () => {
    const unknown = await t.api({ method: 'GET', url: '/games/no-such-game/stats' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('GAME_NOT_AVAILABLE');
    const bad = await t.api({ method: 'GET', url: '/games/NOT_A_CODE!/stats' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('REQUEST_VALIDATION_ERROR');
  });

  it("a table game: roulette's expected figures are the straight-up bet's (36/37, the widest variance)", async () => {
    const s = await stats('roulette-european');
    expect(s.expected.rtp).toBeCloseTo(36 / 37, 12);
    expect(s.expected.standardDeviation).toBeCloseTo(Math.sqrt(36 ** 2 / 37 - (36 / 37) ** 2), 9);
  });
});
