import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinSeamlessWallet as wallet } from '../../server/modules/house/seamless-wallet';
import { checkConservation, postMovement } from '../../server/modules/wallet';
import { createTestDb, type TestDb } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { refusal } from '../support/refusal';

describe(`seamless wallet betAndWin: one statement for a settled round, same rules as bet then win (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestDb;
  let p: TestPlayer;
  const provider = 'house';
  const gameCode = 'slot-sakura-fortune';
  const balance = () => wallet.balance(t.db, p.id);
  const call = (win: number, bet = 100) => {
    const roundId = randomUUID();
    const tx = randomBytes(6).toString('hex');
    return { provider, betTxId: `${tx}:bet`, winTxId: `${tx}:win`, roundId, accountId: p.id, bet, win, gameCode };
  };
  const inTx = <T>(f: (trx: TestDb['db']) => Promise<T>) => t.db.transaction().execute(f);
  beforeAll(async () => {
    t = await createTestDb();
    p = await createTestPlayer(t.db);
    await postMovement(t.db, { accountId: p.id, type: 'ADJUSTMENT', amount: 1_000, idempotencyKey: `fund-${p.id}`, reason: 'test' });
  });
  afterAll(() => t.drop());

  it('moves bet and win once, records both, settles the round, replays a repeat', async () => {
    const c = call(250);
    const before = await balance();
    const first = await inTx((trx) => wallet.betAndWin(trx, c));
    expect(first).toEqual({ balance: before + 150, replayed: false });
    const again = await inTx((trx) => wallet.betAndWin(trx, c));
    expect(again).toEqual({ balance: before + 150, replayed: true });
    expect(await balance()).toBe(before + 150);
    const txs = await t.db.selectFrom('provider_transactions').selectAll().where('round_id', '=', c.roundId).orderBy('kind').execute();
    expect(txs.map((x) => [x.kind, Number(x.amount), Number(x.balance_after), x.journal_id !== null])).toEqual([
      ['BET', 100, before - 100, true],
      ['WIN', 250, before + 150, true],
    ]);
    const round = await t.db.selectFrom('provider_rounds').selectAll().where('round_id', '=', c.roundId).executeTakeFirstOrThrow();
    expect(round.status).toBe('settled');
    expect(await refusal(wallet.rollback(t.db, { provider, txId: `rb-${c.betTxId}`, roundId: c.roundId, accountId: p.id, betTxId: c.betTxId, gameCode }))).toBe(
      'ROUND_SETTLED',
    );
    const j = await t.db.selectFrom('wallet_journal').select(['type', 'amount', 'balance_after']).where('session_id', '=', c.roundId).orderBy('id').execute();
    expect(j.map((x) => [x.type, Number(x.amount), Number(x.balance_after)])).toEqual([
      ['BET', -100, before - 100],
      ['WIN', 250, before + 150],
    ]);
  });

  it('a losing round: one journal row, a WIN record of 0', async () => {
    const c = call(0);
    const before = await balance();
    expect(await inTx((trx) => wallet.betAndWin(trx, c))).toEqual({ balance: before - 100, replayed: false });
    const txs = await t.db.selectFrom('provider_transactions').selectAll().where('round_id', '=', c.roundId).orderBy('kind').execute();
    expect(txs.map((x) => [x.kind, Number(x.amount), Number(x.balance_after), x.journal_id])).toEqual([
      ['BET', 100, before - 100, txs[0].journal_id],
      ['WIN', 0, before - 100, null],
    ]);
    expect(await inTx((trx) => wallet.betAndWin(trx, c))).toEqual({ balance: before - 100, replayed: true });
  });

  it('refuses the bet of a round whose rollback came first, and insufficient funds moving nothing', async () => {
    const c = call(50);
    const before = await balance();
    await wallet.rollback(t.db, { provider, txId: `rb-${c.betTxId}`, roundId: c.roundId, accountId: p.id, betTxId: c.betTxId, gameCode });
    expect(await refusal(inTx((trx) => wallet.betAndWin(trx, c)))).toBe('BET_ROLLED_BACK');
    const big = call(0, before + 1);
    expect(await refusal(inTx((trx) => wallet.betAndWin(trx, big)))).toBe('INSUFFICIENT_FUNDS');
    expect(await balance()).toBe(before);
    expect(await t.db.selectFrom('provider_rounds').selectAll().where('round_id', '=', big.roundId).execute()).toEqual([]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('same round three times at once: moved once', async () => {
    const c = call(30);
    const before = await balance();
    const results = await Promise.allSettled([0, 1, 2].map(() => inTx((trx) => wallet.betAndWin(trx, c))));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    for (const r of results) if (r.status === 'fulfilled') expect(r.value.balance).toBe(before - 70);
    console.log(results.map((r) => (r.status === 'fulfilled' ? JSON.stringify(r.value) : String(r.reason))));
    expect(await balance()).toBe(before - 70);
    expect((await checkConservation(t.db)).problems).toEqual([]);
  });

  it("betAndWinEach settles several players' rounds in one statement, each all or nothing: a refused round moves nothing and the others stand", async () => {
    const rich = await createTestPlayer(t.db);
    const poor = await createTestPlayer(t.db);
    const known = await createTestPlayer(t.db);
    for (const who of [rich, known])
      await postMovement(t.db, { accountId: who.id, type: 'ADJUSTMENT', amount: 1_000, idempotencyKey: `fund-${who.id}`, reason: 'test' });
    await postMovement(t.db, { accountId: poor.id, type: 'ADJUSTMENT', amount: 50, idempotencyKey: `fund-${poor.id}`, reason: 'test' });
    const of = (accountId: string, win: number) => ({ ...call(win), accountId });
    // A round of `known` that was played already: the same ids again are not a fresh round.
    const played = of(known.id, 0);
    await wallet.betAndWin(t.db, played);
    const calls = [of(rich.id, 300), of(poor.id, 500), played, of(p.id, 0)];
    const before = await Promise.all([rich, poor, known, p].map((who) => wallet.balance(t.db, who.id)));
    const results = await wallet.betAndWinEach(t.db, calls, {});
    expect(results).toEqual([{ balance: before[0] + 200, replayed: false }, null, null, { balance: before[3] - 100, replayed: false }]);
    expect(await Promise.all([rich, poor, known, p].map((who) => wallet.balance(t.db, who.id)))).toEqual([before[0] + 200, 50, before[2], before[3] - 100]);
    const rounds = await t.db
      .selectFrom('provider_rounds')
      .select('round_id')
      .where(
        'round_id',
        'in',
        calls.map((c) => c.roundId),
      )
      .execute();
    expect(rounds.map((r) => r.round_id).sort()).toEqual([calls[0].roundId, played.roundId, calls[3].roundId].sort());
    expect(await t.db.selectFrom('wallet_journal').select('id').where('session_id', '=', calls[1].roundId).execute()).toEqual([]);
    expect((await checkConservation(t.db)).problems).toEqual([]);
  });
});
