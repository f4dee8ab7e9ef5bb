import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/admin';
import { getBalance } from '../../server/modules/wallet/balance';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer } from '../support/players';

const db = onPostgres ? 'PostgreSQL' : 'PGlite';

/** `npm run admin` commands write their audit row in the transaction of their change (server/admin.ts). */
describe(`admin commands and their audit rows (${db})`, () => {
  let t: TestApp;
  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(argv, { db: t.testDb.db, config: t.config, out: (l) => lines.push(l) });
    return { code, output: lines.join('\n') };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('an admin command and its audit row commit together: a failed change leaves no row, a failed audit row undoes the change', async () => {
    const db = t.testDb.db;
    const player = await createTestPlayer(db);
    const auditRows = async () =>
      Number(
        (
          await db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const fail = async (table: string, run: () => Promise<unknown>) => {
      await sql`create function test_refuse_insert() returns trigger language plpgsql as $$ begin raise exception 'test: % is down', tg_table_name; end $$`.execute(
        db,
      );
      await sql`create trigger test_refuse_insert before insert on ${sql.table(table)} for each row execute function test_refuse_insert()`.execute(db);
      try {
        await run();
      } finally {
        await sql`drop trigger test_refuse_insert on ${sql.table(table)}`.execute(db);
        await sql`drop function test_refuse_insert()`.execute(db);
      }
    };

    // The change fails (the journal refuses the entry): the command throws, and no audit row is left.
    const rows = await auditRows();
    await fail('wallet_journal', () => expect(admin('wallet:adjust', player.accountRef, '40', 'cli', 'goodwill')).rejects.toThrow(/wallet_journal is down/));
    expect(await auditRows()).toBe(rows);
    expect(await getBalance(db, player.id)).toBe(0);

    // The audit row cannot be written: the credit is rolled back with it.
    await fail('audit_log', () => expect(admin('wallet:adjust', player.accountRef, '40', 'cli', 'goodwill')).rejects.toThrow(/audit_log is down/));
    expect(await getBalance(db, player.id)).toBe(0);
    const journal = await db.selectFrom('wallet_journal').select('id').where('account_id', '=', player.id).execute();
    expect(journal).toEqual([]);
    expect(await auditRows()).toBe(rows);

    // Both work: the credit and its row are there; a refused debit inside the command (its own
    // transaction, a savepoint here) leaves the command able to answer, and its row says it failed.
    expect((await admin('wallet:adjust', player.accountRef, '40', 'cli', 'goodwill')).code).toBe(0);
    expect(await getBalance(db, player.id)).toBe(40);
    expect(await auditRows()).toBe(rows + 1);
    const refused = await admin('wallet:adjust', player.accountRef, '-100', 'cli', 'too much');
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('balance is 40');
    const last = await db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(last).toMatchObject({ action: 'cli.wallet:adjust', after: { args: [player.accountRef, '-100', 'cli', 'too much'], exitCode: 1 } });
    expect((await admin('audit:verify')).code).toBe(0);
  });
});
