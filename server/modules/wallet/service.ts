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

/** What one group (one wallet's movements) of a post came to. */
interface PostedRow {
  /** The wallet's balance as locked by this statement; null when the account has no wallet yet. */
  locked: number | null;
  /** The group's `onlyIf` (true when none was given). */
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

/** One wallet's movements in a post, and the condition they are posted on. */
export interface PostGroup {
  movements: Movement[];
  /** Post only if this holds (evaluated in the same statement, after the wallet lock is requested). */
  onlyIf?: RawBuilder<boolean>;
}

export interface PostOptions {
  at?: Date;
  /**
   * Leave out the groups whose wallet is locked by another transaction (they write nothing and
   * answer null) instead of waiting for it: a batch of players' rounds must not wait on one wallet
   * held elsewhere.
   */
  skipLocked?: boolean;
  /**
   * The caller's own data for `gate` and `alongside`, as named CTEs placed first (e.g. a VALUES list
   * with a row per group, keyed by `grp`, the group's index). They read nothing of the wallet's.
   */
  before?: Record<string, RawBuilder<unknown>>;
  /**
   * A caller's data-modifying step that the movements depend on, in the same statement: the body
   * of a CTE, built around `ready` (a subquery of the groups that may go on: wallet locked, balance
   * covering the movements, `onlyIf` holding), returning the `grp` of each group it lets through.
   * The other groups write nothing. It runs after the wallet rows are locked, so its own row locks
   * come after the wallets'.
   */
  gate?: (ready: RawBuilder<unknown>) => RawBuilder<unknown>;
  /**
   * Data-modifying statements run inside the same SQL statement (one round trip), for a caller's
   * own record of the movements, as named CTEs (a later one may read an earlier one by its name).
   * Each reads the rows just written from the CTE `posted (grp, ord, id, balance_after)` (ord = the
   * movement's index in its group) and must write nothing for a group without rows in `posted`.
   * They never touch wallets or wallet_journal.
   */
  alongside?: Record<string, RawBuilder<unknown>>;
}

/**
 * Movements of one or more wallets (a group each, at most one group per wallet) as ONE statement,
 * one round trip: the hot path of every game round, and of several players' rounds at once.
 *  1. lock the wallet rows (FOR UPDATE, in account order: movements of one wallet are serialised
 *     across instances, and two posts never wait for each other's wallets in a cycle);
 *  2. run the caller's gate, if any;
 *  3. append each group's journal rows, each balance_after = its locked balance + the running sum,
 *     only if no running balance goes below zero (and `onlyIf` holds and the gate passed), with
 *     `on conflict (idempotency_key) do nothing`: a repeated key writes nothing and, unlike a
 *     unique violation, does not abort the caller's transaction;
 *  4. set each balance to its group's last journal row's balance_after, only if every row of the
 *     group was written.
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
  const { before = {}, gate, alongside = {}, skipLocked = false } = opts;
  const movementRows: RawBuilder<unknown>[] = [];
  const groupRows = groups.map(({ movements }, grp) => {
    let running = 0;
    // The lowest running balance must stay >= 0 (a credit after a debit does not pay for the debit).
    let lowest = 0;
    movements.forEach((m, ord) => {
      lowest = Math.min(lowest, (running += m.amount));
      movementRows.push(
        sql`(${grp}::int, ${ord}::int, ${m.type}, ${m.amount}::bigint, ${running}::bigint, ${m.idempotencyKey}, ${m.gameCode ?? null}, ${m.sessionId ?? null}, ${m.traceId ?? null}, ${m.reason ?? null})`,
      );
    });
    return sql`(${grp}::int, ${movements[0].accountId}::uuid, ${movements.length}::int, ${lowest}::bigint)`;
  });
  const ok = groups.some((g) => g.onlyIf)
    ? sql`case g.grp ${sql.join(groups.map((g, grp) => sql`when ${grp} then ${g.onlyIf ?? sql`true`}`), sql` `)} end`
    : sql`true`;
  const ready = sql`(select grp from w where enough and ok)`;
  const ctes = (named: Record<string, RawBuilder<unknown>>) => Object.entries(named).map(([name, statement]) => sql`${sql.id(name)} as (${statement})`);
  const { rows } = await sql<PostedRow & { grp: number }>`
    with ${sql.join([
      ...ctes(before),
      sql`v (grp, ord, type, amount, running, key, game_code, session_id, trace_id, reason) as (values ${sql.join(movementRows)})`,
      sql`g (grp, account_id, n, lowest) as (values ${sql.join(groupRows)})`,
      sql`w as (
        select g.grp, wl.balance, wl.balance + g.lowest >= 0 as enough, ${ok} as ok
        from g join wallets wl on wl.account_id = g.account_id
        order by wl.account_id
        for update of wl${skipLocked ? sql` skip locked` : sql``})`,
      sql`gate as (${gate ? gate(ready) : sql`select grp from w where enough and ok`})`,
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
      ...ctes(alongside),
      sql`upd as (
        update wallets set balance = last.balance_after, updated_at = ${at}::timestamptz
        from g join written c on c.grp = g.grp and c.n = g.n join posted last on last.grp = g.grp and last.ord = g.n - 1
        where wallets.account_id = g.account_id
        returning g.grp, wallets.balance)`,
    ])}
    select g.grp, w.balance as locked, w.ok, w.enough, g.grp in (select grp from gate) as gated,
           case when coalesce(c.n, 0) = g.n or (c.n is null and ${gate ? sql`g.grp not in (select grp from gate)` : sql`true`}) then coalesce(c.n, 0)
                else ('wallet: refused to write ' || coalesce(c.n, 0) || ' of ' || g.n || ' movements')::int end as written,
           c.ids, u.balance
    from g left join w on w.grp = g.grp left join written c on c.grp = g.grp left join upd u on u.grp = g.grp
    order by g.grp`.execute(trx);
  return rows;
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
 * group's results, or null for a group that wrote nothing (no wallet yet, `onlyIf` false, refused
 * by the gate, a debit the balance cannot cover, or keys used already): the caller then posts that
 * group on its own (postMovementsIn), which says why.
 */
export async function postMovementsEach(db: DbOrTrx, groups: PostGroup[], opts: PostOptions = {}): Promise<Array<MovementResult[] | null>> {
  checkGroups(groups);
  const posted = await postGroups(db, groups, opts.at ?? walletClock.now(), opts);
  return groups.map(({ movements }, i) => (wroteAll(movements, posted[i]) ? results(movements, posted[i]) : null));
}

/**
 * Posts movements of ONE wallet, in order: all of them or none (one statement, see postGroups).
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
export async function postMovementsIn(
  trx: DbOrTrx,
  movements: Movement[],
  opts: PostOptions & { onlyIf?: RawBuilder<boolean> } = {},
): Promise<MovementResult[] | null> {
  const at = opts.at ?? walletClock.now();
  const group = { movements, onlyIf: opts.onlyIf };
  checkGroups([group]);
  let [posted] = await postGroups(trx, [group], at, opts);
  if (posted.locked === null) {
    // No wallet yet (its first movement): create it, then post again.
    await ensureWallet(trx, movements[0].accountId);
    [posted] = await postGroups(trx, [group], at, opts);
  }
  if (posted.ok === false) return null;
  if (wroteAll(movements, posted)) return results(movements, posted);
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
