import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { attachment, columnArrays, rowsOf, type AttachmentDb } from '../../server/modules/wallet/attachments';
import { postStatement } from '../../server/modules/wallet/posting';

// A Kysely that only compiles (no database).
const compiler = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const columns = { grp: 'int', account_id: 'uuid', note: 'text' } as const;
const rows = (n: number) =>
  Array.from({ length: n }, (_, grp) => ({ grp, account_id: `00000000-0000-4000-8000-00000000000${grp % 10}`, note: grp % 2 ? null : `n${grp}` }));

describe('the posting statement rows (rowsOf)', () => {
  it('has the same text for 1, 7 and 32 rows, so PostgreSQL prepares and plans it once per connection', () => {
    const texts = [1, 7, 32].map((n) => rowsOf(columns, columnArrays(columns, rows(n))).compile(compiler).sql);
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toBe('select * from unnest($1::int[], $2::uuid[], $3::text[]) as t ("grp", "account_id", "note")');
  });

  it('sends each column as one array parameter, in row order, missing values as null', () => {
    const { parameters } = rowsOf(columns, columnArrays(columns, rows(3))).compile(compiler);
    expect(parameters).toEqual([
      [0, 1, 2],
      ['00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'],
      ['n0', null, 'n2'],
    ]);
  });
});

describe('the posting statement, compiled once per shape (postStatement)', () => {
  const account = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const post = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => ({
      movements: [
        { accountId: account(seed + i), type: 'BET' as const, amount: -(seed + i), idempotencyKey: `bet:${seed}:${i}`, gameCode: 'slot' },
        ...(i % 2 ? [{ accountId: account(seed + i), type: 'WIN' as const, amount: 2 * (seed + i), idempotencyKey: `win:${seed}:${i}` }] : []),
      ],
    }));
  // Defined once, as the house's attachments are: queries that depend on nothing but their builder.
  const gate = (q: AttachmentDb<any>) => q.selectFrom('ready').select('ready.grp').where('ready.grp', '>=', 0);
  const record = (q: AttachmentDb<any>) => q.selectFrom('probe as r').innerJoin('posted as p', 'p.grp', 'r.grp').select(['r.note', 'p.id']);
  const withProbe = (n: number, seed: number) => ({
    skipLocked: true,
    attachments: [
      attachment({
        name: 'probe',
        rows: Array.from({ length: n }, (_, i) => ({ note: `n${seed}:${i}` })),
        columns: { note: 'text' },
        gate,
        records: [['probe_record', record]] as Array<[string, typeof record]>,
      }),
    ],
  });

  it('answers the text and parameters a fresh build would, for other rows, times and batch sizes', () => {
    const first = postStatement(compiler, post(3, 100), new Date('2030-01-01T00:00:00Z'), withProbe(3, 100));
    for (const [n, seed] of [
      [1, 7],
      [5, 300],
      [32, 1000],
    ]) {
      const at = new Date(Date.UTC(2030, 0, 1, 0, 0, seed));
      const cached = postStatement(compiler, post(n, seed), at, withProbe(n, seed));
      // A fresh build: the same attachment with functions made anew (a shape never seen) is compiled, not refilled.
      const fresh = postStatement(compiler, post(n, seed), at, {
        skipLocked: true,
        attachments: [{ ...withProbe(n, seed).attachments[0], gate: (q) => gate(q), records: [['probe_record', (q) => record(q)]] }],
      });
      expect(cached.sql).toBe(first.sql);
      expect(cached.sql).toBe(fresh.sql);
      expect(cached.parameters).toEqual(fresh.parameters);
      expect(cached.parameters).toContain(at);
      expect(cached.parameters).not.toContain(first.parameters.find((p) => p instanceof Date));
    }
  });

  it('another shape (no skip locked, no attachment) is another statement', () => {
    const a = postStatement(compiler, post(2, 1), new Date(), withProbe(2, 1));
    const b = postStatement(compiler, post(2, 1), new Date(), { attachments: [] });
    const c = postStatement(compiler, post(2, 1), new Date(), { ...withProbe(2, 1), skipLocked: false });
    expect(new Set([a.sql, b.sql, c.sql]).size).toBe(3);
    expect(c.sql).not.toContain('skip locked');
  });
});
