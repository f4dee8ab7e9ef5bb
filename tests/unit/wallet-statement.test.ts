import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/modules/wallet/attachments';

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
const rows = (n: number) => Array.from({ length: n }, (_, grp) => ({ grp, account_id: `00000000-0000-4000-8000-00000000000${grp % 10}`, note: grp % 2 ? null : `n${grp}` }));

describe('the posting statement rows (rowsOf)', () => {
  it('has the same text for 1, 7 and 32 rows, so PostgreSQL prepares and plans it once per connection', () => {
    const texts = [1, 7, 32].map((n) => rowsOf(columns, rows(n)).compile(compiler).sql);
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toBe('select * from unnest($1::int[], $2::uuid[], $3::text[]) as t ("grp", "account_id", "note")');
  });

  it('sends each column as one array parameter, in row order, missing values as null', () => {
    const { parameters } = rowsOf(columns, rows(3)).compile(compiler);
    expect(parameters).toEqual([[0, 1, 2], ['00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'], ['n0', null, 'n2']]);
  });
});
