import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HouseSessionResponseSchema } from '../../contracts/games';
import { RaffleDefinitionSchema, RaffleHistorySchema, RaffleListSchema, RaffleRecordSchema, RaffleStandingSchema } from '../../contracts/raffle';
import { verifyRaffleRecord } from '../../contracts/raffle-draw';
import { clock } from '../../server/clock';
import { createDb, type Db } from '../../server/db';
import { seedGames } from '../../server/modules/games/service';
import { coinSeamlessWallet as wallet } from '../../server/modules/house/seamless-wallet';
import { drawDueRaffles, drawRaffle } from '../../server/modules/raffle/draw';
import { createRaffle, findRaffle } from '../../server/modules/raffle/service';
import { checkConservation, postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';

const dbName = onPostgres ? 'PostgreSQL' : 'PGlite';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Raffles (docs/decisions/0006-raffle-draws.md): tickets from real-coin wagers in the window (demo and refunded bets left
 * out), the standing and history calls, and draws that happen exactly once and that anyone can
 * recompute from the public record. Each test stands at its own day (the one clock), so only its
 * own raffle is current there.
 */
describe(`raffles (${dbName})`, () => {
  let t: TestApp;
  const db = () => t.testDb.db;
  const base = Math.floor(Date.now() / HOUR) * HOUR + HOUR;
  let day = 0;
  /** A fresh period for a test: its raffle window starts an hour into it. */
  const period = () => base + ++day * DAY;

  const fund = (accountId: string, amount: number) =>
    postMovement(db(), { accountId, type: 'ADJUSTMENT', amount, idempotencyKey: `fund-${randomUUID()}`, reason: 'test' });
  const funded = async (amount = 100_000) => {
    const p = await createTestPlayer(db());
    await fund(p.id, amount);
    return p;
  };
  const raffle = async (start: number, over: Partial<Record<string, unknown>> = {}) => {
    const def = RaffleDefinitionSchema.parse({
      ref: `r-${randomUUID().slice(0, 8)}`,
      startDateUtc: new Date(start).toISOString(),
      endDateUtc: new Date(start + HOUR).toISOString(),
      raffleDrawDate: new Date(start + HOUR + 10 * 60 * 1000).toISOString(),
      wagerPerEntry: 100,
      prizes: [{ amount: 5_000 }, { amount: 1_000, count: 2 }],
      translations: [
        { languageCode: 'ja', title: 'テスト抽選' },
        { languageCode: 'en', title: 'Test raffle' },
        { languageCode: 'default', title: 'Test raffle (default)' },
      ],
      ...over,
    });
    const created = await createRaffle(db(), def);
    return { ...created, start, end: start + HOUR, draw: start + HOUR + 10 * 60 * 1000 };
  };
  /** A real-coin bet settled at `at`, through the seamless wallet (as a game provider places it). */
  const bet = async (p: TestPlayer, amount: number, at: number, gameCode = 'slot-neon-sevens') => {
    clock.setAt(new Date(at));
    const call = { provider: 'ext', txId: `bet-${randomUUID()}`, roundId: randomUUID(), accountId: p.id, amount, gameCode };
    await wallet.bet(db(), call);
    return call;
  };
  const standing = async (p: TestPlayer, at: number) => {
    clock.setAt(new Date(at));
    const res = await t.api({ method: 'GET', url: '/currentRaffle', headers: p.headers });
    expect(res.statusCode).toBe(200);
    return RaffleStandingSchema.parse(res.json());
  };
  const record = async (ref: string) => {
    const res = await t.api({ method: 'GET', url: `/raffles/${ref}/record` });
    expect(res.statusCode).toBe(200);
    return RaffleRecordSchema.parse(res.json());
  };
  const prizeRows = (accountIds: string[]) =>
    db()
      .selectFrom('wallet_journal')
      .select(['account_id', 'amount', 'idempotency_key'])
      .where('type', '=', 'RAFFLE_PRIZE')
      .where('account_id', 'in', accountIds)
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ PHONE_VERIFICATION_REQUIRED: 'false' });
    await seedGames(db());
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  it('answers 200 with raffleMetaData null when no raffle is running or scheduled, and 401 signed out', async () => {
    const p = await funded();
    expect(await standing(p, base)).toEqual({ raffleMetaData: null, numEntries: 0, wagerPerEntry: 0, amountLeftForNextEntry: 0 });
    expect((await t.api({ method: 'GET', url: '/currentRaffle' })).statusCode).toBe(401);
    expect((await t.api({ method: 'GET', url: '/raffle-history' })).statusCode).toBe(401);
  });

  it('counts one ticket per wagerPerEntry coins: 99 -> 0 (1 left), 100 -> 1 (100 left), 250 -> 2 (50 left)', async () => {
    const r = await raffle(period());
    const p = await funded();
    await bet(p, 99, r.start + 1_000);
    expect(await standing(p, r.start + 2_000)).toMatchObject({ numEntries: 0, wagerPerEntry: 100, amountLeftForNextEntry: 1 });
    await bet(p, 1, r.start + 3_000);
    expect(await standing(p, r.start + 4_000)).toMatchObject({ numEntries: 1, amountLeftForNextEntry: 100 });
    await bet(p, 150, r.start + 5_000);
    const s = await standing(p, r.start + 6_000);
    expect(s).toMatchObject({ numEntries: 2, amountLeftForNextEntry: 50 });
    expect(s.raffleMetaData).toMatchObject({ tournamentRef: r.ref, kind: 'RAFFLE', tournamentStatus: 'ACTIVE', baseCurrency: 'PTS', raffleDrawResult: null });
  });

  it('counts bets settled in [start, end): at the start yes, 1 ms before it no, 1 ms before the end yes, at the end no', async () => {
    const r = await raffle(period());
    const p = await funded();
    await bet(p, 1_000, r.start - 1);
    expect(await standing(p, r.start - 1)).toMatchObject({ numEntries: 0, raffleMetaData: { tournamentStatus: 'SCHEDULED' } });
    await bet(p, 100, r.start);
    await bet(p, 200, r.end - 1);
    expect(await standing(p, r.end - 1)).toMatchObject({ numEntries: 3 });
    await bet(p, 1_000, r.end);
    // After the end the raffle is no longer current; its frozen list at the draw shows 3 tickets.
    clock.setAt(new Date(r.draw));
    await drawDueRaffles(db(), clock.now());
    const rec = await record(r.ref);
    expect(rec.totalTickets).toBe(3);
    expect(rec.tickets).toHaveLength(1);
  });

  it('counts only the raffle games when it names some', async () => {
    const r = await raffle(period(), { games: ['roulette-european'] });
    const p = await funded();
    await bet(p, 500, r.start + 1_000, 'slot-neon-sevens');
    await bet(p, 300, r.start + 2_000, 'roulette-european');
    expect(await standing(p, r.start + 3_000)).toMatchObject({ numEntries: 3 });
  });

  it('stops counting a refunded bet', async () => {
    const r = await raffle(period());
    const p = await funded();
    await bet(p, 300, r.start + 1_000);
    const refunded = await bet(p, 400, r.start + 2_000);
    expect(await standing(p, r.start + 3_000)).toMatchObject({ numEntries: 7 });
    await wallet.rollback(db(), {
      provider: 'ext',
      txId: `rb-${randomUUID()}`,
      roundId: refunded.roundId,
      accountId: p.id,
      betTxId: refunded.txId,
      gameCode: refunded.gameCode,
    });
    expect(await standing(p, r.start + 4_000)).toMatchObject({ numEntries: 3, amountLeftForNextEntry: 100 });
  });

  it('counts real-coin rounds played through the house API, and never demo play', async () => {
    const r = await raffle(period());
    const p = await funded();
    clock.setAt(new Date(r.start + 1_000));
    const sessionOf = async (url: string, headers = {}) => {
      const launched = await t.api({ method: 'GET', url, headers });
      expect(launched.statusCode).toBe(200);
      const token = new URL(launched.json().url, 'http://x').searchParams.get('token')!;
      const res = await t.api({ method: 'POST', url: '/house/session', payload: { token } });
      expect(res.statusCode).toBe(200);
      return HouseSessionResponseSchema.parse(res.json()).session;
    };
    const spin = (session: string) =>
      t.api({ method: 'POST', url: '/house/play', payload: { session, input: { kind: 'slot', bet: 50 }, requestId: randomUUID() } });
    const demo = await sessionOf('/launch-demo?gameCode=slot-neon-sevens&currency=PTS&language=en', p.headers);
    for (let i = 0; i < 4; i++) expect((await spin(demo)).statusCode).toBe(200);
    expect(await standing(p, r.start + 2_000)).toMatchObject({ numEntries: 0, amountLeftForNextEntry: 100 });
    clock.setAt(new Date(r.start + 3_000));
    const real = await sessionOf('/launchgame?gameCode=slot-neon-sevens&language=en', p.headers);
    for (let i = 0; i < 5; i++) expect((await spin(real)).statusCode).toBe(200);
    expect(await standing(p, r.start + 60_000)).toMatchObject({ numEntries: 2, amountLeftForNextEntry: 50 });
  });

  it('loses no ticket and counts none twice: 90 random bets, in and out of the window, on several games, some refunded, some concurrent', async () => {
    const r = await raffle(period(), { games: ['slot-neon-sevens', 'roulette-european'], wagerPerEntry: 70 });
    const players = await Promise.all(Array.from({ length: 3 }, () => funded(1_000_000)));
    const games = ['slot-neon-sevens', 'roulette-european', 'baccarat-classic'];
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n;
    const expected = new Map(players.map((p) => [p.id, 0]));
    const placed: Array<{ p: TestPlayer; call: Awaited<ReturnType<typeof bet>>; counts: boolean; amount: number }> = [];
    for (let i = 0; i < 90; i++) {
      const p = players[rand(players.length)];
      const amount = 1 + rand(120);
      // Times from 10 s before the start to 10 s after the end, the edges themselves included.
      const offsets = [-1, 0, 1, HOUR - 1, HOUR, HOUR + 1];
      const at = i % 10 === 0 ? r.start + offsets[rand(offsets.length)] : r.start - 10_000 + rand(HOUR + 20_000);
      const gameCode = games[rand(games.length)];
      const call = await bet(p, amount, at, gameCode);
      const counts = at >= r.start && at < r.end && gameCode !== 'baccarat-classic';
      placed.push({ p, call, counts, amount });
    }
    // A third of the bets are refunded, several at the same time.
    const refunds = placed.filter((_, i) => i % 3 === 1);
    clock.setAt(new Date(r.start + 30 * 60 * 1000));
    await Promise.all(
      refunds.map(({ p, call }) =>
        wallet.rollback(db(), {
          provider: 'ext',
          txId: `rb-${randomUUID()}`,
          roundId: call.roundId,
          accountId: p.id,
          betTxId: call.txId,
          gameCode: call.gameCode,
        }),
      ),
    );
    for (const x of placed) if (x.counts && !refunds.includes(x)) expected.set(x.p.id, expected.get(x.p.id)! + x.amount);
    for (const p of players) {
      const s = await standing(p, r.start + 30 * 60 * 1000);
      const wagered = expected.get(p.id)!;
      expect(s, p.id).toMatchObject({ numEntries: Math.floor(wagered / 70), amountLeftForNextEntry: 70 - (wagered % 70) });
    }
    // The frozen list at the draw holds the same tickets.
    clock.setAt(new Date(r.draw));
    await drawDueRaffles(db(), clock.now());
    const rec = await record(r.ref);
    const total = [...expected.values()].reduce((n, w) => n + Math.floor(w / 70), 0);
    expect(rec.totalTickets).toBe(total);
    expect(rec.tickets!.reduce((n, h) => n + h.tickets, 0)).toBe(total);
  });

  it('publishes the commitment at creation and reveals the seed at the draw: the record alone recomputes the same winners', async () => {
    const r = await raffle(period());
    const players = await Promise.all(Array.from({ length: 5 }, () => funded()));
    for (const [i, p] of players.entries()) await bet(p, 100 * (i + 1) + 50, r.start + 1_000 * (i + 1));
    const before = await record(r.ref);
    expect(before).toMatchObject({ commitment: r.commitment, serverSeed: null, tickets: null, winners: [], status: 'ACTIVE' });
    clock.setAt(new Date(r.end + 1));
    expect((await record(r.ref)).status).toBe('CLOSED');
    expect((await drawDueRaffles(db(), clock.now())).filter((o) => o.ref === r.ref)).toEqual([]);
    clock.setAt(new Date(r.draw));
    const outcome = (await drawDueRaffles(db(), clock.now())).find((o) => o.ref === r.ref)!;
    expect(outcome.totalTickets).toBe(1 + 2 + 3 + 4 + 5);
    const rec = await record(r.ref);
    expect(rec.status).toBe('DRAWN');
    expect(rec.commitment).toBe(before.commitment);
    expect(rec.winners).toHaveLength(3);
    expect(new Set(rec.winners.map((w) => w.holder)).size).toBe(3);
    expect(rec.winners.map((w) => w.amount)).toEqual([5_000, 1_000, 1_000]);
    // Holders are pseudonyms: no account id or reference appears in the record.
    const text = JSON.stringify(rec);
    for (const p of players) expect(text.includes(p.id) || text.includes(p.accountRef)).toBe(false);
    const check = verifyRaffleRecord({ ...rec, serverSeed: rec.serverSeed!, ticketListHash: rec.ticketListHash!, tickets: rec.tickets! });
    expect(check).toMatchObject({ commitmentMatches: true, ticketListHashMatches: true, winnersMatch: true });
    expect(check.recomputed).toEqual(rec.winners);
    // A tampered list or seed no longer checks out.
    const tampered = rec.tickets!.map((h, i) => (i === 0 ? { ...h, tickets: h.tickets + 1 } : h));
    expect(verifyRaffleRecord({ ...rec, serverSeed: rec.serverSeed!, ticketListHash: rec.ticketListHash!, tickets: tampered }).ticketListHashMatches).toBe(
      false,
    );
    expect(verifyRaffleRecord({ ...rec, serverSeed: `x${rec.serverSeed}`, ticketListHash: rec.ticketListHash!, tickets: rec.tickets! }).commitmentMatches).toBe(
      false,
    );
  });

  it('credits each prize once through the wallet (RAFFLE_PRIZE); drawing again pays nothing', async () => {
    const r = await raffle(period(), { prizes: [{ amount: 7_000 }, { amount: 700, count: 5 }] });
    const players = await Promise.all(Array.from({ length: 3 }, () => funded(10_000)));
    for (const p of players) await bet(p, 1_000, r.start + 1_000);
    clock.setAt(new Date(r.draw + 1));
    const outcome = (await drawDueRaffles(db(), clock.now())).find((o) => o.ref === r.ref)!;
    // Three holders, six places: each holder wins once (no repeated winner), three places stay empty.
    expect(outcome.winners).toHaveLength(3);
    const id = Number((await findRaffle(db(), r.ref))!.id);
    expect(await drawRaffle(db(), id, clock.now())).toBeNull();
    expect(await drawDueRaffles(db(), clock.now())).toEqual([]);
    const rows = await prizeRows(players.map((p) => p.id));
    expect(rows.map((x) => Number(x.amount)).sort((a, b) => a - b)).toEqual([700, 700, 7_000]);
    const balances = await db()
      .selectFrom('wallets')
      .select(['account_id', 'balance'])
      .where(
        'account_id',
        'in',
        players.map((p) => p.id),
      )
      .execute();
    expect(balances.map((b) => Number(b.balance)).sort((a, b) => a - b)).toEqual([9_700, 9_700, 16_000]);
    expect((await checkConservation(db())).problems).toEqual([]);
  });

  it(`two draw workers racing draw once (${onPostgres ? 'two connection pools on one PostgreSQL' : 'concurrent calls on the embedded database'})`, async () => {
    const r = await raffle(period());
    const players = await Promise.all(Array.from({ length: 4 }, () => funded()));
    for (const p of players) await bet(p, 500, r.start + 1_000);
    const second: Db = onPostgres ? createDb({ databaseUrl: t.testDb.url }) : db();
    try {
      const now = new Date(r.draw + 1);
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => drawDueRaffles(i % 2 ? second : db(), now)));
      expect(results.flat().filter((o) => o.ref === r.ref)).toHaveLength(1);
    } finally {
      if (onPostgres) await second.destroy();
    }
    const rows = await prizeRows(players.map((p) => p.id));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((x) => x.idempotency_key)).size).toBe(3);
    const entries = await db()
      .selectFrom('raffle_entries')
      .select('account_id')
      .where('tournament_id', '=', Number((await findRaffle(db(), r.ref))!.id))
      .execute();
    expect(entries).toHaveLength(4);
    expect((await checkConservation(db())).problems).toEqual([]);
  });

  it('catches up after downtime: every raffle whose draw date passed while no server ran is drawn by the first check, once', async () => {
    const start = period();
    const rs = [await raffle(start), await raffle(start + 2 * HOUR), await raffle(start + 4 * HOUR)];
    const p = await funded();
    for (const r of rs) await bet(p, 200, r.start + 1_000);
    clock.setAt(new Date(start + 3 * DAY));
    const drawn = await drawDueRaffles(db(), clock.now());
    expect(drawn.map((o) => o.ref).filter((ref) => rs.some((r) => r.ref === ref))).toEqual(rs.map((r) => r.ref));
    expect(await drawDueRaffles(db(), clock.now())).toEqual([]);
    expect(await prizeRows([p.id])).toHaveLength(3);
  });

  it('never draws a cancelled raffle', async () => {
    const r = await raffle(period());
    const p = await funded();
    await bet(p, 500, r.start + 1_000);
    await db().updateTable('tournaments').set({ status: 'CANCELLED' }).where('ref', '=', r.ref).execute();
    clock.setAt(new Date(r.draw + 1));
    expect((await drawDueRaffles(db(), clock.now())).map((o) => o.ref)).not.toContain(r.ref);
    expect((await record(r.ref)).status).toBe('CANCELLED');
  });

  it('lists the player raffle history newest draw first, with a link to each record; other players see none of it', async () => {
    const start = period();
    const older = await raffle(start);
    const newer = await raffle(start + 3 * HOUR);
    const untouched = await raffle(start + 6 * HOUR);
    const p = await funded();
    const other = await funded();
    await bet(p, 100, older.start + 1_000);
    await bet(p, 100, newer.start + 1_000);
    clock.setAt(new Date(untouched.draw + 1));
    await drawDueRaffles(db(), clock.now());
    const res = await t.api({ method: 'GET', url: '/raffle-history?languageCode=en', headers: p.headers });
    expect(res.statusCode).toBe(200);
    const history = RaffleHistorySchema.parse(res.json());
    expect(history.map((h) => h.raffleDrawResult)).toEqual([
      `${t.config.PUBLIC_SITE_URL}/en/raffles/${newer.ref}`,
      `${t.config.PUBLIC_SITE_URL}/en/raffles/${older.ref}`,
    ]);
    expect(history[0].translations).toEqual([
      { languageCode: 'ja', title: 'テスト抽選' },
      { languageCode: 'en', title: 'Test raffle' },
      { languageCode: 'default', title: 'Test raffle (default)' },
    ]);
    expect(history[0].raffleDrawDate).toBe(new Date(newer.draw).toISOString());
    const ja = RaffleHistorySchema.parse((await t.api({ method: 'GET', url: '/raffle-history', headers: p.headers })).json());
    expect(ja[0].raffleDrawResult).toBe(`${t.config.PUBLIC_SITE_URL}/raffles/${newer.ref}`);
    expect((await t.api({ method: 'GET', url: '/raffle-history', headers: other.headers })).json()).toEqual([]);
    expect((await t.api({ method: 'GET', url: '/raffle-history?languageCode=fr', headers: p.headers })).json().code).toBe('REQUEST_VALIDATION_ERROR');
  });

  it('serves the public list and records without sign-in; an unknown ref is 404, a malformed one 400', async () => {
    const r = await raffle(period());
    const list = RaffleListSchema.parse((await t.api({ method: 'GET', url: '/raffles' })).json());
    expect(list[0].ref).toBe(r.ref);
    for (let i = 1; i < list.length; i++) expect(Date.parse(list[i - 1].startDateUtc)).toBeGreaterThanOrEqual(Date.parse(list[i].startDateUtc));
    expect((await t.api({ method: 'GET', url: '/raffles/no-such-raffle/record' })).json()).toMatchObject({ code: 'NOT_FOUND' });
    const bad = await t.api({ method: 'GET', url: '/raffles/Bad%20Ref!/record' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('REQUEST_VALIDATION_ERROR');
  });

  it('refuses a bad raffle definition on the dev route with REQUEST_VALIDATION_ERROR and creates nothing', async () => {
    const start = period();
    const good = {
      ref: 'dev-route-raffle',
      startDateUtc: new Date(start).toISOString(),
      endDateUtc: new Date(start + HOUR).toISOString(),
      raffleDrawDate: new Date(start + 2 * HOUR).toISOString(),
      wagerPerEntry: 100,
      prizes: [{ amount: 100 }],
      translations: [{ languageCode: 'default', title: 'Dev' }],
    };
    for (const payload of [
      { ...good, endDateUtc: good.startDateUtc },
      { ...good, raffleDrawDate: good.startDateUtc },
      { ...good, wagerPerEntry: 0 },
      { ...good, translations: [{ languageCode: 'en', title: 'No default' }] },
      { ...good, ref: 'Bad Ref' },
      { ...good, extra: true },
      { ...good, games: ['no-such-game'] },
    ]) {
      const res = await t.api({ method: 'POST', url: '/dev/raffles', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
    }
    expect(await findRaffle(db(), 'dev-route-raffle')).toBeUndefined();
    expect((await t.api({ method: 'POST', url: '/dev/raffles', payload: good })).statusCode).toBe(200);
    expect((await t.api({ method: 'POST', url: '/dev/raffles', payload: good })).json().code).toBe('REQUEST_VALIDATION_ERROR');
  });

  it('publishes the raffle calls in the OpenAPI document generated from the contracts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    for (const path of ['/api/currentRaffle', '/api/raffle-history', '/api/raffles', '/api/raffles/{ref}/record']) expect(paths[path]?.get, path).toBeDefined();
  });
});
