import { sql, type Kysely, type RawBuilder } from 'kysely';
import { COIN_CURRENCY } from '../../../contracts/constants';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { walletClock } from './clock';
import { TRANSACTION_TYPES, type Movement, type MovementResult, type TransactionType } from './types';

/**
 * The one place that moves coins. Every movement updates the balance and appends a journal row in
 * the same database transaction; the database refuses a negative balance and a repeated key.
 */

/** A Kysely handle or an open transaction: `postMovementIn` joins the caller's transaction. */
export type DbOrTrx = Kysely<Database>;

/** Which sign each movement type may carry (an ADJUSTMENT goes either way). */
const SIGN: Record<TransactionType, 'debit' | 'credit' | 'either'> = {
  BET: 'debit',
  WIN: 'credit',
  REFUND: 'credit',
  DAILY_BONUS: 'credit',
  PROMO_BONUS: 'credit',
  SIGNUP_BONUS: 'credit',
  ADJUSTMENT: 'either',
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
  const row = await db
    .selectFrom('wallet_journal')
    .select(['id', 'balance_after'])
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
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

interface PostedRow {
  /** The wallet's balance as locked by this statement; null when the account has no wallet yet. */
  locked: number | null;
  /** The caller's `onlyIf` (true when none was given). */
  ok: boolean | null;
  /** Whether the locked balance covers the movements (no running balance below zero). */
  enough: boolean | null;
  /** Whether the gate let the movements through. */
  gated: boolean;
  /** How many journal rows this call wrote: all or none (the statement fails rather than write part). */
  written: number;
  /** The new journal rows' ids, in movement order, when they were written. */
  ids: Array<number | string> | null;
  balance: number | null;
}

export interface PostOptions {
  at?: Date;
  /** Post only if this condition holds (evaluated in the same statement); else the answer is null. */
  onlyIf?: RawBuilder<boolean>;
  /**
   * A caller's data-modifying step that the movements depend on, in the same statement: the body
   * of a CTE, built around `go` (a condition it must put in its WHERE: the wallet is locked, its
   * balance covers the movements and `onlyIf` holds). The movements are written only if it returns
   * a row; when it returns none, nothing is written and the answer is null. It runs after the
   * wallet row is locked, so its own row locks come after the wallet's.
   */
  gate?: (go: RawBuilder<boolean>) => RawBuilder<unknown>;
  /**
   * Data-modifying statements run inside the same SQL statement (one round trip), for a caller's
   * own record of the movements, as named CTEs (a later one may read an earlier one by its name).
   * Each reads the rows just written from the CTE `posted (ord, id, balance_after)` (ord = the
   * movement's index) and must write nothing when `posted` is empty. They never touch wallets or
   * wallet_journal.
   */
  alongside?: Record<string, RawBuilder<unknown>>;
}

/**
 * Movements of one wallet as ONE statement (one round trip, the hot path of every game round):
 *  1. lock the wallet row (FOR UPDATE: movements of one wallet are serialised across instances);
 *  2. run the caller's gate, if any;
 *  3. append the journal rows, each balance_after = the locked balance + the running sum, only if
 *     no running balance goes below zero (and `onlyIf` holds and the gate passed), with
 *     `on conflict (idempotency_key) do nothing`: a repeated key writes nothing and, unlike a
 *     unique violation, does not abort the caller's transaction;
 *  4. set the balance to the last journal row's balance_after, only if every row was written.
 * Step 4 copies balance_after rather than recomputing `balance + amount`: the row is held locked
 * from step 1, so they are the same number, and PostgreSQL's re-check of a row updated
 * concurrently before the lock (EvalPlanQual through the join with `ins`) was seen to recompute
 * `balance + amount` from a stale version. The CHECK constraints still refuse a negative balance.
 * The statement is all or nothing by itself: when only some rows could be written (a key taken by
 * another movement) or the gate wrote but the movements were not, its last line fails the whole
 * statement (a cast of a message to int: the error names what happened). So it needs no
 * surrounding transaction to stay consistent.
 */
async function postOnce(trx: DbOrTrx, accountId: string, ms: Movement[], at: Date, opts: PostOptions): Promise<PostedRow> {
  const { onlyIf, gate, alongside = {} } = opts;
  let running = 0;
  const rows = ms.map((m, i) => {
    running += m.amount;
    return sql`(${i}::int, ${m.type}, ${m.amount}::bigint, ${running}::bigint, ${m.idempotencyKey}, ${m.gameCode ?? null}, ${m.sessionId ?? null}, ${m.traceId ?? null}, ${m.reason ?? null})`;
  });
  // The lowest running balance must stay >= 0 (a credit after a debit does not pay for the debit).
  let lowest = 0;
  running = 0;
  for (const m of ms) lowest = Math.min(lowest, (running += m.amount));
  const go = sql<boolean>`coalesce((select enough and ok from w), false)`;
  const n = ms.length;
  const { rows: out } = await sql<PostedRow>`
    with v (ord, type, amount, running, key, game_code, session_id, trace_id, reason) as (
      values ${sql.join(rows)}
    ), w as (
      select balance, balance + ${lowest}::bigint >= 0 as enough, ${onlyIf ?? sql`true`} as ok
      from wallets where account_id = ${accountId} for update
    ), gate as (
      ${gate ? gate(go) : sql`select 1 from w where enough and ok`}
    ), ins as (
      insert into wallet_journal (account_id, type, amount, balance_after, idempotency_key, game_code, session_id, trace_id, reason, created_at)
      select ${accountId}, v.type, v.amount, w.balance + v.running, v.key, v.game_code, v.session_id, v.trace_id, v.reason, ${at}::timestamptz
      from w, v
      where exists (select 1 from gate)
      order by v.ord
      on conflict (idempotency_key) do nothing
      returning id, balance_after, idempotency_key
    ), posted as (
      select v.ord, ins.id, ins.balance_after from ins join v on v.key = ins.idempotency_key
    )${sql.join(Object.entries(alongside).map(([name, statement]) => sql`, ${sql.id(name)} as (${statement})`), sql``)}, upd as (
      update wallets set balance = last.balance_after, updated_at = ${at}::timestamptz
      from posted last
      where wallets.account_id = ${accountId} and last.ord = ${n - 1} and (select count(*) from ins) = ${n}
      returning wallets.balance
    )
    select w.balance as locked, w.ok, w.enough, exists (select 1 from gate) as gated,
           (select case when count(*) = ${n} or (count(*) = 0 and ${gate ? sql`not exists (select 1 from gate)` : sql`true`}) then count(*)
                        else ('wallet: refused to write ' || count(*) || ' of ${sql.raw(String(n))} movements')::int end
            from ins)::int as written,
           (select array_agg(id order by id) from ins) as ids, (select balance from upd) as balance
    from (values (1)) as one left join w on true`.execute(trx);
  return out[0];
}

/**
 * Posts movements of ONE wallet, in order: all of them or none (one statement, see postOnce).
 * One round trip when they move coins; the rare paths (first movement of a wallet, a repeated key,
 * a refused debit) take one or two more.
 * `onlyIf`: a condition evaluated in the same statement (after the wallet lock is requested); when
 * false nothing is written and the answer is null (the seamless wallet uses it to post a fresh
 * round without a separate look-up). `gate`: see PostOptions; null when it refused.
 * A duplicate key sent concurrently for the same wallet waits on the wallet lock, then writes
 * nothing (on conflict) and is answered with the first result.
 * Throws AppError('INSUFFICIENT_FUNDS') when a debit would go below zero (without a gate); a
 * caller's transaction should then roll back (it does when the error propagates out of
 * `db.transaction().execute`).
 */
export async function postMovementsIn(trx: DbOrTrx, movements: Movement[], opts: PostOptions = {}): Promise<MovementResult[] | null> {
  const at = opts.at ?? walletClock.now();
  if (movements.length === 0) throw new Error('wallet: no movement to post');
  for (const m of movements) checkMovement(m);
  const accountId = movements[0].accountId;
  if (movements.some((m) => m.accountId !== accountId)) throw new Error('wallet: movements posted together belong to one wallet');
  if (new Set(movements.map((m) => m.idempotencyKey)).size !== movements.length) throw new Error('wallet: repeated key in one post');

  let posted = await postOnce(trx, accountId, movements, at, opts);
  if (posted.locked === null) {
    // No wallet yet (its first movement): create it, then post again.
    await ensureWallet(trx, accountId);
    posted = await postOnce(trx, accountId, movements, at, opts);
  }
  if (posted.ok === false) return null;
  if (posted.written === movements.length && posted.balance !== null && posted.ids) {
    let balance = Number(posted.locked);
    return movements.map((m, i) => ({ transactionId: Number(posted.ids![i]), newBalance: (balance += m.amount), replayed: false }));
  }
  if (opts.gate && !posted.gated) return null;
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
export async function postMovementIn(trx: DbOrTrx, movement: Movement, at: Date = walletClock.now()): Promise<MovementResult> {
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

/** The balance in coins; 0 for an account that has never moved a coin. */
export async function getBalance(db: DbOrTrx, accountId: string): Promise<number> {
  const row = await db.selectFrom('wallets').select('balance').where('account_id', '=', accountId).executeTakeFirst();
  return row?.balance ?? 0;
}

export interface ConservationProblem {
  accountId: string;
  balance: number | null;
  journalSum: number;
  lastBalanceAfter: number | null;
  problem: 'SUM_MISMATCH' | 'LAST_ENTRY_MISMATCH' | 'NEGATIVE_BALANCE' | 'JOURNAL_WITHOUT_WALLET';
}

export interface ConservationReport {
  wallets: number;
  entries: number;
  totalBalance: number;
  problems: ConservationProblem[];
}

/**
 * Proves, for every wallet, that the journal sums to the balance and that the newest entry's
 * balance_after is the balance. An empty `problems` list is the proof.
 */
export async function checkConservation(db: DbOrTrx): Promise<ConservationReport> {
  const rows = await sql<{
    account_id: string;
    balance: string | number | null;
    journal_sum: string | number | null;
    last_balance_after: string | number | null;
    entries: string | number;
  }>`
    with sums as (
      select account_id, sum(amount) as journal_sum, count(*) as entries, max(id) as last_id
      from wallet_journal group by account_id
    )
    select coalesce(w.account_id, s.account_id) as account_id, w.balance, s.journal_sum,
           (select j.balance_after from wallet_journal j where j.id = s.last_id) as last_balance_after,
           coalesce(s.entries, 0) as entries
    from wallets w full outer join sums s on s.account_id = w.account_id`.execute(db);

  const num = (v: string | number | null) => (v === null ? null : Number(v));
  const problems: ConservationProblem[] = [];
  let entries = 0;
  let totalBalance = 0;
  let wallets = 0;
  for (const r of rows.rows) {
    const balance = num(r.balance);
    const journalSum = num(r.journal_sum) ?? 0;
    const lastBalanceAfter = num(r.last_balance_after);
    entries += Number(r.entries);
    const base = { accountId: r.account_id, balance, journalSum, lastBalanceAfter };
    if (balance === null) {
      problems.push({ ...base, problem: 'JOURNAL_WITHOUT_WALLET' });
      continue;
    }
    wallets += 1;
    totalBalance += balance;
    if (balance < 0) problems.push({ ...base, problem: 'NEGATIVE_BALANCE' });
    if (journalSum !== balance) problems.push({ ...base, problem: 'SUM_MISMATCH' });
    else if (lastBalanceAfter !== null && lastBalanceAfter !== balance) problems.push({ ...base, problem: 'LAST_ENTRY_MISMATCH' });
  }
  return { wallets, entries, totalBalance, problems };
}

export interface StatementPage {
  totalRecordAmount: number;
  records: Array<{
    transactionId: number;
    createdDate: string;
    transactionType: TransactionType;
    amount: number;
    newBalance: number;
    gameCode: string | null;
    sessionId: string | null;
    traceId: string | null;
  }>;
}

/** The coin statement: one page of the player's journal, newest first (page 1 is the newest). */
export async function getStatement(db: DbOrTrx, accountId: string, page: number, pageSize: number): Promise<StatementPage> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('wallet_journal')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('wallet_journal')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    totalRecordAmount: Number(count.n),
    records: rows.map((r) => ({
      transactionId: r.id,
      createdDate: r.created_at.toISOString(),
      transactionType: r.type,
      amount: r.amount,
      newBalance: r.balance_after,
      gameCode: r.game_code,
      sessionId: r.session_id,
      traceId: r.trace_id,
    })),
  };
}
