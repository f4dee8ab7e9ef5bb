import { sql, type Kysely } from 'kysely';
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

/**
 * Posts a movement inside the caller's transaction (e.g. the signup transaction, a game round).
 * The wallet row is locked first, so movements of one wallet are serialised across every API
 * instance, and a duplicate key sent concurrently for the same wallet is found after the lock.
 * Throws AppError('INSUFFICIENT_FUNDS') when a debit would go below zero; the caller's transaction
 * should then roll back (it does when the error propagates out of `db.transaction().execute`).
 */
export async function postMovementIn(trx: DbOrTrx, movement: Movement, at: Date = walletClock.now()): Promise<MovementResult> {
  checkMovement(movement);
  await ensureWallet(trx, movement.accountId);
  const wallet = await trx
    .selectFrom('wallets')
    .select('balance')
    .where('account_id', '=', movement.accountId)
    .forUpdate()
    .executeTakeFirstOrThrow();

  // Read after the lock: under READ COMMITTED this statement sees a duplicate that committed meanwhile.
  const seen = await findByKey(trx, movement.idempotencyKey);
  if (seen) return seen;

  if (wallet.balance + movement.amount < 0) throw new AppError('INSUFFICIENT_FUNDS', 'The balance is too low for this debit');

  // balance + amount in SQL (not the value read above): correct even if a caller skipped the lock.
  const updated = await trx
    .updateTable('wallets')
    .set({ balance: sql<number>`balance + ${movement.amount}`, updated_at: at })
    .where('account_id', '=', movement.accountId)
    .returning('balance')
    .executeTakeFirstOrThrow();

  const entry = await trx
    .insertInto('wallet_journal')
    .values({
      account_id: movement.accountId,
      type: movement.type,
      amount: movement.amount,
      balance_after: updated.balance,
      idempotency_key: movement.idempotencyKey,
      game_code: movement.gameCode ?? null,
      session_id: movement.sessionId ?? null,
      trace_id: movement.traceId ?? null,
      reason: movement.reason ?? null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { transactionId: entry.id, newBalance: updated.balance, replayed: false };
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
  const seen = await findByKey(db, movement.idempotencyKey);
  if (seen) return seen;
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
