import { sql, type Compilable, type Kysely, type OperationNodeSource } from 'kysely';
import type { DbOrTrx } from '../../db';
import type { Database } from '../../db/schema';

/**
 * Typed attachments: what another module adds to the wallet's posting statement (one SQL statement,
 * one round trip), so its own steps and records commit or fail with the coins. Only the wallet
 * writes journal rows and balances: attachments are built on a query builder whose schema has no
 * `wallets` and no `wallet_journal` (a query naming them does not compile), and they see the
 * statement's own steps as typed tables:
 * - `<name>`: the attachment's rows, one per group of the post (`grp` = the group's index);
 * - `ready`: the groups that may go on (wallet locked, balance covering the movements, no refusal);
 * - `posted`: the journal rows just written (`ord` = the movement's index in its group).
 */
export interface PostingSteps {
  ready: { grp: number };
  posted: { grp: number; ord: number; id: number; balance_after: number };
}

/** The builder an attachment writes its queries with. `Rows` names its data; `Extra` its earlier records. */
export type AttachmentDb<Rows = object> = Kysely<Omit<Database, 'wallets' | 'wallet_journal'> & PostingSteps & Rows>;

/** A query an attachment returns: a select, insert or update built on its AttachmentDb. */
export type AttachmentQuery = Compilable & OperationNodeSource;

/** SQL types of an attachment's columns (its rows travel as typed arrays: rowsOf). */
export type ColumnSqlType = 'uuid' | 'text' | 'int' | 'bigint' | 'jsonb' | 'timestamptz' | 'boolean';

export interface Attachment<Name extends string, Row extends Record<string, unknown>, Extra = object> {
  /** Its rows' table name in the statement (unique in the post). */
  name: Name;
  /** One row per group, in group order. */
  rows: Row[];
  columns: { [K in keyof Row]: ColumnSqlType };
  /** The groups that must not be posted at all (say, ids already known): a query returning their `grp`. */
  refuse?: (db: AttachmentDb<Record<Name, Row & { grp: number }> & Extra>) => AttachmentQuery;
  /**
   * A step the movements depend on (say, taking a round's nonce), run after the wallet rows are
   * locked: a query over `ready` returning the `grp` of each group it lets through. One per post.
   */
  gate?: (db: AttachmentDb<Record<Name, Row & { grp: number }> & Extra>) => AttachmentQuery;
  /**
   * The caller's records of the movements, in order, each a named step: a data-modifying query that
   * reads `posted` and writes nothing for a group without rows there. A later record may read an
   * earlier one by its name (declare it in `Extra`).
   */
  records?: Array<[string, (db: AttachmentDb<Record<Name, Row & { grp: number }> & Extra>) => AttachmentQuery]>;
}

/** Declares an attachment with its types checked (the identity at run time). */
export const attachment = <Name extends string, Row extends Record<string, unknown>, Extra = object>(a: Attachment<Name, Row, Extra>) => a;

/** The builder attachments are given: the caller's own handle, with the wallet's tables out of its type. */
// biome-ignore lint/suspicious/noExplicitAny: the builder of attachments of any table set (each typed where it is made).
export const attachmentDb = (db: DbOrTrx) => db as unknown as AttachmentDb<any>;

/** Rows as one array per column, in the columns' order (the parameters rowsOf sends). */
export function columnArrays(columns: Record<string, ColumnSqlType>, rows: Array<Record<string, unknown>>): unknown[][] {
  return Object.keys(columns).map((n) => rows.map((row) => row[n] ?? null));
}

/**
 * Rows as the body of a CTE: one array parameter per column (columnArrays), unnested. The
 * statement's text depends only on the column names and types, never on how many rows travel:
 * PostgreSQL parses and plans it once per connection whatever the batch (a VALUES list made a new
 * statement, planned afresh, for every batch size and mix of movements).
 */
export function rowsOf(columns: Record<string, ColumnSqlType>, arrays: unknown[][]) {
  const names = Object.keys(columns);
  return sql`select * from unnest(${sql.join(arrays.map((values, i) => sql`${values}::${sql.raw(columns[names[i]])}[]`))}) as t (${sql.join(names.map((n) => sql.id(n)))})`;
}

/** An attachment's columns with its group's index first, as its CTE carries them (`grp`). */
export const columnsOf = (a: Attachment<string, Record<string, unknown>, unknown>): Record<string, ColumnSqlType> => ({ grp: 'int', ...a.columns });

/** An attachment's rows as arrays (columnsOf's order), each row with its group's index. */
export const arraysOf = (a: Attachment<string, Record<string, unknown>, unknown>) =>
  columnArrays(
    columnsOf(a),
    a.rows.map((row, grp) => ({ ...row, grp })),
  );
