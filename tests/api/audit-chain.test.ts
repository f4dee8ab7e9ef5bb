import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db';
import { rowHash, verifyChain, writeAudit } from '../../server/modules/audit/log';
import { createTestDb, onPostgres, type TestDb } from '../support/db';

const dbName = onPostgres ? 'PostgreSQL' : 'PGlite';

/**
 * The audit log's hash chain (docs/decisions/0019) against someone who can switch the append-only
 * trigger off and knows how the hash is made: a chain exists to catch a row rewritten WITH its hash
 * recomputed, not only a row edited carelessly. Only a rewrite of every row from the changed one to
 * the head goes unseen, and the head is what audit:verify prints (and an operator keeps apart).
 * Each test was seen failing against the break it names (docs/decisions/0027).
 */
describe(`audit chain: tampering a writer of hashes would try (${dbName})`, () => {
  let testDb: TestDb;
  let db: Db;
  const ROWS = 8;

  beforeAll(async () => {
    testDb = await createTestDb();
    db = testDb.db;
  });
  afterAll(() => testDb.drop());

  /** Runs `change` with the append-only trigger off (as a superuser would). */
  const tamper = async (change: () => Promise<unknown>) => {
    await sql`alter table audit_log disable trigger audit_log_append_only`.execute(db);
    try {
      await change();
    } finally {
      await sql`alter table audit_log enable trigger audit_log_append_only`.execute(db);
    }
  };
  const rowAt = (seq: number) => db.selectFrom('audit_log').selectAll().where('seq', '=', seq).executeTakeFirstOrThrow();
  /** Rewrites the row at `seq` with `fields`, its hash recomputed from the new content. */
  const rewrite = async (seq: number, fields: Partial<Awaited<ReturnType<typeof rowAt>>>) => {
    const row = { ...(await rowAt(seq)), ...fields };
    const hash = rowHash(row);
    await sql`update audit_log set reason = ${row.reason}, actor = ${row.actor}, prev_hash = ${row.prev_hash}, hash = ${hash} where seq = ${seq}`.execute(db);
    return hash;
  };

  beforeEach(async () => {
    await tamper(() => sql`delete from audit_log`.execute(db));
    for (let i = 1; i <= ROWS; i++) {
      await db
        .transaction()
        .execute((trx) =>
          writeAudit(
            trx,
            { actor: `staff${i % 3}@staff.test`, role: 'finance' },
            { action: 'wallet.adjust', target: `acct-${i}`, after: { amount: i * 100 }, reason: `row ${i}` },
          ),
        );
    }
    expect(await verifyChain(db)).toMatchObject({ rows: ROWS, firstBad: null });
  });

  it('a row rewritten with a freshly computed hash breaks the link of the row after it', async () => {
    await tamper(() => rewrite(4, { reason: 'nothing happened', actor: 'someone.else@staff.test' }));
    // The rewritten row is self-consistent; its successor no longer points at it.
    expect(rowHash(await rowAt(4))).toBe((await rowAt(4)).hash);
    expect((await verifyChain(db)).firstBad).toEqual({ seq: 5, problem: expect.stringMatching(/previous-row hash/) });
  });

  it('relinking the next row to the rewritten one (its prev_hash set, its own hash kept) fails that row: its hash covers the link', async () => {
    await tamper(async () => {
      const hash = await rewrite(4, { reason: 'nothing happened' });
      await sql`update audit_log set prev_hash = ${hash} where seq = 5`.execute(db);
    });
    expect((await verifyChain(db)).firstBad).toEqual({ seq: 5, problem: expect.stringMatching(/changed/) });
  });

  it('a row removed from the middle is named missing', async () => {
    await tamper(() => sql`delete from audit_log where seq = 3`.execute(db));
    expect((await verifyChain(db)).firstBad).toEqual({ seq: 4, problem: 'row 3 is missing (deleted)' });
  });

  it('a row removed from the middle and the later rows renumbered to close the gap is caught at the gap', async () => {
    await tamper(async () => {
      await sql`delete from audit_log where seq = 3`.execute(db);
      for (let seq = 4; seq <= ROWS; seq++) await sql`update audit_log set seq = ${seq - 1} where seq = ${seq}`.execute(db);
    });
    expect((await verifyChain(db)).firstBad).toMatchObject({ seq: 3 });
  });

  it('two rows swapped (their numbers exchanged) are caught at the first of them', async () => {
    await tamper(async () => {
      await sql`update audit_log set seq = -1 where seq = 5`.execute(db);
      await sql`update audit_log set seq = 5 where seq = 6`.execute(db);
      await sql`update audit_log set seq = 6 where seq = -1`.execute(db);
    });
    expect((await verifyChain(db)).firstBad).toMatchObject({ seq: 5 });
  });

  it('two rows swapped with their links and hashes recomputed are caught after them', async () => {
    await tamper(async () => {
      await sql`update audit_log set seq = -1 where seq = 5`.execute(db);
      await sql`update audit_log set seq = 5 where seq = 6`.execute(db);
      await sql`update audit_log set seq = 6 where seq = -1`.execute(db);
      const h5 = await rewrite(5, { prev_hash: (await rowAt(4)).hash });
      await rewrite(6, { prev_hash: h5 });
    });
    expect((await verifyChain(db)).firstBad).toEqual({ seq: 7, problem: expect.stringMatching(/previous-row hash/) });
  });
});
