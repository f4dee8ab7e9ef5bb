import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../server/db';
import { createTestDb, onPostgres, type TestDb } from '../support/db';

/**
 * compiledOnce (server/db): the session and balance reads are built by Kysely once, then run with
 * each call's values. Each value must land in its own place, whatever the order of the calls and of
 * the placeholders in the statement, and a constant written in the statement must stay.
 */
describe(`a statement compiled once, run with each call's values (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestDb;
  const accountsNamed = compiledOnce((db, value: Record<'high' | 'low', never>) =>
    db
      .selectFrom('accounts')
      .select('display_name')
      // The placeholders in the other order than the call's object, and a constant between them.
      .where('display_name', '<=', value.high)
      .where('deleted_at', 'is', null)
      .where('account_ref', 'like', sql.val('cmp_%'))
      .where('display_name', '>=', value.low)
      .orderBy('display_name'),
  );

  beforeAll(async () => {
    t = await createTestDb();
    await t.db
      .insertInto('accounts')
      .values(['a', 'b', 'c', 'd'].map((n) => ({ account_ref: `cmp_${n}`, email: `${n}@compiled.test`, display_name: `name-${n}` })))
      .execute();
    await t.db.insertInto('accounts').values({ account_ref: 'other_b', email: 'other@compiled.test', display_name: 'name-b2' }).execute();
  });
  afterAll(() => t.drop());

  const names = async (low: string, high: string, db = t.db) => (await accountsNamed(db, { low, high })).rows.map((r) => r.display_name);

  it('puts each value in its place, on every call, and keeps the constant', async () => {
    expect(await names('name-b', 'name-c')).toEqual(['name-b', 'name-c']);
    // A second call with other values answers for them (not for the values of the first compile).
    expect(await names('name-a', 'name-a')).toEqual(['name-a']);
    expect(await names('name-c', 'name-z')).toEqual(['name-c', 'name-d']);
    // The constant (account_ref like 'cmp_%') keeps name-b2 out.
    expect(await names('name-b', 'name-b9')).toEqual(['name-b']);
    expect(await names('name-d', 'name-a')).toEqual([]);
  });

  it('runs inside a transaction, on its connection', async () => {
    const seen = await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ display_name: 'name-bb' }).where('account_ref', '=', 'cmp_b').execute();
      return names('name-b', 'name-c', trx);
    });
    expect(seen).toEqual(['name-bb', 'name-c']);
  });
});
