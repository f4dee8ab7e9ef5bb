import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { runAdmin } from '../../server/admin';
import { loadConfig } from '../../server/config';
import { getBalance, getStatement, postMovement } from '../../server/modules/wallet';
import { createTestDb, onPostgres, type TestDb } from '../support/db';
import { createTestPlayer } from '../support/players';

describe(`wallet operator commands (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.drop());

  /** `npm run admin -- <name> ...args`, through the same command table. */
  const run = async (name: string, ...args: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin([name, ...args], { db: t.db, config: loadConfig({ NODE_ENV: 'test' }), out: (l) => lines.push(l) });
    return { code, output: lines.join('\n') };
  };

  it('adjusts a wallet by account reference or email with an ADJUSTMENT entry carrying the reason', async () => {
    const p = await createTestPlayer(t.db);
    const credit = await run('wallet:adjust', p.accountRef, '2500', 'goodwill', 'after', 'outage');
    expect(credit.code).toBe(0);
    expect(credit.output).toMatch(/new balance 2500/);
    expect((await run('wallet:adjust', p.email, '-500', 'correction of ticket 42')).code).toBe(0);
    expect(await getBalance(t.db, p.id)).toBe(2000);
    const rows = await t.db.selectFrom('wallet_journal').select(['type', 'amount', 'reason']).where('account_id', '=', p.id).orderBy('id').execute();
    expect(rows).toEqual([
      { type: 'ADJUSTMENT', amount: 2500, reason: 'goodwill after outage' },
      { type: 'ADJUSTMENT', amount: -500, reason: 'correction of ticket 42' },
    ]);
  });

  it('refuses an adjustment below zero, without a reason, or for an unknown account, moving nothing', async () => {
    const p = await createTestPlayer(t.db);
    await run('wallet:adjust', p.id, '100', 'start');
    const overdraft = await run('wallet:adjust', p.id, '-101', 'too much');
    expect(overdraft.code).toBe(1);
    expect(overdraft.output).toMatch(/below zero/);
    expect((await run('wallet:adjust', p.id, '50')).code).toBe(2);
    expect((await run('wallet:adjust', p.id, '1.5', 'fraction')).code).toBe(2);
    expect((await run('wallet:adjust', 'acc_nobody', '50', 'x')).code).toBe(1);
    expect(await getBalance(t.db, p.id)).toBe(100);
    expect((await getStatement(t.db, p.id, 1, 10)).totalRecordAmount).toBe(1);
  });

  it('wallet:check reports OK when conserved and exits 1 naming the wallet when a balance was tampered with', async () => {
    const p = await createTestPlayer(t.db);
    await postMovement(t.db, { accountId: p.id, type: 'WIN', amount: 10, idempotencyKey: `c:${p.id}` });
    const ok = await run('wallet:check');
    expect(ok.code).toBe(0);
    expect(ok.output).toMatch(/OK/);
    await sql`update wallets set balance = 999 where account_id = ${p.id}`.execute(t.db);
    const bad = await run('wallet:check');
    expect(bad.code).toBe(1);
    expect(bad.output).toContain(`SUM_MISMATCH account ${p.id}`);
    await sql`update wallets set balance = 10 where account_id = ${p.id}`.execute(t.db);
  });

  it('wallet:show lists the balance and the newest entries', async () => {
    const p = await createTestPlayer(t.db);
    await postMovement(t.db, { accountId: p.id, type: 'WIN', amount: 77, idempotencyKey: `s:${p.id}`, gameCode: 'dice' });
    const shown = await run('wallet:show', p.accountRef);
    expect(shown.code).toBe(0);
    expect(shown.output).toMatch(/balance 77/);
    expect(shown.output).toMatch(/WIN\t77\t→ 77\tdice/);
  });
});
