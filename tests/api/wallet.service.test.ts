import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { attachment, checkConservation, getBalance, postMovement, postMovementIn, postMovementsIn, type Attachment } from '../../server/modules/wallet';
import { createTestDb, onPostgres, type TestDb } from '../support/db';
import { createTestPlayer } from '../support/players';

describe(`wallet service (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.drop());

  it('credits and debits, returning the balance after each movement', async () => {
    const p = await createTestPlayer(t.db);
    expect(await getBalance(t.db, p.id)).toBe(0);
    const credit = await postMovement(t.db, { accountId: p.id, type: 'ADJUSTMENT', amount: 500, idempotencyKey: `c1:${p.id}`, reason: 'test' });
    expect(credit).toMatchObject({ newBalance: 500, replayed: false });
    const bet = await postMovement(t.db, { accountId: p.id, type: 'BET', amount: -200, idempotencyKey: `b1:${p.id}`, gameCode: 'dice', sessionId: 'r1' });
    expect(bet).toMatchObject({ newBalance: 300, replayed: false });
    expect(await getBalance(t.db, p.id)).toBe(300);
  });

  it('refuses a debit that would go below zero with INSUFFICIENT_FUNDS and moves nothing', async () => {
    const p = await createTestPlayer(t.db);
    await postMovement(t.db, { accountId: p.id, type: 'WIN', amount: 100, idempotencyKey: `w:${p.id}` });
    await expect(postMovement(t.db, { accountId: p.id, type: 'BET', amount: -101, idempotencyKey: `b:${p.id}` })).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await getBalance(t.db, p.id)).toBe(100);
    const rows = await t.db.selectFrom('wallet_journal').selectAll().where('account_id', '=', p.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('returns the first result unchanged for a repeated idempotency key and never moves coins twice', async () => {
    const p = await createTestPlayer(t.db);
    const m = { accountId: p.id, type: 'WIN' as const, amount: 70, idempotencyKey: `dup:${p.id}` };
    const first = await postMovement(t.db, m);
    await postMovement(t.db, { accountId: p.id, type: 'WIN', amount: 5, idempotencyKey: `other:${p.id}` });
    const again = await postMovement(t.db, { ...m, amount: 9999 });
    expect(again).toEqual({ transactionId: first.transactionId, newBalance: 70, replayed: true });
    expect(await getBalance(t.db, p.id)).toBe(75);
  });

  it('joins the caller transaction: a rollback there leaves no movement', async () => {
    const p = await createTestPlayer(t.db);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await postMovementIn(trx, { accountId: p.id, type: 'SIGNUP_BONUS', amount: 10, idempotencyKey: `s:${p.id}` });
        throw new Error('signup failed later');
      }),
    ).rejects.toThrow('signup failed later');
    expect(await getBalance(t.db, p.id)).toBe(0);
    expect(await t.db.selectFrom('wallet_journal').select('id').where('idempotency_key', '=', `s:${p.id}`).execute()).toHaveLength(0);
  });

  it('writes several movements all or none without a transaction: a key taken meanwhile fails the whole statement', async () => {
    const p = await createTestPlayer(t.db);
    await postMovement(t.db, { accountId: p.id, type: 'ADJUSTMENT', amount: 500, idempotencyKey: `fund:${p.id}`, reason: 'test' });
    await postMovement(t.db, { accountId: p.id, type: 'BET', amount: -10, idempotencyKey: `taken:${p.id}` });
    const bet = { accountId: p.id, type: 'BET' as const, amount: -20, idempotencyKey: `fresh:${p.id}` };
    const taken = { accountId: p.id, type: 'WIN' as const, amount: 30, idempotencyKey: `taken:${p.id}` };
    await expect(postMovementsIn(t.db, [bet, taken])).rejects.toThrow(/refused to write 1 of 2 movements/);
    // A gate that wrote while the movements could not be: its write is undone with them.
    const probe = (gate: Attachment<'probe', { account_id: string }>['gate']) =>
      attachment({ name: 'probe', rows: [{ account_id: p.id }], columns: { account_id: 'uuid' }, gate });
    const writes = probe((q) =>
      q
        .updateTable('accounts')
        .from('probe as r')
        .set({ display_name: 'gate-ran' })
        .whereRef('accounts.id', '=', 'r.account_id')
        .where('r.grp', 'in', q.selectFrom('ready').select('ready.grp'))
        .returning('r.grp'),
    );
    await expect(postMovementsIn(t.db, [{ ...taken, type: 'BET', amount: -5 }], { attachments: [writes] })).rejects.toThrow(
      /refused to write 0 of 1 movements/,
    );
    expect((await t.db.selectFrom('accounts').select('display_name').where('id', '=', p.id).executeTakeFirstOrThrow()).display_name).not.toBe('gate-ran');
    expect(await getBalance(t.db, p.id)).toBe(490);
    const keys = (await t.db.selectFrom('wallet_journal').select('idempotency_key').where('account_id', '=', p.id).execute()).map((r) => r.idempotency_key);
    expect(keys.sort()).toEqual([`fund:${p.id}`, `taken:${p.id}`]);
    // A gate that returns no row (here: it requires a name the account lacks) moves nothing: null.
    const picky = probe((q) =>
      q
        .selectFrom('probe as r')
        .innerJoin('accounts as a', 'a.id', 'r.account_id')
        .select('r.grp')
        .where('a.display_name', '=', 'nobody has this name')
        .where('r.grp', 'in', q.selectFrom('ready').select('ready.grp')),
    );
    expect(await postMovementsIn(t.db, [bet], { attachments: [picky] })).toBeNull();
    const lets = probe((q) => q.selectFrom('probe as r').select('r.grp').where('r.grp', 'in', q.selectFrom('ready').select('ready.grp')));
    expect(await postMovementsIn(t.db, [bet], { attachments: [lets] })).toMatchObject([{ newBalance: 470, replayed: false }]);
    // An attachment that refuses its group: nothing is written, the answer is null.
    const refuses = attachment({
      name: 'no',
      rows: [{ account_id: p.id }],
      columns: { account_id: 'uuid' },
      refuse: (q) => q.selectFrom('no as r').select('r.grp'),
    });
    expect(await postMovementsIn(t.db, [{ ...bet, idempotencyKey: `refused:${p.id}` }], { attachments: [refuses] })).toBeNull();
    expect(await getBalance(t.db, p.id)).toBe(470);
  });

  it('gives attachments no way to write the journal or a balance: naming those tables does not compile', () => {
    attachment({
      name: 'sneaky',
      rows: [{ account_id: 'x' }],
      columns: { account_id: 'uuid' },
      // @ts-expect-error wallet_journal is not in an attachment's schema
      records: [['steal', (q) => q.insertInto('wallet_journal').values({ account_id: 'x' })]],
    });
    attachment({
      name: 'sneaky',
      rows: [{ account_id: 'x' }],
      columns: { account_id: 'uuid' },
      // @ts-expect-error wallets is not in an attachment's schema
      gate: (q) => q.updateTable('wallets').set({ balance: 1 }).returning('grp'),
    });
  });

  it('refuses zero amounts and movements of the wrong sign as programming errors', async () => {
    const p = await createTestPlayer(t.db);
    await expect(postMovement(t.db, { accountId: p.id, type: 'WIN', amount: 0, idempotencyKey: `z:${p.id}` })).rejects.toThrow(/non-zero/);
    await expect(postMovement(t.db, { accountId: p.id, type: 'BET', amount: 5, idempotencyKey: `s:${p.id}` })).rejects.toThrow(/debit/);
    await expect(postMovement(t.db, { accountId: p.id, type: 'WIN', amount: 1.5, idempotencyKey: `f:${p.id}` })).rejects.toThrow(/integer/);
  });

  it('the database refuses a negative balance even without the service', async () => {
    const p = await createTestPlayer(t.db);
    await postMovement(t.db, { accountId: p.id, type: 'WIN', amount: 1, idempotencyKey: `n:${p.id}` });
    await expect(sql`update wallets set balance = -1 where account_id = ${p.id}`.execute(t.db)).rejects.toThrow(/wallets_balance_not_negative/);
  });

  it('the database refuses to edit, delete or truncate a journal entry', async () => {
    const p = await createTestPlayer(t.db);
    const r = await postMovement(t.db, { accountId: p.id, type: 'WIN', amount: 3, idempotencyKey: `i:${p.id}` });
    await expect(sql`update wallet_journal set amount = 300 where id = ${r.transactionId}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from wallet_journal where id = ${r.transactionId}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate wallet_journal`.execute(t.db)).rejects.toThrow(/append-only/);
    const row = await t.db.selectFrom('wallet_journal').select('amount').where('id', '=', r.transactionId).executeTakeFirstOrThrow();
    expect(row.amount).toBe(3);
  });

  it('the conservation check passes on real movements and finds a wallet tampered with', async () => {
    expect((await checkConservation(t.db)).problems).toEqual([]);
    const p = await createTestPlayer(t.db);
    await postMovement(t.db, { accountId: p.id, type: 'WIN', amount: 40, idempotencyKey: `k:${p.id}` });
    await sql`update wallets set balance = balance + 1 where account_id = ${p.id}`.execute(t.db);
    const report = await checkConservation(t.db);
    expect(report.problems).toEqual([{ accountId: p.id, balance: 41, journalSum: 40, lastBalanceAfter: 40, problem: 'SUM_MISMATCH' }]);
    await sql`update wallets set balance = balance - 1 where account_id = ${p.id}`.execute(t.db);
    expect((await checkConservation(t.db)).problems).toEqual([]);
  });
});
