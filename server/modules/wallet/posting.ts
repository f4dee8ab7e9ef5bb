import { CompiledQuery, sql } from 'kysely';
import { COIN_CURRENCY } from '../../../contracts/constants';
import type { Db, DbOrTrx } from '../../db';
import { AppError } from '../../errors';
import { clock } from '../../clock';
import { forgetBalances } from './balance';
import { arraysOf, attachmentDb, columnArrays, columnsOf, rowsOf, type Attachment, type ColumnSqlType } from './attachments';
import { TRANSACTION_TYPES, type Movement, type MovementResult, type TransactionType } from './types';

/**
 * The one place that moves coins. Every movement updates the balance and appends a journal row in
 * the same database transaction; the database refuses a negative balance and a repeated key.
 */

/** Which sign each movement type may carry (an ADJUSTMENT goes either way). */
const SIGN: Record<TransactionType, 'debit' | 'credit' | 'either'> = {
  BET: 'debit',
  WIN: 'credit',
  REFUND: 'credit',
  DAILY_BONUS: 'credit',
  PROMO_BONUS: 'credit',
  SIGNUP_BONUS: 'credit',
  ADJUSTMENT: 'either',
  RAFFLE_PRIZE: 'credit',
  TOURNAMENT_PRIZE: 'credit',
  LEVEL_REWARD: 'credit',
  MISSION_REWARD: 'credit',
  TIER_BONUS: 'credit',
};

const MAX_KEY = 200;
const MAX_TEXT = 500;

/** A caller's programming error (never client input): it must not be mistaken for a catalogue answer. */
function checkMovement(m: Movement): void {
  if (!TRANSACTION_TYPES.includes(m.type)) throw new Error(`wallet: unknown movement type ${String(m.type)}`);
  if (!Number.isSafeInteger(m.amount) || m.amount === 0) throw new Error(`wallet: amount must be a non-zero integer, got ${m.amount}`);
  const sign = SIGN[m.type];
  if ((sign === 'debit' && m.amount > 0) || (sign === 'credit' && m.amount < 0)) {
    throw new Error(`wallet: a ${m.type} must be a ${sign}, got ${m.amount}`);
  }
  if (!m.idempotencyKey || m.idempotencyKey.length > MAX_KEY) throw new Error('wallet: an idempotency key (1-200 characters) is required');
  for (const field of ['gameCode', 'sessionId', 'traceId', 'reason'] as const) {
    const v = m[field];
    if (v != null && v.length > MAX_TEXT) throw new Error(`wallet: ${field} is too long`);
  }
}

async function findByKey(db: DbOrTrx, idempotencyKey: string): Promise<MovementResult | undefined> {
  const row = await db.selectFrom('wallet_journal').select(['id', 'balance_after']).where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return row && { transactionId: row.id, newBalance: row.balance_after, replayed: true };
}

/** Creates the wallet on first use; a no-op when it exists (safe under concurrent first movements). */
async function ensureWallet(db: DbOrTrx, accountId: string): Promise<void> {
  await db
    .insertInto('wallets')
    .values({ account_id: accountId, currency: COIN_CURRENCY })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
}

/** The statement's own rows: each movement (`ord` in its group) and each group (wallet). */
const MOVEMENT_COLUMNS: Record<string, ColumnSqlType> = {
  grp: 'int',
  ord: 'int',
  type: 'text',
  amount: 'bigint',
  running: 'bigint',
  key: 'text',
  game_code: 'text',
  session_id: 'text',
  trace_id: 'text',
  reason: 'text',
};
const GROUP_COLUMNS: Record<string, ColumnSqlType> = { grp: 'int', account_id: 'uuid', n: 'int', lowest: 'bigint' };

/** What one group (one wallet's movements) of a post came to. */
interface PostedRow {
  /** The wallet's balance as locked by this statement; null when the account has no wallet yet. */
  locked: number | null;
  /** No attachment refused the group. */
  ok: boolean | null;
  /** Whether the locked balance covers the movements (no running balance below zero). */
  enough: boolean | null;
  /** Whether the gate let the movements through. */
  gated: boolean;
  /** How many journal rows were written: all or none (the statement fails rather than write part). */
  written: number;
  /** The new journal rows' ids, in movement order, when they were written. */
  ids: Array<number | string> | null;
  balance: number | null;
}

/** One wallet's movements in a post. */
export interface PostGroup {
  movements: Movement[];
}

export interface PostOptions {
  at?: Date;
  /**
   * Leave out the groups whose wallet is locked by another transaction (they write nothing and
   * answer null) instead of waiting for it: a batch of players' rounds must not wait on one wallet
   * held elsewhere.
   */
  skipLocked?: boolean;
  /** What callers add to the statement, typed (./attachments.ts): their data, refusals, a gate, their records. */
  // biome-ignore lint/suspicious/noExplicitAny: attachments of any row and table types (each checked where it is made).
  attachments?: Array<Attachment<string, any, any>>;
}

/**
 * Movements of one or more wallets (a group each, at most one group per wallet) as ONE statement,
 * one round trip: the hot path of every game round, and of several players' rounds at once.
 *  1. lock the wallet rows (FOR UPDATE, in account order: movements of one wallet are serialised
 *     across instances, and two posts never wait for each other's wallets in a cycle);
 *     (with `skipLocked`, a wallet locked elsewhere leaves its group out);
 *  2. run the attachments' gate, if any, over the groups that are `ready` (locked, covered, refused
 *     by no attachment);
 *  3. append each group's journal rows, each balance_after = its locked balance + the running sum,
 *     only if no running balance goes below zero (and no attachment refused it and the gate passed), with
 *     `on conflict (idempotency_key) do nothing`: a repeated key writes nothing and, unlike a
 *     unique violation, does not abort the caller's transaction;
 *  4. write the attachments' records (they read `posted`), and set each balance to its group's
 *     last journal row's balance_after, only if every row of the group was written.
 * Step 4 copies balance_after rather than recomputing `balance + amount`: the row is held locked
 * from step 1, so they are the same number, and PostgreSQL's re-check of a row updated
 * concurrently before the lock (EvalPlanQual) was seen to recompute `balance + amount` from a
 * stale version. The CHECK constraints still refuse a negative balance.
 * The statement is all or nothing by itself: when only some rows of a group could be written (a
 * key taken by another movement) or the gate let a group through whose movements were then not
 * written, its last line fails the whole statement (a cast of a message to int: the error names
 * what happened). So it needs no surrounding transaction to stay consistent.
 */
async function postGroups(trx: DbOrTrx, groups: PostGroup[], at: Date, opts: PostOptions): Promise<PostedRow[]> {
  const { rows } = await trx.executeQuery<PostedRow & { grp: number }>(postStatement(trx, groups, at, opts));
  // Whether or not they moved (a refusal, a replay), GET /balance reads these wallets afresh.
  forgetBalances(
    trx,
    groups.map(({ movements }) => movements[0].accountId),
  );
  return rows;
}

/**
 * The posting statement, compiled. Kysely builds and compiles it (some 300 nodes) in ~0.6 ms, a
 * tenth of the server's time for a batch of 32 spins: a post of a shape it has compiled before
 * only puts its own arrays and time into that text's parameters. The shape is the options and each
 * attachment's name, columns and queries, the query functions by identity: an attachment whose
 * functions are defined once (their queries depend on nothing but their builder) is compiled once,
 * one whose functions are made per call is compiled at every call. Exported for its unit test.
 */
export function postStatement(trx: DbOrTrx, groups: PostGroup[], at: Date, opts: PostOptions): CompiledQuery {
  const { skipLocked = false, attachments = [] } = opts;
  const gates = attachments.filter((a) => a.gate);
  if (gates.length > 1) throw new Error('wallet: one gate per post');
  for (const a of attachments) if (a.rows.length !== groups.length) throw new Error(`wallet: attachment ${a.name} needs a row per group`);
  const movementRows: Array<Record<string, unknown>> = [];
  const groupRows = groups.map(({ movements }, grp) => {
    let running = 0;
    // The lowest running balance must stay >= 0 (a credit after a debit does not pay for the debit).
    let lowest = 0;
    movements.forEach((m, ord) => {
      lowest = Math.min(lowest, (running += m.amount));
      movementRows.push({
        grp,
        ord,
        type: m.type,
        amount: m.amount,
        running,
        key: m.idempotencyKey,
        game_code: m.gameCode,
        session_id: m.sessionId,
        trace_id: m.traceId,
        reason: m.reason,
      });
    });
    return { grp, account_id: movements[0].accountId, n: movements.length, lowest };
  });
  const arrays = { attached: attachments.map(arraysOf), v: columnArrays(MOVEMENT_COLUMNS, movementRows), g: columnArrays(GROUP_COLUMNS, groupRows) };
  // Every value that changes from call to call, each an object: the arrays and the time.
  const perCall: unknown[] = [...arrays.attached.flat(), ...arrays.v, ...arrays.g, at];
  const shape = shapeOf(attachments, skipLocked);
  const known = compiledPosts.get(shape);
  if (known) {
    const parameters = [...known.parameters];
    for (const [k, places] of known.slots.entries()) for (const i of places) parameters[i] = perCall[k];
    return CompiledQuery.raw(known.sql, parameters);
  }
  const compiled = buildPost(trx, attachments, arrays, at, skipLocked).compile(trx);
  // The parameters each per-call value became (by identity); the other parameters are the shape's
  // constants. Anything else that is an object might be per-call: such a statement is not kept.
  const slots = perCall.map((v) => compiled.parameters.flatMap((p, i) => (p === v ? [i] : [])));
  const placed = new Set(slots.flat());
  const constantsOnly = compiled.parameters.every((p, i) => placed.has(i) || p === null || typeof p !== 'object');
  if (slots.every((places) => places.length > 0) && constantsOnly) {
    if (compiledPosts.size >= MAX_COMPILED_POSTS) compiledPosts.delete(compiledPosts.keys().next().value!);
    compiledPosts.set(shape, { sql: compiled.sql, parameters: compiled.parameters, slots });
  }
  return compiled;
}

interface CompiledPost {
  sql: string;
  parameters: readonly unknown[];
  /** For each per-call value, in postStatement's order, the parameters it fills. */
  slots: number[][];
}
const MAX_COMPILED_POSTS = 100;
const compiledPosts = new Map<string, CompiledPost>();
const functionIds = new WeakMap<object, number>();
let lastFunctionId = 0;
const idOf = (f: object | undefined) => {
  if (!f) return 0;
  let id = functionIds.get(f);
  if (id === undefined) functionIds.set(f, (id = ++lastFunctionId));
  return id;
};
// biome-ignore lint/suspicious/noExplicitAny: attachments of any row and table types (each checked where it is made).
const shapeOf = (attachments: Array<Attachment<string, any, any>>, skipLocked: boolean) =>
  JSON.stringify([
    skipLocked,
    attachments.map((a) => [a.name, a.columns, idOf(a.refuse), idOf(a.gate), (a.records ?? []).map(([name, record]) => [name, idOf(record)])]),
  ]);

/** The statement postGroups describes, built (see there). */
function buildPost(
  trx: DbOrTrx,
  // biome-ignore lint/suspicious/noExplicitAny: attachments of any row and table types (each checked where it is made).
  attachments: Array<Attachment<string, any, any>>,
  arrays: { attached: unknown[][][]; v: unknown[][]; g: unknown[][] },
  at: Date,
  skipLocked: boolean,
) {
  const q = attachmentDb(trx);
  const gates = attachments.filter((a) => a.gate);
  const cte = (name: string, body: unknown) => sql`${sql.id(name)} as (${body})`;
  const refusals = attachments.flatMap((a, i) => (a.refuse ? [{ name: `refused_${i}`, query: a.refuse(q) }] : []));
  const ok = refusals.length
    ? sql.join(
        refusals.map((r) => sql`g.grp not in (select grp from ${sql.id(r.name)})`),
        sql` and `,
      )
    : sql`true`;
  return sql<PostedRow & { grp: number }>`
    with ${sql.join([
      ...attachments.map((a, i) => cte(a.name, rowsOf(columnsOf(a), arrays.attached[i]))),
      ...refusals.map((r) => cte(r.name, r.query)),
      cte('v', rowsOf(MOVEMENT_COLUMNS, arrays.v)),
      cte('g', rowsOf(GROUP_COLUMNS, arrays.g)),
      sql`w as (
        select g.grp, wl.balance, wl.balance + g.lowest >= 0 as enough, ${ok} as ok
        from g join wallets wl on wl.account_id = g.account_id
        order by wl.account_id
        for update of wl${skipLocked ? sql` skip locked` : sql``})`,
      sql`ready as (select grp from w where enough and ok)`,
      cte('gate', gates.length ? gates[0].gate!(q) : sql`select grp from ready`),
      sql`ins as (
        insert into wallet_journal (account_id, type, amount, balance_after, idempotency_key, game_code, session_id, trace_id, reason, created_at)
        select g.account_id, v.type, v.amount, w.balance + v.running, v.key, v.game_code, v.session_id, v.trace_id, v.reason, ${at}::timestamptz
        from v join w on w.grp = v.grp join g on g.grp = v.grp
        where v.grp in (select grp from gate)
        order by v.grp, v.ord
        on conflict (idempotency_key) do nothing
        returning id, balance_after, idempotency_key)`,
      sql`posted as (select v.grp, v.ord, ins.id, ins.balance_after from ins join v on v.key = ins.idempotency_key)`,
      sql`written as (select grp, count(*)::int as n, array_agg(id order by ord) as ids from posted group by grp)`,
      ...attachments.flatMap((a) => (a.records ?? []).map(([name, record]) => cte(name, record(q)))),
      sql`upd as (
        update wallets set balance = last.balance_after, updated_at = ${at}::timestamptz
        from g join written c on c.grp = g.grp and c.n = g.n join posted last on last.grp = g.grp and last.ord = g.n - 1
        where wallets.account_id = g.account_id
        returning g.grp, wallets.balance)`,
    ])}
    select g.grp, w.balance as locked, w.ok, w.enough, g.grp in (select grp from gate) as gated,
           case when coalesce(c.n, 0) = g.n or (c.n is null and ${gates.length ? sql`g.grp not in (select grp from gate)` : sql`true`}) then coalesce(c.n, 0)
                else ('wallet: refused to write ' || coalesce(c.n, 0) || ' of ' || g.n || ' movements')::int end as written,
           c.ids, u.balance
    from g left join w on w.grp = g.grp left join written c on c.grp = g.grp left join upd u on u.grp = g.grp
    order by g.grp`;
}

function checkGroups(groups: PostGroup[]): void {
  const accounts = new Set<string>();
  const keys = new Set<string>();
  for (const { movements } of groups) {
    if (movements.length === 0) throw new Error('wallet: no movement to post');
    for (const m of movements) checkMovement(m);
    const accountId = movements[0].accountId;
    if (movements.some((m) => m.accountId !== accountId)) throw new Error('wallet: movements posted together belong to one wallet');
    if (accounts.has(accountId)) throw new Error('wallet: one group per wallet in a post');
    accounts.add(accountId);
    for (const m of movements) {
      if (keys.has(m.idempotencyKey)) throw new Error('wallet: repeated key in one post');
      keys.add(m.idempotencyKey);
    }
  }
}

const results = (movements: Movement[], posted: PostedRow): MovementResult[] => {
  let balance = Number(posted.locked);
  return movements.map((m, i) => ({ transactionId: Number(posted.ids![i]), newBalance: (balance += m.amount), replayed: false }));
};

const wroteAll = (movements: Movement[], posted: PostedRow) => posted.written === movements.length && posted.balance !== null && Boolean(posted.ids);

/**
 * Posts several wallets' movements in one statement, each group all or none, and answers each
 * group's results, or null for a group that wrote nothing (no wallet yet or locked elsewhere with
 * `skipLocked`, refused by an attachment or its gate, a debit the balance cannot cover, or keys
 * used already): the caller then posts that
 * group on its own (postMovementsIn), which says why.
 */
export async function postMovementsEach(db: DbOrTrx, groups: PostGroup[], opts: PostOptions = {}): Promise<Array<MovementResult[] | null>> {
  checkGroups(groups);
  const posted = await postGroups(db, groups, opts.at ?? clock.now(), opts);
  return groups.map(({ movements }, i) => (wroteAll(movements, posted[i]) ? results(movements, posted[i]) : null));
}

/**
 * Posts movements of ONE wallet, in order: all of them or none (one statement, see postGroups).
 * One round trip when they move coins; the rare paths (first movement of a wallet, a repeated key,
 * a refused debit) take one or two more.
 * Attachments (./attachments.ts): when one refuses the group, or its gate does, nothing is written
 * and the answer is null (the seamless wallet posts a fresh round this way without a separate look-up).
 * A duplicate key sent concurrently for the same wallet waits on the wallet lock, then writes
 * nothing (on conflict) and is answered with the first result.
 * Throws AppError('INSUFFICIENT_FUNDS') when a debit would go below zero (without a gate); a
 * caller's transaction should then roll back (it does when the error propagates out of
 * `db.transaction().execute`).
 */
export async function postMovementsIn(trx: DbOrTrx, movements: Movement[], opts: PostOptions = {}): Promise<MovementResult[] | null> {
  const at = opts.at ?? clock.now();
  const group = { movements };
  checkGroups([group]);
  let [posted] = await postGroups(trx, [group], at, opts);
  if (posted.locked === null) {
    // No wallet yet (its first movement): create it, then post again.
    await ensureWallet(trx, movements[0].accountId);
    [posted] = await postGroups(trx, [group], at, opts);
  }
  if (posted.ok === false) return null;
  if (wroteAll(movements, posted)) return results(movements, posted);
  if (opts.attachments?.some((a) => a.gate) && !posted.gated) return null;
  // Nothing written: either the keys were used already (those first answers win, as before the
  // funds check) or a debit would go negative. A new statement sees a duplicate committed meanwhile.
  const seen: Array<MovementResult | undefined> = [];
  for (const m of movements) seen.push(await findByKey(trx, m.idempotencyKey));
  if (seen.every(Boolean)) return seen as MovementResult[];
  if (seen.some(Boolean)) throw new Error('wallet: some of these idempotency keys were used by another movement');
  if (!posted.enough) throw new AppError('INSUFFICIENT_FUNDS', 'The balance is too low for this debit');
  throw new Error('wallet: the movement was neither written nor refused');
}

/**
 * Posts a movement inside the caller's transaction (e.g. the signup transaction, a game round).
 * See postMovementsIn: one round trip, a repeated key answers the first result.
 */
export async function postMovementIn(trx: DbOrTrx, movement: Movement, at: Date = clock.now()): Promise<MovementResult> {
  const [result] = (await postMovementsIn(trx, [movement], { at }))!;
  return result;
}

function isKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === 'wallet_journal_idempotency_key' || /wallet_journal_idempotency_key/.test(e.message ?? ''));
}

/**
 * Posts one movement in its own transaction. A repeated idempotency key returns the first result
 * unchanged (`replayed: true`), also when the duplicate raced the first request.
 */
export async function postMovement(db: Db, movement: Movement, at?: Date): Promise<MovementResult> {
  try {
    return await db.transaction().execute((trx) => postMovementIn(trx, movement, at));
  } catch (error) {
    // Same key on another wallet (or a race the lock did not cover): the first row is the answer.
    if (isKeyViolation(error)) {
      const first = await findByKey(db, movement.idempotencyKey);
      if (first) return first;
    }
    throw error;
  }
}
