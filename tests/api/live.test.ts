import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_TABLES, liveResult, seedInChain, type LiveResult } from '../../contracts/live-tables';
import { clock } from '../../server/clock';
import { LEASE_MS, LiveRunner, STALE_MS } from '../../server/modules/live/runner';
import { postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';

/**
 * The shared live tables' rounds and money (docs/decisions/0025): bets through the wallet once,
 * the close by the server's clock, settlement once, a clock holder that dies, the seed chain,
 * player protection. Runs on the embedded database, and on PostgreSQL with TEST_DATABASE_URL.
 */
const roulette = LIVE_TABLES.find((t) => t.id === 'roulette-live')!;
const baccarat = LIVE_TABLES.find((t) => t.id === 'baccarat-live')!;

let t: TestApp;
let runner: LiveRunner;
beforeAll(async () => {
  t = await createTestApp();
  runner = t.app.live.runner;
});
afterAll(async () => {
  clock.reset();
  await t?.close();
});
afterEach(() => clock.reset());

async function fundedPlayer(coins = 10_000): Promise<TestPlayer> {
  const p = await createTestPlayer(t.testDb.db);
  await postMovement(t.testDb.db, { accountId: p.id, type: 'SIGNUP_BONUS', amount: coins, idempotencyKey: `live-test:${p.id}` });
  return p;
}

async function balanceOf(p: TestPlayer): Promise<number> {
  const res = await t.api({ method: 'GET', url: '/balance', headers: p.headers });
  return res.json().balance;
}

/** Moves the clock to `ms` and runs one step of the table's clock. */
async function stepAt(tableId: string, ms: number, on: LiveRunner = runner) {
  clock.setAt(new Date(ms));
  return on.step(tableId);
}

/** The table's current round from the snapshot. */
async function currentRound(tableId: string) {
  const res = await t.api({ method: 'GET', url: `/live/tables/${tableId}` });
  expect(res.statusCode).toBe(200);
  return res.json().state.round as { roundId: string; closesAt: number; resultAt: number; nextAt: number; phase: string; seedHash: string; position: number };
}

/** Opens a fresh round at the table, stepping its clock (10 s at a time) past whatever round is in flight. */
async function openRound(tableId: string, on: LiveRunner = runner, from = Math.max(Date.now(), clock.ms())) {
  let now = from;
  for (let i = 0; i < 20; i++) {
    if ((await stepAt(tableId, now, on)) === 'opened') return { ...(await currentRound(tableId)), start: now };
    now += 10_000;
  }
  throw new Error('no round opened');
}

const bet = (p: TestPlayer, tableId: string, body: object) => t.api({ method: 'POST', url: `/live/tables/${tableId}/bets`, headers: p.headers, payload: body });

describe('live tables: bets and rounds', () => {
  it('a bet inside the window debits once, even as 20 simultaneous requests with one request id', async () => {
    const p = await fundedPlayer(5_000);
    const round = await openRound(roulette.id);
    clock.setAt(new Date(round.start + 1000));
    const requestId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => bet(p, roulette.id, { roundId: round.roundId, requestId, bets: [{ spot: 'red', amount: 100 }] })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().betId)).size).toBe(1);
    expect(answers.filter((a) => !a.json().replayed)).toHaveLength(1);
    expect(await balanceOf(p)).toBe(4_900);
    const journal = await t.testDb.db.selectFrom('wallet_journal').select(['amount']).where('account_id', '=', p.id).where('type', '=', 'BET').execute();
    expect(journal.map((j) => Number(j.amount))).toEqual([-100]);
  });

  it('a bet after the close answers BETTING_CLOSED and changes nothing', async () => {
    const p = await fundedPlayer(5_000);
    const round = await openRound(roulette.id);
    // By the server's clock, at the close time exactly: closed, even before the table's clock moved the round.
    clock.setAt(new Date(round.closesAt));
    const late = await bet(p, roulette.id, { roundId: round.roundId, requestId: randomUUID(), bets: [{ spot: 'black', amount: 100 }] });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('BETTING_CLOSED');
    // And once the clock closed it, even with the time set back.
    await stepAt(roulette.id, round.closesAt);
    clock.setAt(new Date(round.start + 10));
    const after = await bet(p, roulette.id, { roundId: round.roundId, requestId: randomUUID(), bets: [{ spot: 'black', amount: 100 }] });
    expect(after.json().code).toBe('BETTING_CLOSED');
    expect(await balanceOf(p)).toBe(5_000);
    const rows = await t.testDb.db.selectFrom('live_bets').select('id').where('account_id', '=', p.id).execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses spots the table does not have, amounts off its limits, and opposing spots, moving nothing', async () => {
    const p = await fundedPlayer(50_000);
    const round = await openRound(roulette.id);
    clock.setAt(new Date(round.start + 100));
    const tries = [
      [{ spot: 'player', amount: 100 }],
      [{ spot: 'split-1-5', amount: 100 }],
      [{ spot: 'red', amount: 15 }],
      [{ spot: 'red', amount: 5 }],
      [{ spot: 'straight-7', amount: 5010 }],
    ];
    for (const bets of tries) {
      const res = await bet(p, roulette.id, { roundId: round.roundId, requestId: randomUUID(), bets });
      expect(res.statusCode, JSON.stringify(bets)).toBe(400);
      expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
    }
    expect((await bet(p, roulette.id, { roundId: round.roundId, requestId: randomUUID(), bets: [{ spot: 'red', amount: 100 }] })).statusCode).toBe(200);
    const opposing = await bet(p, roulette.id, { roundId: round.roundId, requestId: randomUUID(), bets: [{ spot: 'black', amount: 100 }] });
    expect(opposing.json().code).toBe('OPPOSING_BETS');
    // Per round: at most maxRoundTotal, counting the earlier bets.
    const over = await bet(p, roulette.id, {
      roundId: round.roundId,
      requestId: randomUUID(),
      bets: [
        { spot: 'dozen-1', amount: 5000 },
        { spot: 'dozen-2', amount: 5000 },
        { spot: 'dozen-3', amount: 5000 },
        { spot: 'column-1', amount: 5000 },
      ],
    });
    expect(over.json().code).toBe('REQUEST_VALIDATION_ERROR');
    expect(await balanceOf(p)).toBe(49_900);
  });

  it('settles each bet once at the result: winners credited what the result pays, by the seed of the published chain', async () => {
    const players = await Promise.all([fundedPlayer(), fundedPlayer(), fundedPlayer()]);
    const round = await openRound(baccarat.id);
    clock.setAt(new Date(round.start + 500));
    const spots = ['player', 'banker', 'tie'];
    for (const [i, p] of players.entries()) {
      const res = await bet(p, baccarat.id, { roundId: round.roundId, requestId: randomUUID(), bets: [{ spot: spots[i], amount: 1000 }] });
      expect(res.statusCode).toBe(200);
    }
    await stepAt(baccarat.id, round.closesAt);
    // Before the result, the seed stays secret.
    const before = (await t.api({ method: 'GET', url: `/live/rounds/${round.roundId}` })).json();
    expect(before.seed).toBeNull();
    expect(before.status).toBe('drawing');
    expect(before.totals).toEqual({ player: 1000, banker: 1000, tie: 1000 });
    expect(await stepAt(baccarat.id, round.resultAt)).toBe('settled');
    // A second settle (another instance, or this one again) does nothing.
    const other = new LiveRunner(t.testDb.db, t.app.live.broker, t.app.live.hub, 'other-instance', t.app.log, false);
    clock.setAt(new Date(round.resultAt + LEASE_MS + 1));
    runner.forget();
    await (other as unknown as { settle: (...a: unknown[]) => Promise<unknown> }).settle(
      baccarat,
      { ...(await t.testDb.db.selectFrom('live_rounds').selectAll().where('id', '=', round.roundId).executeTakeFirstOrThrow()), status: 'drawing' },
      clock.ms(),
    );
    const record = (await t.api({ method: 'GET', url: `/live/rounds/${round.roundId}` })).json();
    expect(record.status).toBe('settled');
    const chain = (await t.api({ method: 'GET', url: `/live/tables/${baccarat.id}/chain` })).json();
    const published = chain.chains.find((c: { chainId: number }) => c.chainId === record.chainId);
    expect(seedInChain(record.seed, record.position, published.terminalHash)).toBe(true);
    expect(seedInChain(record.seed, record.position + 1, published.terminalHash)).toBe(false);
    const result = liveResult(baccarat, record.seed) as Extract<LiveResult, { kind: 'baccarat' }>;
    expect(record.result).toEqual(result);
    const pays = {
      player: result.outcome === 'player' ? 2000 : result.outcome === 'tie' ? 1000 : 0,
      banker: result.outcome === 'banker' ? 1950 : result.outcome === 'tie' ? 1000 : 0,
      tie: result.outcome === 'tie' ? 9000 : 0,
    };
    for (const [i, p] of players.entries()) {
      const wins = await t.testDb.db.selectFrom('wallet_journal').select('amount').where('account_id', '=', p.id).where('type', '=', 'WIN').execute();
      const expected = pays[spots[i] as keyof typeof pays];
      expect(wins.map((w) => Number(w.amount))).toEqual(expected ? [expected] : []);
      expect(await balanceOf(p)).toBe(10_000 - 1000 + expected);
    }
    const ended = await t.testDb.db.selectFrom('live_bets').select('status').where('round_id', '=', round.roundId).execute();
    expect(ended.every((b) => b.status === 'won' || b.status === 'lost')).toBe(true);
    await other.stop();
  });

  it('the clock holder dies mid-round: another instance takes the lease over and completes the round once, with the same result', async () => {
    const p = await fundedPlayer();
    const a = new LiveRunner(t.testDb.db, t.app.live.broker, t.app.live.hub, 'instance-a', t.app.log, false);
    const b = new LiveRunner(t.testDb.db, t.app.live.broker, t.app.live.hub, 'instance-b', t.app.log, false);
    runner.forget();
    // Instance a holds the table (its lease taken over from the app's own runner once that lapsed).
    const { start: now } = await openRound(roulette.id, a, Math.max(Date.now(), clock.ms()) + LEASE_MS + 1);
    const round = await currentRound(roulette.id);
    clock.setAt(new Date(now + 100));
    expect(
      (
        await bet(p, roulette.id, {
          roundId: round.roundId,
          requestId: randomUUID(),
          bets: [
            { spot: 'straight-0', amount: 100 },
            { spot: 'low', amount: 100 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    // a dies holding the lease: b cannot take the table until the lease lapses.
    a.forget();
    expect(await stepAt(roulette.id, now + 200, b)).toBe('none');
    const takenBefore = b.counts.takenOver;
    expect(await stepAt(roulette.id, now + LEASE_MS + 1, b)).not.toBe('none');
    expect(b.counts.takenOver).toBe(takenBefore + 1);
    // b completes the round: closes it, then settles it with the seed's result.
    let did = '';
    for (let i = 0; i < 4 && did !== 'settled'; i++) did = await stepAt(roulette.id, round.resultAt + i, b);
    expect(did).toBe('settled');
    const record = (await t.api({ method: 'GET', url: `/live/rounds/${round.roundId}` })).json();
    expect(record.result).toEqual(liveResult(roulette, record.seed));
    const n = (record.result as Extract<LiveResult, { kind: 'roulette' }>).number;
    const expected = (n === 0 ? 3600 : 0) + (n >= 1 && n <= 18 ? 200 : 0);
    const moves = await t.testDb.db
      .selectFrom('wallet_journal')
      .select(['type', 'amount'])
      .where('account_id', '=', p.id)
      .where('type', 'in', ['WIN', 'REFUND'])
      .execute();
    expect(moves.map((m) => [m.type, Number(m.amount)])).toEqual(expected ? [['WIN', expected]] : []);
    await a.stop();
    await b.stop();
  });

  it('a round nobody could finish in time is refunded once, never paid', async () => {
    const p = await fundedPlayer();
    const a = new LiveRunner(t.testDb.db, t.app.live.broker, t.app.live.hub, 'instance-c', t.app.log, false);
    const b = new LiveRunner(t.testDb.db, t.app.live.broker, t.app.live.hub, 'instance-d', t.app.log, false);
    runner.forget();
    const { start: now } = await openRound(baccarat.id, a, Math.max(Date.now(), clock.ms()) + 10 * LEASE_MS);
    const round = await currentRound(baccarat.id);
    clock.setAt(new Date(now + 100));
    expect((await bet(p, baccarat.id, { roundId: round.roundId, requestId: randomUUID(), bets: [{ spot: 'banker', amount: 400 }] })).statusCode).toBe(200);
    a.forget();
    // Every instance was down until well past the round's result time.
    expect(await stepAt(baccarat.id, round.resultAt + STALE_MS + 1, b)).toBe('refunded');
    await stepAt(baccarat.id, round.resultAt + STALE_MS + 2, b);
    const moves = await t.testDb.db
      .selectFrom('wallet_journal')
      .select(['type', 'amount'])
      .where('account_id', '=', p.id)
      .where('type', 'in', ['WIN', 'REFUND'])
      .execute();
    expect(moves.map((m) => [m.type, Number(m.amount)])).toEqual([['REFUND', 400]]);
    expect(await balanceOf(p)).toBe(10_000);
    // A late settle of the same round (an instance that still thought it held the clock) changes nothing.
    const row = await t.testDb.db.selectFrom('live_rounds').selectAll().where('id', '=', round.roundId).executeTakeFirstOrThrow();
    await (b as unknown as { settle: (...a: unknown[]) => Promise<unknown> }).settle(baccarat, { ...row, status: 'drawing' }, clock.ms());
    const record = (await t.api({ method: 'GET', url: `/live/rounds/${round.roundId}` })).json();
    expect(record.status).toBe('refunded');
    expect(record.result).toBeNull();
    expect(record.seed).not.toBeNull();
    const after = await t.testDb.db
      .selectFrom('wallet_journal')
      .select(['type'])
      .where('account_id', '=', p.id)
      .where('type', 'in', ['WIN', 'REFUND'])
      .execute();
    expect(after).toHaveLength(1);
    await a.stop();
    await b.stop();
  });

  it('a player on a break or self-excluded may watch, not bet; a visitor watches and cannot bet', async () => {
    const onBreak = await fundedPlayer();
    const excluded = await fundedPlayer();
    const now = new Date();
    await t.testDb.db
      .insertInto('play_controls')
      .values({ account_id: onBreak.id, break_until: new Date(now.getTime() + 86_400_000), updated_at: now })
      .execute();
    await t.testDb.db
      .insertInto('play_controls')
      .values({ account_id: excluded.id, exclusion_until: new Date(now.getTime() + 86_400_000 * 180), updated_at: now })
      .execute();
    const round = await openRound(roulette.id);
    clock.setAt(new Date(round.start + 100));
    const body = () => ({ roundId: round.roundId, requestId: randomUUID(), bets: [{ spot: 'red', amount: 100 }] });
    expect((await bet(onBreak, roulette.id, body())).json().code).toBe('PLAY_BREAK_ACTIVE');
    expect((await bet(excluded, roulette.id, body())).json().code).toBe('SELF_EXCLUDED');
    for (const p of [onBreak, excluded]) {
      const snap = await t.api({ method: 'GET', url: `/live/tables/${roulette.id}`, headers: p.headers });
      expect(snap.statusCode).toBe(200);
      expect(snap.json().state.round.roundId).toBe(round.roundId);
    }
    const visitor = await t.api({ method: 'POST', url: `/live/tables/${roulette.id}/bets`, payload: body() });
    expect(visitor.json().code).toBe('UNAUTHORIZED');
    expect(await balanceOf(onBreak)).toBe(10_000);
  });

  it('lists every table with its phase, countdown and last results', async () => {
    const res = await t.api({ method: 'GET', url: '/live/tables' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tables.map((x: { id: string }) => x.id)).toEqual(LIVE_TABLES.map((x) => x.id));
    const b = body.tables.find((x: { id: string }) => x.id === baccarat.id);
    expect(b.lastResults.length).toBeGreaterThan(0);
    expect(['betting', 'drawing', 'result', 'waiting']).toContain(b.phase);
  });
});

describe.skipIf(!onPostgres)('live tables on PostgreSQL: a bet racing the close', () => {
  it('bets sent while the clock closes the round are either in the round and settled, or refused and not debited', async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => fundedPlayer(1000)));
    const round = await openRound(roulette.id);
    clock.setAt(new Date(round.closesAt - 1));
    const sends = players.map((p) => bet(p, roulette.id, { roundId: round.roundId, requestId: randomUUID(), bets: [{ spot: 'odd', amount: 100 }] }));
    const close = runner.step(roulette.id);
    const answers = await Promise.all(sends);
    await close;
    clock.setAt(new Date(round.resultAt));
    await runner.step(roulette.id);
    await runner.step(roulette.id);
    for (const [i, p] of players.entries()) {
      const a = answers[i];
      const debits = await t.testDb.db.selectFrom('wallet_journal').select('amount').where('account_id', '=', p.id).where('type', '=', 'BET').execute();
      if (a.statusCode === 200) expect(debits).toHaveLength(1);
      else {
        expect(a.json().code).toBe('BETTING_CLOSED');
        expect(debits).toHaveLength(0);
      }
    }
    const open = await t.testDb.db.selectFrom('live_bets').select('id').where('round_id', '=', round.roundId).where('status', '=', 'placed').execute();
    expect(open).toHaveLength(0);
  });
});
