import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HouseSessionResponseSchema, PlayResponseSchema } from '../../contracts/games';
import { hashPassword } from '../../server/modules/auth/passwords';
import { createResetToken, resetPassword } from '../../server/modules/auth/service';
import { seedGames } from '../../server/modules/games/service';
import { coinSeamlessWallet as wallet } from '../../server/modules/house/seamless-wallet';
import { checkConservation, postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { refusal } from '../support/refusal';

const dbName = onPostgres ? 'PostgreSQL' : 'PGlite';

/**
 * The money path, as a hostile client or a faulty network would try it (docs/decisions/0003-money-path.md): refunds once
 * whatever the rollback's id, order rules, atomicity under an injected fault, one round per client
 * request id, no batch stalled by a wallet locked elsewhere, and play ending with its sign-in.
 */
describe(`the money path (${dbName})`, () => {
  let t: TestApp;
  const db = () => t.testDb.db;
  const gameCode = 'slot-neon-sevens';
  const provider = 'ext';

  const fund = (accountId: string, amount: number) =>
    postMovement(db(), { accountId, type: 'ADJUSTMENT', amount, idempotencyKey: `fund-${randomBytes(6).toString('hex')}`, reason: 'test' });
  const balanceOf = async (accountId: string) =>
    (await db().selectFrom('wallets').select('balance').where('account_id', '=', accountId).executeTakeFirst())?.balance ?? 0;
  const journal = (accountId: string) =>
    db().selectFrom('wallet_journal').select(['type', 'amount']).where('account_id', '=', accountId).orderBy('id').execute();
  const funded = async (amount: number) => {
    const p = await createTestPlayer(db());
    await fund(p.id, amount);
    return p;
  };

  async function launch(who: TestPlayer, code = gameCode) {
    const res = await t.api({ method: 'GET', url: `/launchgame?gameCode=${code}&language=en`, headers: who.headers });
    expect(res.statusCode).toBe(200);
    return new URL(res.json().url, 'http://x').searchParams.get('token')!;
  }
  async function session(who: TestPlayer, code = gameCode) {
    const res = await t.api({ method: 'POST', url: '/house/session', payload: { token: await launch(who, code) } });
    expect(res.statusCode).toBe(200);
    return HouseSessionResponseSchema.parse(res.json()).session;
  }
  const play = (sessionToken: string, input: unknown, requestId: string = randomUUID()) =>
    t.api({ method: 'POST', url: '/house/play', payload: { session: sessionToken, input, requestId } });
  const spin = (sessionToken: string, requestId?: string) => play(sessionToken, { kind: 'slot', bet: 10 }, requestId);

  beforeAll(async () => {
    t = await createTestApp();
    await seedGames(db());
  });
  afterAll(() => t.close());

  describe('seamless wallet: a bet is refunded at most once', () => {
    const bet = async (p: TestPlayer, amount = 500) => {
      const roundId = randomUUID();
      const betTxId = `bet-${randomUUID()}`;
      await wallet.bet(db(), { provider, txId: betTxId, roundId, accountId: p.id, amount, gameCode });
      return { roundId, betTxId };
    };
    const rollback = (p: TestPlayer, b: { roundId: string; betTxId: string }, txId = `rb-${randomUUID()}`) =>
      wallet.rollback(db(), { provider, txId, roundId: b.roundId, accountId: p.id, betTxId: b.betTxId, gameCode });

    it('refunds once when three rollbacks with different ids arrive one after another: 1,000 -> 500 -> 1,000, then 1,000 twice more', async () => {
      const p = await funded(1_000);
      const b = await bet(p);
      expect(await balanceOf(p.id)).toBe(500);
      expect(await rollback(p, b)).toEqual({ balance: 1_000, replayed: false });
      expect(await rollback(p, b)).toEqual({ balance: 1_000, replayed: true });
      expect(await rollback(p, b)).toEqual({ balance: 1_000, replayed: true });
      expect(await balanceOf(p.id)).toBe(1_000);
      expect((await journal(p.id)).map((j) => j.type)).toEqual(['ADJUSTMENT', 'BET', 'REFUND']);
    });

    it('refunds once when 20 rollbacks with different ids arrive at the same time', async () => {
      const p = await funded(1_000);
      const b = await bet(p);
      const answers = await Promise.all(Array.from({ length: 20 }, () => rollback(p, b)));
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
      expect(answers.every((a) => a.balance === 1_000)).toBe(true);
      expect(await balanceOf(p.id)).toBe(1_000);
      expect((await journal(p.id)).filter((j) => j.type === 'REFUND')).toHaveLength(1);
      expect((await checkConservation(db())).problems).toEqual([]);
    });

    it('is enforced by the schema: a second ROLLBACK record of one bet is refused by a unique index', async () => {
      const p = await funded(1_000);
      const b = await bet(p);
      await rollback(p, b);
      const second = db()
        .insertInto('provider_transactions')
        .values({
          provider,
          tx_id: `rb-${randomUUID()}`,
          kind: 'ROLLBACK',
          account_id: p.id,
          round_id: b.roundId,
          amount: 500,
          ref_tx_id: b.betTxId,
          journal_id: null,
          balance_after: 1_500,
        })
        .execute();
      await expect(second).rejects.toThrow(/provider_transactions_one_rollback|duplicate key/);
    });

    it('refuses a win and a further bet on a rolled-back round, and a rollback of a settled round', async () => {
      const p = await funded(1_000);
      const b = await bet(p, 100);
      await rollback(p, b);
      expect(
        await refusal(wallet.win(db(), { provider, txId: `win-${randomUUID()}`, roundId: b.roundId, accountId: p.id, amount: 300, gameCode, final: true })),
      ).toBe('ROUND_CLOSED');
      expect(await refusal(wallet.bet(db(), { provider, txId: `bet-${randomUUID()}`, roundId: b.roundId, accountId: p.id, amount: 100, gameCode }))).toBe(
        'ROUND_CLOSED',
      );
      const settled = await bet(p, 100);
      await wallet.win(db(), { provider, txId: `win-${randomUUID()}`, roundId: settled.roundId, accountId: p.id, amount: 0, gameCode, final: true });
      expect(await refusal(rollback(p, settled))).toBe('ROUND_SETTLED');
      expect(await balanceOf(p.id)).toBe(900);
    });

    it('remembers a rollback that came before its bet, once: a second early rollback answers the first, and the bet is refused', async () => {
      const p = await funded(1_000);
      const early = { roundId: randomUUID(), betTxId: `bet-${randomUUID()}` };
      expect(await rollback(p, early)).toEqual({ balance: 1_000, replayed: false });
      expect(await rollback(p, early)).toEqual({ balance: 1_000, replayed: true });
      expect(await refusal(wallet.bet(db(), { provider, txId: early.betTxId, roundId: early.roundId, accountId: p.id, amount: 100, gameCode }))).toBe(
        'BET_ROLLED_BACK',
      );
      expect(await balanceOf(p.id)).toBe(1_000);
    });
  });

  describe('seamless wallet: every call is atomic with its provider record', () => {
    // A real fault between the journal row and the provider record: a trigger refuses the record
    // while the fault is armed (the same as a crash or a lost connection between the two statements).
    beforeAll(async () => {
      await sql`create table test_faults (armed boolean not null)`.execute(db());
      await sql`create function test_fault() returns trigger language plpgsql as $$
        begin if exists (select 1 from test_faults where armed) then raise exception 'injected fault'; end if; return new; end $$`.execute(db());
      await sql`create trigger test_fault before insert on provider_transactions for each row execute function test_fault()`.execute(db());
    });
    const arm = (on: boolean) => (on ? sql`insert into test_faults values (true)` : sql`delete from test_faults`).execute(db());

    it('a fault after the journal row leaves nothing half-done, whether or not the caller passes a transaction; a retry completes once', async () => {
      const p = await funded(1_000);
      for (const own of [true, false]) {
        const call = { provider, txId: `bet-${randomUUID()}`, roundId: randomUUID(), accountId: p.id, amount: 100, gameCode };
        const before = await balanceOf(p.id);
        const entries = (await journal(p.id)).length;
        await arm(true);
        const attempt = own
          ? wallet.bet(db(), call)
          : db()
              .transaction()
              .execute((trx) => wallet.bet(trx, call));
        await expect(attempt).rejects.toThrow(/injected fault/);
        await arm(false);
        expect(await balanceOf(p.id)).toBe(before);
        expect((await journal(p.id)).length).toBe(entries);
        expect(await db().selectFrom('provider_rounds').select('round_id').where('round_id', '=', call.roundId).executeTakeFirst()).toBeUndefined();
        expect(await wallet.bet(db(), call)).toEqual({ balance: before - 100, replayed: false });
        expect(await wallet.bet(db(), call)).toEqual({ balance: before - 100, replayed: true });
      }
      for (const step of ['win', 'rollback'] as const) {
        const roundId = randomUUID();
        const betTxId = `bet-${randomUUID()}`;
        await wallet.bet(db(), { provider, txId: betTxId, roundId, accountId: p.id, amount: 100, gameCode });
        const before = await balanceOf(p.id);
        const run = () =>
          step === 'win'
            ? wallet.win(db(), { provider, txId: `win-${roundId}`, roundId, accountId: p.id, amount: 250, gameCode, final: true })
            : wallet.rollback(db(), { provider, txId: `rb-${roundId}`, roundId, accountId: p.id, betTxId, gameCode });
        await arm(true);
        await expect(run()).rejects.toThrow(/injected fault/);
        await arm(false);
        expect(await balanceOf(p.id)).toBe(before);
        const status = await db().selectFrom('provider_rounds').select('status').where('round_id', '=', roundId).executeTakeFirstOrThrow();
        expect(status.status).toBe('open');
        expect((await run()).balance).toBe(before + (step === 'win' ? 250 : 100));
      }
      const betAndWin = {
        provider,
        betTxId: `b-${randomUUID()}`,
        winTxId: `w-${randomUUID()}`,
        roundId: randomUUID(),
        accountId: p.id,
        bet: 100,
        win: 300,
        gameCode,
      };
      const before = await balanceOf(p.id);
      await arm(true);
      await expect(wallet.betAndWin(db(), betAndWin)).rejects.toThrow(/injected fault/);
      await arm(false);
      expect(await balanceOf(p.id)).toBe(before);
      expect(await wallet.betAndWin(db(), betAndWin)).toEqual({ balance: before + 200, replayed: false });
      expect((await checkConservation(db())).problems).toEqual([]);
    });
  });

  describe('rounds idempotent from the client (requestId)', () => {
    it('answers a repeated request id with the first result and moves nothing', async () => {
      const p = await funded(10_000);
      const s = await session(p);
      const requestId = randomUUID();
      const first = await spin(s, requestId);
      expect(first.statusCode).toBe(200);
      const balance = await balanceOf(p.id);
      const again = await spin(s, requestId);
      expect(again.json()).toEqual(first.json());
      expect(await balanceOf(p.id)).toBe(balance);
      expect(await db().selectFrom('house_rounds').select('id').where('account_id', '=', p.id).execute()).toHaveLength(1);
      // A new request id is a new round.
      const next = PlayResponseSchema.parse((await spin(s)).json());
      expect(next.roundId).not.toBe(first.json().roundId);
    });

    it('20 simultaneous plays with one request id give one round and one debit, and every answer is that round', async () => {
      const p = await funded(10_000);
      const s = await session(p);
      expect((await spin(s)).statusCode).toBe(200); // the session's state is remembered: the one-statement path
      const before = await balanceOf(p.id);
      const requestId = randomUUID();
      const answers = await Promise.all(Array.from({ length: 20 }, () => spin(s, requestId)));
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      const ids = new Set(answers.map((a) => a.json().roundId));
      expect(ids.size).toBe(1);
      const rounds = await db().selectFrom('house_rounds').select(['id', 'stake', 'win']).where('account_id', '=', p.id).execute();
      expect(rounds).toHaveLength(2);
      const round = rounds.find((r) => ids.has(r.id))!;
      expect(await balanceOf(p.id)).toBe(before - round.stake + round.win);
      expect((await journal(p.id)).filter((j) => j.type === 'BET')).toHaveLength(2);
      expect((await checkConservation(db())).problems).toEqual([]);
    });

    it('answers repeated blackjack decisions and demo rounds once too', async () => {
      const p = await funded(10_000);
      const s = await session(p, 'blackjack-classic');
      const deal = PlayResponseSchema.parse((await play(s, { kind: 'blackjack', action: 'deal', bet: 100 })).json());
      if (deal.status === 'open') {
        const requestId = randomUUID();
        const stand = await Promise.all([0, 1, 2].map(() => play(s, { kind: 'blackjack', action: 'stand', roundId: deal.roundId }, requestId)));
        expect(stand.map((r) => r.statusCode)).toEqual([200, 200, 200]);
        expect(new Set(stand.map((r) => JSON.stringify(r.json()))).size).toBe(1);
        expect((await journal(p.id)).filter((j) => j.type === 'WIN').length).toBeLessThanOrEqual(1);
      }
      const demo = await t.api({ method: 'GET', url: `/launch-demo?gameCode=${gameCode}&currency=PTS&language=en` });
      const demoSession = HouseSessionResponseSchema.parse(
        (await t.api({ method: 'POST', url: '/house/session', payload: { token: new URL(demo.json().url, 'http://x').searchParams.get('token')! } })).json(),
      ).session;
      const requestId = randomUUID();
      const one = await spin(demoSession, requestId);
      const two = await spin(demoSession, requestId);
      expect(two.json()).toEqual(one.json());
      const rows = await db()
        .selectFrom('house_rounds')
        .innerJoin('play_sessions', 'play_sessions.id', 'house_rounds.play_session_id')
        .select('house_rounds.id')
        .where('play_sessions.mode', '=', 'demo')
        .where('house_rounds.id', '=', one.json().roundId)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a play without a request id, or with one that is not a UUID', async () => {
      const p = await funded(1_000);
      const s = await session(p);
      expect((await t.api({ method: 'POST', url: '/house/play', payload: { session: s, input: { kind: 'slot', bet: 10 } } })).json().code).toBe(
        'REQUEST_VALIDATION_ERROR',
      );
      expect((await play(s, { kind: 'slot', bet: 10 }, 'not-a-uuid')).json().code).toBe('REQUEST_VALIDATION_ERROR');
      expect(await balanceOf(p.id)).toBe(1_000);
    });
  });

  describe.skipIf(!onPostgres)('a wallet locked elsewhere (PostgreSQL: real concurrent connections)', () => {
    it("does not delay other players' spins by more than a second; the locked player's spin waits its turn or answers 503", async () => {
      const held = await funded(10_000);
      const others = await Promise.all([0, 1, 2, 3].map(() => funded(10_000)));
      const heldSession = await session(held);
      const sessions = await Promise.all(others.map((o) => session(o)));
      // Every session has played once: its state is remembered and its next spin goes in a shared statement.
      for (const s of [heldSession, ...sessions]) expect((await spin(s)).statusCode).toBe(200);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = db()
        .transaction()
        .execute(async (trx) => {
          await sql`select 1 from wallets where account_id = ${held.id} for update`.execute(trx);
          locked();
          await released;
        });
      await isLocked;
      const heldSpin = spin(heldSession);
      const started = performance.now();
      const answers = await Promise.all(sessions.map((s) => spin(s)));
      const elapsed = performance.now() - started;
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(elapsed).toBeLessThan(1_000);
      const heldAnswer = await heldSpin;
      release();
      await holder;
      expect([200, 503]).toContain(heldAnswer.statusCode);
      if (heldAnswer.statusCode === 503) expect(heldAnswer.json().code).toBe('SERVICE_UNAVAILABLE');
      expect((await spin(heldSession)).statusCode).toBe(200);
      expect((await checkConservation(db())).problems).toEqual([]);
    });
  });

  describe('play ends with the sign-in that launched it', () => {
    it('after sign-out the play session and an unused launch token answer 401', async () => {
      const p = await funded(1_000);
      const s = await session(p);
      const unused = await launch(p);
      expect((await spin(s)).statusCode).toBe(200);
      expect((await t.api({ method: 'POST', url: '/logout', headers: p.headers })).statusCode).toBe(200);
      const after = await spin(s);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('UNAUTHORIZED');
      const opened = await t.api({ method: 'POST', url: '/house/session', payload: { token: unused } });
      expect(opened.statusCode).toBe(401);
      expect(await db().selectFrom('house_rounds').select('id').where('account_id', '=', p.id).execute()).toHaveLength(1);
    });

    it('after a password change the play session answers 401', async () => {
      const p = await funded(1_000);
      await db()
        .updateTable('accounts')
        .set({ password_hash: await hashPassword('Old-secret-7') })
        .where('id', '=', p.id)
        .execute();
      const s = await session(p);
      expect((await spin(s)).statusCode).toBe(200);
      const changed = await t.api({
        method: 'POST',
        url: '/change-password',
        headers: p.headers,
        payload: { currentPassword: 'Old-secret-7', newPassword: 'Brand-new-9' },
      });
      expect(changed.statusCode).toBe(204);
      const after = await spin(s);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('UNAUTHORIZED');
    });

    it('after a password reset the play session answers 401', async () => {
      const p = await funded(1_000);
      await db().updateTable('accounts').set({ password_hash: 'x' }).where('id', '=', p.id).execute();
      const s = await session(p);
      expect((await spin(s)).statusCode).toBe(200);
      const reset = (await createResetToken(db(), p.email))!;
      await resetPassword(db(), p.email, reset.token, 'Brand-new-9');
      expect((await spin(s)).statusCode).toBe(401);
    });
  });
});
