import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HouseSessionResponseSchema, PlayResponseSchema } from '../../contracts/games';
import { GameCodeListSchema, MissionListSchema, NotificationListSchema, ProgressionSchema, StreakBonusResultSchema } from '../../contracts/progression';
import { clock } from '../../server/clock';
import { seedGames } from '../../server/modules/games/service';
import { coinSeamlessWallet as wallet } from '../../server/modules/house/seamless-wallet';
import { afterRealRound, claimStreakDailyBonus, progressionOf } from '../../server/modules/progression/service';
import { takeBreak, updatePlayControls } from '../../server/modules/protection/service';
import { checkConservation, getBalance, postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';

const dbName = onPostgres ? 'PostgreSQL' : 'PGlite';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Progression (docs/decisions/0018-progression.md): XP from the journal, level rewards once, VIP tiers, daily missions, the
 * login streak across days (Asia/Tokyo), favourites and recently played, and nothing offered or paid
 * during a break.
 */
describe(`progression (${dbName})`, () => {
  let t: TestApp;
  const db = () => t.testDb.db;
  const settings = () => t.app.config;
  const slot = 'slot-neon-sevens';

  const fund = (accountId: string, amount: number) =>
    postMovement(db(), { accountId, type: 'ADJUSTMENT', amount, idempotencyKey: `fund-${randomUUID()}`, reason: 'test' });
  const player = async (coins = 100_000) => {
    const p = await createTestPlayer(db());
    if (coins > 0) await fund(p.id, coins);
    return p;
  };
  /** A real-coin bet through the seamless wallet (as an outside provider places one). */
  const bet = async (p: TestPlayer, amount: number, gameCode = slot) => {
    const call = { provider: 'ext', txId: `bet-${randomUUID()}`, roundId: randomUUID(), accountId: p.id, amount, gameCode };
    await wallet.bet(db(), call);
    return call;
  };
  async function session(who: TestPlayer, code = slot) {
    const launch = await t.api({ method: 'GET', url: `/launchgame?gameCode=${code}&language=en`, headers: who.headers });
    expect(launch.statusCode, launch.body).toBe(200);
    const token = new URL(launch.json().url, 'http://x').searchParams.get('token')!;
    const res = await t.api({ method: 'POST', url: '/house/session', payload: { token } });
    expect(res.statusCode).toBe(200);
    return HouseSessionResponseSchema.parse(res.json()).session;
  }
  async function spin(sessionToken: string, bet = 10) {
    const res = await t.api({ method: 'POST', url: '/house/play', payload: { session: sessionToken, input: { kind: 'slot', bet }, requestId: randomUUID() } });
    expect(res.statusCode, res.body).toBe(200);
    return PlayResponseSchema.parse(res.json());
  }
  const progression = async (p: TestPlayer) => {
    const res = await t.api({ method: 'GET', url: '/progression', headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    return ProgressionSchema.parse(res.json());
  };
  const missions = async (p: TestPlayer) => {
    const res = await t.api({ method: 'GET', url: '/missions', headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    return MissionListSchema.parse(res.json());
  };
  const notifications = async (p: TestPlayer) => {
    const res = await t.api({ method: 'GET', url: '/notifications', headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    return NotificationListSchema.parse(res.json());
  };
  const journal = (p: TestPlayer, type: string) =>
    db()
      .selectFrom('wallet_journal')
      .select(['amount', 'idempotency_key'])
      .where('account_id', '=', p.id)
      .where('type', '=', type as never)
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    await seedGames(db());
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  it('counts XP from the journal: 1 per 10 coins of real bets, a refunded bet stops counting, demo play adds none', async () => {
    const p = await player();
    expect(await progression(p)).toMatchObject({ xp: 0, level: 1, levelXp: 0, nextLevelXp: 50, vipTier: 'BRONZE', streakDays: 0 });
    const s = await session(p);
    for (let i = 0; i < 3; i++) await spin(s, 10);
    const refunded = await bet(p, 200);
    expect((await progression(p)).xp).toBe(23);
    await wallet.rollback(db(), {
      provider: 'ext',
      txId: `rb-${randomUUID()}`,
      roundId: refunded.roundId,
      accountId: p.id,
      betTxId: refunded.txId,
      gameCode: slot,
    });
    expect((await progression(p)).xp).toBe(3);
    const demo = await t.api({ method: 'GET', url: `/launch-demo?gameCode=${slot}&currency=PTS&language=en`, headers: p.headers });
    const token = new URL(demo.json().url, 'http://x').searchParams.get('token')!;
    const demoSession = HouseSessionResponseSchema.parse((await t.api({ method: 'POST', url: '/house/session', payload: { token } })).json()).session;
    for (let i = 0; i < 3; i++) expect((await spin(demoSession, 100)).currency).toBe('PTS');
    expect((await progression(p)).xp).toBe(3);
  });

  it('credits a level reward once when 20 simultaneous rounds cross the threshold, and tells the player', async () => {
    const p = await player();
    await bet(p, 490); // 49 XP: one more spin of 10 reaches level 2 (50 XP)
    const s = await session(p);
    const before = await getBalance(db(), p.id);
    const rounds = await Promise.all(Array.from({ length: 20 }, () => spin(s, 10)));
    const rewards = await journal(p, 'LEVEL_REWARD');
    expect(rewards).toEqual([{ amount: 500, idempotency_key: `level:${p.id}:2` }]);
    const staked = rounds.reduce((sum, r) => sum + r.stake, 0);
    const won = rounds.reduce((sum, r) => sum + r.win, 0);
    expect(await getBalance(db(), p.id)).toBe(before - staked + won + 500);
    expect(await progression(p)).toMatchObject({ xp: 69, level: 2, levelXp: 50, nextLevelXp: 150 });
    const told = await notifications(p);
    expect(told.notifications.filter((n) => n.kind === 'LEVEL_UP')).toHaveLength(1);
    expect(told.notifications.find((n) => n.kind === 'LEVEL_UP')!.data).toMatchObject({ level: 2, amount: 500 });
    expect((await checkConservation(db())).problems).toEqual([]);
  });

  it.each([
    ['a playing player (the server watches what is left to the next level)', true],
    ['their first round', false],
  ])('shows the final level right after one round that crosses two, with both rewards credited once: %s', async (_, playing) => {
    const p = await player();
    // A playing player: a first round leaves the server's watch of what is left to the next level.
    if (playing)
      await spin(await session(p), 10); // 1 XP
    else await bet(p, 10); // 1 XP, from an outside provider: the house server has no watch of this player
    const table = await session(p, 'roulette-european');
    const before = await getBalance(db(), p.id);
    const res = await t.api({
      method: 'POST',
      url: '/house/play',
      payload: { session: table, input: { kind: 'roulette', bets: [{ type: 'red', amount: 1500 }] }, requestId: randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const round = PlayResponseSchema.parse(res.json());
    expect(round.stake).toBe(1500); // 151 XP: past level 2 (50) and level 3 (150)
    // Paid by the round itself, before any read of /progression could catch up.
    const rewards = await journal(p, 'LEVEL_REWARD');
    expect(rewards.sort((a, b) => a.amount - b.amount)).toEqual([
      { amount: 500, idempotency_key: `level:${p.id}:2` },
      { amount: 700, idempotency_key: `level:${p.id}:3` },
    ]);
    expect(await getBalance(db(), p.id)).toBe(before - 1500 + round.win + 500 + 700);
    expect(await progression(p)).toMatchObject({ xp: 151, level: 3, levelXp: 150, nextLevelXp: 300 });
    // A second read pays nothing more.
    expect((await progression(p)).level).toBe(3);
    expect(await journal(p, 'LEVEL_REWARD')).toHaveLength(2);
    const levelUps = (await notifications(p)).notifications.filter((n) => n.kind === 'LEVEL_UP').map((n) => n.data);
    expect(levelUps).toHaveLength(2);
    expect(levelUps).toEqual(expect.arrayContaining([expect.objectContaining({ level: 2, amount: 500 }), expect.objectContaining({ level: 3, amount: 700 })]));
    expect((await checkConservation(db())).problems).toEqual([]);
  });

  it('counts mission progress from settled rounds and pays a completed mission once under concurrent claims', async () => {
    const p = await player();
    const first = await missions(p);
    expect(first.missions).toHaveLength(3);
    expect(first.paused).toBeNull();
    const starter = first.missions[0];
    expect(['spin-slots-10', 'play-rounds-15']).toContain(starter.code);
    expect(starter).toMatchObject({ progress: 0, completed: false, claimed: false });
    const early = await t.api({ method: 'POST', url: `/missions/${starter.id}/claim`, headers: p.headers });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
    const s = await session(p);
    for (let i = 0; i < 5; i++) await spin(s, 10);
    expect((await missions(p)).missions[0].progress).toBe(5);
    for (let i = 0; i < starter.target - 5; i++) await spin(s, 10);
    // Told by the round that completed it (the server counts rounds against the open missions), before any read of the missions.
    const toldByRound = (await notifications(p)).notifications.filter((n) => n.kind === 'MISSION_COMPLETED' && n.data.code === starter.code);
    expect(toldByRound).toHaveLength(1);
    const done = (await missions(p)).missions[0];
    expect(done).toMatchObject({ progress: starter.target, completed: true, claimed: false });
    // Told once of this mission (another of the day's three, e.g. a 5x win, may complete by chance meanwhile).
    expect((await notifications(p)).notifications.filter((n) => n.kind === 'MISSION_COMPLETED' && n.data.code === starter.code)).toHaveLength(1);
    const claims = await Promise.all(Array.from({ length: 10 }, () => t.api({ method: 'POST', url: `/missions/${starter.id}/claim`, headers: p.headers })));
    expect(claims.filter((c) => c.statusCode === 200)).toHaveLength(1);
    for (const c of claims.filter((x) => x.statusCode !== 200)) expect(c.json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
    expect(claims.find((c) => c.statusCode === 200)!.json()).toEqual({ bonus: starter.reward, currency: 'COIN' });
    expect(await journal(p, 'MISSION_REWARD')).toHaveLength(1);
    expect((await missions(p)).missions[0].claimed).toBe(true);
    const again = await t.api({ method: 'POST', url: `/missions/${starter.id}/claim`, headers: p.headers });
    expect(again.json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
  });

  it('raises the daily bonus along the streak (x1 .. x2, then x2) and restarts after a missed day, turning at midnight in Tokyo', async () => {
    const p = await player(0);
    // 10:00 in Tokyo (01:00 UTC) on a fixed day, then each next day 25 h later (past the 24 h window, still the next day).
    const start = Date.UTC(2030, 0, 10, 1, 0);
    const amounts: number[] = [];
    for (let d = 0; d < 9; d++) {
      const at = new Date(start + d * (DAY + HOUR / 60));
      const r = await claimStreakDailyBonus(db(), settings(), p.id, at);
      amounts.push(r.bonus);
      expect(r.streakDays).toBe(d + 1);
    }
    expect(amounts).toEqual([1000, 1100, 1200, 1300, 1500, 1750, 2000, 2000, 2000]);
    // A missed day: the next claim two days later is day 1 again.
    const missed = await claimStreakDailyBonus(db(), settings(), p.id, new Date(start + 10 * DAY + HOUR));
    expect(missed).toEqual({ bonus: 1000, currency: 'COIN', streakDays: 1 });
    // 23:30 in Tokyo, then 24.5 h later is 00:00 + the next-next day... the day turns at Tokyo midnight, not UTC's:
    const q = await player(0);
    const lateTokyo = Date.UTC(2030, 2, 1, 14, 30); // 23:30 JST on 1 March
    expect((await claimStreakDailyBonus(db(), settings(), q.id, new Date(lateTokyo))).streakDays).toBe(1);
    // 24 h 20 min later: 23:50 JST on 2 March (UTC has 2 March both times): the next day in Tokyo.
    expect((await claimStreakDailyBonus(db(), settings(), q.id, new Date(lateTokyo + DAY + 20 * 60_000))).streakDays).toBe(2);
    // Through the API: the claim answers the streak beside bonus and currency; a second is refused.
    const r = await player(0);
    clock.setAt(new Date(Date.now()));
    const first = await t.api({ method: 'POST', url: '/claimDailyBonus', headers: r.headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(StreakBonusResultSchema.parse(first.json())).toEqual({ bonus: 1000, currency: 'COIN', streakDays: 1 });
    const second = await t.api({ method: 'POST', url: '/claimDailyBonus', headers: r.headers });
    expect(second.json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
    expect(await progression(r)).toMatchObject({ streakDays: 1, dailyBonus: { day: 2, amount: 1100 } });
  });

  it('evaluates VIP tiers by 30-day XP: up at once, down one tier at most per 30 days, benefits from the tier table', async () => {
    const p = await player(1_000_000);
    const now = Date.now();
    await bet(p, 20_000); // 2,000 XP in 30 days: Gold
    const gold = await progression(p);
    expect(gold.vipTier).toBe('GOLD');
    expect(gold.tierBonus).toEqual({ amount: 3000, claimable: true });
    expect(gold.dailyBonus.amount).toBe(1250);
    const claim = await t.api({ method: 'POST', url: '/progression/tier-bonus', headers: p.headers });
    expect(claim.json()).toEqual({ bonus: 3000, currency: 'COIN' });
    expect((await t.api({ method: 'POST', url: '/progression/tier-bonus', headers: p.headers })).json().code).toBe('BONUS_CANNOT_BE_CLAIMED');
    expect((await notifications(p)).notifications.some((n) => n.kind === 'TIER_CHANGED' && n.data.tier === 'GOLD')).toBe(true);
    // 31 days on, no play: earned Bronze, but the tier drops one step only.
    // (The session would have expired by then: the service answers GET /progression's body.)
    const tierAt = async (at: number) => (await progressionOf(db(), settings(), p.id, new Date(at))).vipTier;
    expect(await tierAt(now + 31 * DAY)).toBe('SILVER');
    expect(await tierAt(now + 45 * DAY)).toBe('SILVER');
    expect(await tierAt(now + 62 * DAY)).toBe('BRONZE');
    // At a level-up the tier is evaluated at once: play that earns Silver lifts it the same day.
    clock.setAt(new Date(now + 62 * DAY + HOUR));
    await bet(p, 5_000);
    await afterRealRound(db(), settings(), p.id, clock.now());
    const row = await db().selectFrom('player_progress').select('vip_tier').where('account_id', '=', p.id).executeTakeFirstOrThrow();
    expect(row.vip_tier).toBe(1);
  });

  it('keeps favourites and the last 12 games launched, newest first', async () => {
    const p = await player();
    expect(GameCodeListSchema.parse((await t.api({ method: 'GET', url: '/favourites', headers: p.headers })).json()).gameCodes).toEqual([]);
    expect((await t.api({ method: 'PUT', url: '/favourites/slot-lucky-cat', headers: p.headers })).statusCode).toBe(200);
    clock.setAt(new Date(Date.now() + 1000));
    const put = await t.api({ method: 'PUT', url: '/favourites/roulette-european', headers: p.headers });
    expect(put.json().gameCodes).toEqual(['roulette-european', 'slot-lucky-cat']);
    expect((await t.api({ method: 'PUT', url: '/favourites/roulette-european', headers: p.headers })).json().gameCodes).toHaveLength(2);
    expect((await t.api({ method: 'DELETE', url: '/favourites/roulette-european', headers: p.headers })).json().gameCodes).toEqual(['slot-lucky-cat']);
    expect((await t.api({ method: 'PUT', url: '/favourites/no-such-game', headers: p.headers })).json().code).toBe('GAME_NOT_AVAILABLE');
    expect((await t.api({ method: 'PUT', url: '/favourites/BAD%20CODE', headers: p.headers })).json().code).toBe('REQUEST_VALIDATION_ERROR');
    expect((await t.api({ method: 'GET', url: '/favourites' })).statusCode).toBe(401);
    clock.reset();
    const codes = (await db().selectFrom('games').select('code').where('is_enabled', '=', true).orderBy('code').limit(13).execute()).map((g) => g.code);
    for (const [i, code] of codes.entries()) {
      clock.setAt(new Date(Date.now() + i * 1000));
      expect((await t.api({ method: 'GET', url: `/launchgame?gameCode=${code}&language=ja`, headers: p.headers })).statusCode).toBe(200);
    }
    const recent = GameCodeListSchema.parse((await t.api({ method: 'GET', url: '/recently-played', headers: p.headers })).json()).gameCodes;
    expect(recent).toEqual(codes.slice(1).reverse());
  });

  it('offers and pays nothing during a break: no mission, no streak bonus, no tier bonus, no level reward until it ends', async () => {
    const p = await player(1_000_000);
    await bet(p, 5_000); // Silver, level 5 reached (500 XP)
    const now = Date.now();
    await takeBreak(db(), p.id, 1, new Date(now));
    clock.setAt(new Date(now + 1000));
    const list = await missions(p);
    expect(list).toMatchObject({ missions: [], paused: 'BREAK' });
    const prog = await progression(p);
    expect(prog).toMatchObject({ paused: true, dailyBonus: { amount: 0 }, tierBonus: { amount: 0, claimable: false } });
    expect((await t.api({ method: 'POST', url: '/claimDailyBonus', headers: p.headers })).json().code).toBe('PLAY_BREAK_ACTIVE');
    expect((await t.api({ method: 'POST', url: '/progression/tier-bonus', headers: p.headers })).json().code).toBe('PLAY_BREAK_ACTIVE');
    await afterRealRound(db(), settings(), p.id, clock.now());
    expect(await journal(p, 'LEVEL_REWARD')).toEqual([]);
    expect(await journal(p, 'DAILY_BONUS')).toEqual([]);
    // Back from the break: the levels reached are paid, once each.
    clock.setAt(new Date(now + DAY + 1000));
    expect((await progression(p)).paused).toBe(false);
    expect((await journal(p, 'LEVEL_REWARD')).map((r) => r.amount)).toEqual([500, 700, 900, 1200]);
  });

  it('shows no mission at a reached daily limit and none asking more than the daily wager limit', async () => {
    const p = await player();
    await updatePlayControls(db(), p.id, { dailyWagerLimit: 500 }, clock.now());
    const list = await missions(p);
    expect(list.missions.length).toBeGreaterThan(0);
    for (const m of list.missions) expect(m.kind === 'WAGERED' ? m.target : 0).toBeLessThanOrEqual(500);
    for (const code of list.missions.map((m) => m.code)) expect(['wager-table-1000', 'wager-any-2000']).not.toContain(code);
    await bet(p, 500);
    expect(await missions(p)).toMatchObject({ missions: [], paused: 'LIMIT' });
  });

  it('answers 401 signed out and refuses a malformed mission id', async () => {
    for (const url of ['/progression', '/missions', '/notifications', '/recently-played']) expect((await t.api({ method: 'GET', url })).statusCode).toBe(401);
    const p = await player();
    const bad = await t.api({ method: 'POST', url: '/missions/nope/claim', headers: p.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('REQUEST_VALIDATION_ERROR');
    const read = await t.api({ method: 'POST', url: '/notifications/read', headers: p.headers, payload: { upTo: 'x' } });
    expect(read.json().code).toBe('REQUEST_VALIDATION_ERROR');
  });
});
