import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinSeamlessWallet as wallet } from '../../server/modules/house/seamless-wallet';
import { postMovement } from '../../server/modules/wallet';
import { createTestDb, type TestDb } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';
import { refusal } from '../support/refusal';

const dbName = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`seamless-wallet interface: idempotency and rollback rules (${dbName})`, () => {
  let t: TestDb;
  let p: TestPlayer;
  const provider = 'test-aggregator';
  const gameCode = 'slot-sakura-fortune';

  const balance = () => wallet.balance(t.db, p.id);
  const journal = async () =>
    t.db
      .selectFrom('wallet_journal')
      .select(['type', 'amount'])
      .where('account_id', '=', p.id)
      .where('type', 'in', ['BET', 'WIN', 'REFUND'])
      .orderBy('id')
      .execute();
  const ids = () => ({ roundId: randomUUID(), tx: randomBytes(6).toString('hex') });

  beforeAll(async () => {
    t = await createTestDb();
    p = await createTestPlayer(t.db);
    await postMovement(t.db, { accountId: p.id, type: 'ADJUSTMENT', amount: 1_000, idempotencyKey: `fund-${p.id}`, reason: 'test' });
  });
  afterAll(() => t.drop());

  it('debits a bet once however often the same transaction id is sent, and answers the first result', async () => {
    const { roundId, tx } = ids();
    const before = await balance();
    const first = await wallet.bet(t.db, { provider, txId: `bet-${tx}`, roundId, accountId: p.id, amount: 100, gameCode });
    const again = await wallet.bet(t.db, { provider, txId: `bet-${tx}`, roundId, accountId: p.id, amount: 100, gameCode });
    expect(first).toEqual({ balance: before - 100, replayed: false });
    expect(again).toEqual({ balance: before - 100, replayed: true });
    expect(await balance()).toBe(before - 100);
  });

  it('credits a win once per transaction id, and a settled round takes no more bets or wins', async () => {
    const { roundId, tx } = ids();
    await wallet.bet(t.db, { provider, txId: `bet-${tx}`, roundId, accountId: p.id, amount: 50, gameCode });
    const before = await balance();
    const win = await wallet.win(t.db, { provider, txId: `win-${tx}`, roundId, accountId: p.id, amount: 120, gameCode, final: true });
    const replay = await wallet.win(t.db, { provider, txId: `win-${tx}`, roundId, accountId: p.id, amount: 120, gameCode, final: true });
    expect(win).toEqual({ balance: before + 120, replayed: false });
    expect(replay).toEqual({ balance: before + 120, replayed: true });
    expect(await refusal(wallet.win(t.db, { provider, txId: `win2-${tx}`, roundId, accountId: p.id, amount: 10, gameCode, final: true }))).toBe('ROUND_CLOSED');
    expect(await refusal(wallet.bet(t.db, { provider, txId: `bet2-${tx}`, roundId, accountId: p.id, amount: 10, gameCode }))).toBe('ROUND_CLOSED');
    expect(await balance()).toBe(before + 120);
  });

  it('refunds a rolled-back bet once (idempotent), after which the round takes no win', async () => {
    const { roundId, tx } = ids();
    const before = await balance();
    await wallet.bet(t.db, { provider, txId: `bet-${tx}`, roundId, accountId: p.id, amount: 70, gameCode });
    const rb = await wallet.rollback(t.db, { provider, txId: `rb-${tx}`, roundId, accountId: p.id, betTxId: `bet-${tx}`, gameCode });
    const rb2 = await wallet.rollback(t.db, { provider, txId: `rb-${tx}`, roundId, accountId: p.id, betTxId: `bet-${tx}`, gameCode });
    expect(rb).toEqual({ balance: before, replayed: false });
    expect(rb2).toEqual({ balance: before, replayed: true });
    expect(await balance()).toBe(before);
    const refunds = (await journal()).filter((j) => j.type === 'REFUND');
    expect(refunds.at(-1)).toEqual({ type: 'REFUND', amount: 70 });
    expect(await refusal(wallet.win(t.db, { provider, txId: `win-${tx}`, roundId, accountId: p.id, amount: 140, gameCode, final: true }))).toBe('ROUND_CLOSED');
  });

  it('refuses to roll back a settled round and moves nothing', async () => {
    const { roundId, tx } = ids();
    await wallet.bet(t.db, { provider, txId: `bet-${tx}`, roundId, accountId: p.id, amount: 40, gameCode });
    await wallet.win(t.db, { provider, txId: `win-${tx}`, roundId, accountId: p.id, amount: 0, gameCode, final: true });
    const before = await balance();
    const rows = (await journal()).length;
    expect(await refusal(wallet.rollback(t.db, { provider, txId: `rb-${tx}`, roundId, accountId: p.id, betTxId: `bet-${tx}`, gameCode }))).toBe(
      'ROUND_SETTLED',
    );
    expect(await balance()).toBe(before);
    expect((await journal()).length).toBe(rows);
  });

  it('remembers a rollback that arrives before its bet, and refuses that bet when it comes', async () => {
    const { roundId, tx } = ids();
    const before = await balance();
    const rb = await wallet.rollback(t.db, { provider, txId: `rb-${tx}`, roundId, accountId: p.id, betTxId: `bet-${tx}`, gameCode });
    expect(rb).toEqual({ balance: before, replayed: false });
    expect(await refusal(wallet.bet(t.db, { provider, txId: `bet-${tx}`, roundId, accountId: p.id, amount: 60, gameCode }))).toBe('BET_ROLLED_BACK');
    expect(await balance()).toBe(before);
  });

  it('refuses a bet the balance cannot cover with INSUFFICIENT_FUNDS, moving nothing', async () => {
    const { roundId, tx } = ids();
    const before = await balance();
    const rows = (await journal()).length;
    expect(
      await refusal(
        t.db.transaction().execute((trx) => wallet.bet(trx, { provider, txId: `bet-${tx}`, roundId, accountId: p.id, amount: before + 1, gameCode })),
      ),
    ).toBe('INSUFFICIENT_FUNDS');
    expect(await balance()).toBe(before);
    expect((await journal()).length).toBe(rows);
    expect(await t.db.selectFrom('provider_transactions').select('tx_id').where('tx_id', '=', `bet-${tx}`).execute()).toHaveLength(0);
  });

  it('keeps transaction ids apart per provider, and refuses a transaction id reused for another kind of call', async () => {
    const { roundId, tx } = ids();
    const before = await balance();
    await wallet.bet(t.db, { provider: 'provider-a', txId: `same-${tx}`, roundId, accountId: p.id, amount: 10, gameCode });
    await wallet.bet(t.db, { provider: 'provider-b', txId: `same-${tx}`, roundId, accountId: p.id, amount: 10, gameCode });
    expect(await balance()).toBe(before - 20);
    expect(await refusal(wallet.win(t.db, { provider: 'provider-a', txId: `same-${tx}`, roundId, accountId: p.id, amount: 10, gameCode, final: true }))).toBe(
      'TRANSACTION_MISMATCH',
    );
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('debits once when the same bet arrives twice at the same moment (PostgreSQL concurrency)', async () => {
    const { roundId, tx } = ids();
    const before = await balance();
    const call = () => t.db.transaction().execute((trx) => wallet.bet(trx, { provider, txId: `bet-${tx}`, roundId, accountId: p.id, amount: 30, gameCode }));
    const results = await Promise.allSettled([call(), call(), call()]);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect(await balance()).toBe(before - 30);
  });
});
