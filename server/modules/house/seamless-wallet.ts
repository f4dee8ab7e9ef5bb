import { sql } from 'kysely';
import { attachment, getBalance, postMovementIn, postMovementsEach, type Attachment } from '../wallet';
import type { DbOrTrx } from '../../db';

/**
 * The seamless-wallet interface: how a game provider moves a player's coins. The house provider
 * uses it, and a third-party aggregator would be adapted to exactly these calls.
 *
 * - bet (debit), win (credit), rollback (refund of a bet), each idempotent by the provider's own
 *   transaction id: a repeated call returns the first answer and moves nothing.
 * - A bet is refunded at most once, whatever the rollback's own id: a second rollback of the same
 *   bet answers the first refund and moves nothing (a unique index allows one ROLLBACK per bet).
 * - A rollback of a round that is settled (its final win was recorded) is refused; a win or a bet on
 *   a rolled-back round is refused.
 * - A rollback that arrives before the bet it cancels is remembered; that bet, when it comes, is refused.
 * - A bet the balance cannot cover is refused with INSUFFICIENT_FUNDS and moves nothing.
 *
 * Each call is atomic with its provider record: it runs in the transaction it is given, or in a
 * transaction of its own when given the database itself. The in-process house provider passes its
 * round's transaction so a whole round is atomic.
 */
export interface WalletCallResult {
  balance: number;
  /** True when the transaction id had been seen: nothing moved this time. */
  replayed: boolean;
}

export interface BetCall {
  provider: string;
  txId: string;
  roundId: string;
  accountId: string;
  amount: number;
  gameCode: string;
}
export interface WinCall {
  provider: string;
  txId: string;
  roundId: string;
  accountId: string;
  amount: number;
  gameCode: string /** Ends the round: it can no longer be rolled back. */;
  final: boolean;
}
/** A round that is played and settled at once (a slot spin): its bet, then its final win. */
export interface BetAndWinCall {
  provider: string;
  betTxId: string;
  winTxId: string;
  roundId: string;
  accountId: string;
  bet: number;
  win: number;
  gameCode: string;
}
export interface RollbackCall {
  provider: string;
  txId: string;
  roundId: string;
  accountId: string /** The bet being cancelled. */;
  betTxId: string;
  gameCode: string;
}

/**
 * What an in-process provider adds to a betAndWinEach statement: a typed attachment
 * (server/modules/wallet/attachments.ts) with its own data, a step each round depends on (the
 * `gate`, e.g. taking the round's nonce) and its own records of the rounds; rows in call order.
 * `skipLocked`: a round whose wallet is locked elsewhere is left out (null) rather than waited for.
 */
export interface RoundAttachment {
  // biome-ignore lint/suspicious/noExplicitAny: any attachment's row and table types (each checked where it is made).
  attachment?: Attachment<string, any, any>;
  skipLocked?: boolean;
}

export type SeamlessWalletErrorCode = 'ROUND_SETTLED' | 'ROUND_CLOSED' | 'BET_ROLLED_BACK' | 'UNKNOWN_ROUND' | 'TRANSACTION_MISMATCH';

/** A refusal under the interface's rules (insufficient funds comes as the wallet's AppError). */
export class SeamlessWalletError extends Error {
  constructor(
    readonly code: SeamlessWalletErrorCode,
    message?: string,
  ) {
    super(message ?? code);
  }
}

export interface SeamlessWallet {
  balance(db: DbOrTrx, accountId: string): Promise<number>;
  bet(db: DbOrTrx, call: BetCall): Promise<WalletCallResult>;
  win(db: DbOrTrx, call: WinCall): Promise<WalletCallResult>;
  /**
   * Exactly `bet` then `win` with `final: true`, with the same rules, in fewer round trips; all or
   * nothing (a refusal of the win undoes the bet).
   */
  betAndWin(db: DbOrTrx, call: BetAndWinCall): Promise<WalletCallResult>;
  /**
   * betAndWin of fresh rounds (of different players) for an in-process provider, with the
   * provider's own step and records, all in one statement: one round trip, each round all or
   * nothing without a transaction. Null for a round that moved nothing: something is known about
   * its ids, the balance does not cover the bet, or the provider's gate refused it. The provider
   * then decides (the house plays that round the long way).
   */
  betAndWinEach(db: DbOrTrx, calls: BetAndWinCall[], attach: RoundAttachment): Promise<Array<WalletCallResult | null>>;
  rollback(db: DbOrTrx, call: RollbackCall): Promise<WalletCallResult>;
}

const journalKey = (provider: string, txId: string) => `game:${provider}:${txId}`;

async function seen(db: DbOrTrx, provider: string, txId: string) {
  return db
    .selectFrom('provider_transactions')
    .select(['kind', 'account_id', 'round_id', 'amount', 'balance_after', 'ref_tx_id'])
    .where('provider', '=', provider)
    .where('tx_id', '=', txId)
    .executeTakeFirst();
}

/**
 * One round trip for what a call must know first: the transaction id's earlier answer, whether a
 * rollback named it already (bets only), and the round's state.
 */
async function lookup(db: DbOrTrx, provider: string, txId: string, roundId: string) {
  const rows = await sql<{
    src: 'tx' | 'cancel' | 'round';
    kind: string | null;
    account_id: string;
    round_id: string | null;
    balance_after: number | null;
    status: string | null;
  }>`
    select 'tx' as src, kind, account_id, round_id, balance_after, null as status
      from provider_transactions where provider = ${provider} and tx_id = ${txId}
    union all
    select 'cancel', kind, account_id, round_id, null, null
      from provider_transactions where provider = ${provider} and ref_tx_id = ${txId} and kind = 'ROLLBACK'
    union all
    select 'round', null, account_id, round_id, null, status
      from provider_rounds where provider = ${provider} and round_id = ${roundId}`.execute(db);
  const find = (src: string) => rows.rows.find((r) => r.src === src);
  const tx = find('tx');
  const round = find('round');
  return {
    first: tx && { kind: tx.kind!, account_id: tx.account_id, balance_after: Number(tx.balance_after) },
    cancelled: Boolean(find('cancel')),
    round: round && { status: round.status!, account_id: round.account_id },
  };
}

async function roundStatus(db: DbOrTrx, provider: string, roundId: string) {
  const row = await db
    .selectFrom('provider_rounds')
    .select(['status', 'account_id'])
    .where('provider', '=', provider)
    .where('round_id', '=', roundId)
    .executeTakeFirst();
  return row;
}

interface TxRecord {
  provider: string;
  txId: string;
  kind: 'BET' | 'WIN' | 'ROLLBACK';
  accountId: string;
  roundId: string;
  amount: number;
  refTxId?: string;
  journalId: number | null;
  balance: number;
}

const txValues = (rows: TxRecord[]) =>
  sql.join(
    rows.map(
      (r) =>
        sql`(${r.provider}, ${r.txId}, ${r.kind}, ${r.accountId}::uuid, ${r.roundId}, ${r.amount}::bigint, ${r.refTxId ?? null}, ${r.journalId}::bigint, ${r.balance}::bigint)`,
    ),
  );

/**
 * Records provider transactions, and in the same statement (one round trip) what happens to the
 * round: it opens (the first bet), is settled (the final win) or rolled back. A round opened here
 * is a plain insert: a round id already taken is an error, as before.
 */
async function record(db: DbOrTrx, rows: TxRecord[], round?: { open?: 'open' | 'settled'; status?: 'settled' | 'rolled_back' }) {
  const { provider, roundId, accountId } = rows[0];
  const roundStep = round?.open
    ? sql`insert into provider_rounds (provider, round_id, account_id, status) values (${provider}, ${roundId}, ${accountId}::uuid, ${round.open}) returning 1`
    : round?.status
      ? sql`update provider_rounds set status = ${round.status}, updated_at = now() where provider = ${provider} and round_id = ${roundId} returning 1`
      : sql`select 1`;
  await sql`
    with round_step as (${roundStep})
    insert into provider_transactions (provider, tx_id, kind, account_id, round_id, amount, ref_tx_id, journal_id, balance_after)
    values ${txValues(rows)}`.execute(db);
}

/** A unique index refused a provider record: a concurrent call with the same ids got there first. */
const isRecordConflict = (error: unknown) => {
  const e = error as { code?: string; table?: string; message?: string };
  return (
    e?.code === '23505' && (e.table === 'provider_transactions' || e.table === 'provider_rounds' || /provider_(transactions|rounds)/.test(e.message ?? ''))
  );
};

/**
 * Runs a call atomically: in the caller's transaction, or in one of its own. When it owns the
 * transaction and a concurrent call with the same ids won a unique index (two rollbacks of one bet,
 * two first bets of a round), the call runs once more: it then sees the winner's record and applies
 * the rules to it (answers the first refund, joins the open round).
 */
async function atomic<T>(db: DbOrTrx, call: (trx: DbOrTrx) => Promise<T>): Promise<T> {
  if (db.isTransaction) return call(db);
  try {
    return await db.transaction().execute(call);
  } catch (error) {
    if (!isRecordConflict(error)) throw error;
    return db.transaction().execute(call);
  }
}

/** The first rollback of a bet (whatever its own id), if any. */
async function refundOf(db: DbOrTrx, provider: string, betTxId: string) {
  return db
    .selectFrom('provider_transactions')
    .select(['tx_id', 'account_id', 'balance_after'])
    .where('provider', '=', provider)
    .where('ref_tx_id', '=', betTxId)
    .where('kind', '=', 'ROLLBACK')
    .executeTakeFirst();
}

async function betIn(db: DbOrTrx, call: BetCall): Promise<WalletCallResult> {
  if (!Number.isSafeInteger(call.amount) || call.amount <= 0) throw new Error('seamless wallet: a bet is a positive integer');
  const { first, cancelled, round } = await lookup(db, call.provider, call.txId, call.roundId);
  if (first) {
    if (first.kind !== 'BET' || first.account_id !== call.accountId) throw new SeamlessWalletError('TRANSACTION_MISMATCH');
    return { balance: first.balance_after, replayed: true };
  }
  if (cancelled) throw new SeamlessWalletError('BET_ROLLED_BACK', 'A rollback of this bet arrived first');
  if (round && (round.status !== 'open' || round.account_id !== call.accountId)) throw new SeamlessWalletError('ROUND_CLOSED');
  // INSUFFICIENT_FUNDS is thrown here, before anything is written.
  const moved = await postMovementIn(db, {
    accountId: call.accountId,
    type: 'BET',
    amount: -call.amount,
    idempotencyKey: journalKey(call.provider, call.txId),
    gameCode: call.gameCode,
    sessionId: call.roundId,
  });
  // The same bet sent twice at once: the wallet lock let the first through, this one only replays.
  if (moved.replayed) return { balance: moved.newBalance, replayed: true };
  await record(db, [{ ...call, kind: 'BET', journalId: moved.transactionId, balance: moved.newBalance }], round ? undefined : { open: 'open' });
  return { balance: moved.newBalance, replayed: false };
}

async function winIn(db: DbOrTrx, call: WinCall): Promise<WalletCallResult> {
  if (!Number.isSafeInteger(call.amount) || call.amount < 0) throw new Error('seamless wallet: a win is a non-negative integer');
  const { first, round } = await lookup(db, call.provider, call.txId, call.roundId);
  if (first) {
    if (first.kind !== 'WIN' || first.account_id !== call.accountId) throw new SeamlessWalletError('TRANSACTION_MISMATCH');
    return { balance: first.balance_after, replayed: true };
  }
  if (!round || round.account_id !== call.accountId) throw new SeamlessWalletError('UNKNOWN_ROUND');
  if (round.status !== 'open') throw new SeamlessWalletError('ROUND_CLOSED');
  let balance: number;
  let journalId: number | null = null;
  if (call.amount > 0) {
    const moved = await postMovementIn(db, {
      accountId: call.accountId,
      type: 'WIN',
      amount: call.amount,
      idempotencyKey: journalKey(call.provider, call.txId),
      gameCode: call.gameCode,
      sessionId: call.roundId,
    });
    if (moved.replayed) return { balance: moved.newBalance, replayed: true };
    balance = moved.newBalance;
    journalId = moved.transactionId;
  } else {
    // A losing round's closing call: nothing to credit, the journal takes no zero rows.
    balance = await getBalance(db, call.accountId);
  }
  await record(db, [{ ...call, kind: 'WIN', journalId, balance }], call.final ? { status: 'settled' } : undefined);
  return { balance, replayed: false };
}

async function rollbackIn(db: DbOrTrx, call: RollbackCall): Promise<WalletCallResult> {
  const first = await seen(db, call.provider, call.txId);
  if (first) {
    if (first.kind !== 'ROLLBACK' || first.account_id !== call.accountId) throw new SeamlessWalletError('TRANSACTION_MISMATCH');
    return { balance: first.balance_after, replayed: true };
  }
  // Rollbacks of one bet wait for each other here (the bet's record is locked), so the check for an
  // earlier refund below sees any that committed meanwhile. The unique index backs this up.
  const bet = await db
    .selectFrom('provider_transactions')
    .select(['kind', 'account_id', 'round_id', 'amount'])
    .where('provider', '=', call.provider)
    .where('tx_id', '=', call.betTxId)
    .forUpdate()
    .executeTakeFirst();
  if (bet && (bet.kind !== 'BET' || bet.account_id !== call.accountId || bet.round_id !== call.roundId)) {
    throw new SeamlessWalletError('TRANSACTION_MISMATCH');
  }
  const refunded = await refundOf(db, call.provider, call.betTxId);
  if (refunded) {
    if (refunded.account_id !== call.accountId) throw new SeamlessWalletError('TRANSACTION_MISMATCH');
    // This bet was refunded (or cancelled before it came) under another rollback id: that answer stands.
    return { balance: Number(refunded.balance_after), replayed: true };
  }
  const round = await roundStatus(db, call.provider, call.roundId);
  if (round?.status === 'settled') throw new SeamlessWalletError('ROUND_SETTLED', 'A settled round cannot be rolled back');
  if (!bet) {
    // The bet has not arrived (yet): remember the rollback so that bet is refused when it comes.
    const balance = await getBalance(db, call.accountId);
    await record(db, [{ ...call, kind: 'ROLLBACK', amount: 0, refTxId: call.betTxId, journalId: null, balance }]);
    return { balance, replayed: false };
  }
  const moved = await postMovementIn(db, {
    accountId: call.accountId,
    type: 'REFUND',
    amount: bet.amount,
    idempotencyKey: journalKey(call.provider, call.txId),
    gameCode: call.gameCode,
    sessionId: call.roundId,
  });
  if (moved.replayed) return { balance: moved.newBalance, replayed: true };
  await record(db, [{ ...call, kind: 'ROLLBACK', amount: bet.amount, refTxId: call.betTxId, journalId: moved.transactionId, balance: moved.newBalance }], {
    status: 'rolled_back',
  });
  return { balance: moved.newBalance, replayed: false };
}

/** The interface over this casino's coin wallet (server/modules/wallet). */
export const coinSeamlessWallet: SeamlessWallet = {
  balance: (db, accountId) => getBalance(db, accountId),

  bet: (db, call) => atomic(db, (trx) => betIn(trx, call)),

  win: (db, call) => atomic(db, (trx) => winIn(trx, call)),

  betAndWin: (db, call) =>
    atomic(db, async (trx) => {
      const [done] = await coinSeamlessWallet.betAndWinEach(trx, [call], {});
      if (done) return done;
      // Something is known (a retry, a rollback, an existing round), or the bet is refused: the two
      // calls one by one, which apply every rule. The one-statement path is only for a fresh round.
      const { provider, roundId, accountId, gameCode } = call;
      await betIn(trx, { provider, txId: call.betTxId, roundId, accountId, amount: call.bet, gameCode });
      return winIn(trx, { provider, txId: call.winTxId, roundId, accountId, amount: call.win, gameCode, final: true });
    }),

  async betAndWinEach(db, calls, attach) {
    for (const call of calls) {
      if (!Number.isSafeInteger(call.bet) || call.bet <= 0) throw new Error('seamless wallet: a bet is a positive integer');
      if (!Number.isSafeInteger(call.win) || call.win < 0) throw new Error('seamless wallet: a win is a non-negative integer');
    }
    // Each round's BET (and WIN, when it won) journal rows.
    const groups = calls.map((call) => {
      const { provider, roundId, accountId, gameCode } = call;
      const bet = { accountId, type: 'BET' as const, amount: -call.bet, idempotencyKey: journalKey(provider, call.betTxId), gameCode, sessionId: roundId };
      const win = { accountId, type: 'WIN' as const, amount: call.win, idempotencyKey: journalKey(provider, call.winTxId), gameCode, sessionId: roundId };
      return { movements: call.win > 0 ? [bet, win] : [bet] };
    });
    const moved = await postMovementsEach(db, groups, {
      skipLocked: attach.skipLocked,
      attachments: [settledRounds(calls), ...(attach.attachment ? [attach.attachment] : [])],
    });
    return moved.map((m) => (m ? { balance: m[m.length - 1].newBalance, replayed: false } : null));
  },

  rollback: (db, call) => atomic(db, (trx) => rollbackIn(trx, call)),
};

/**
 * The seamless wallet's part of a betAndWinEach statement: a fresh round only (anything known about
 * its ids, a rollback of its bet or the round itself refuses it: the check `bet` and `win` make by
 * look-up), recorded settled with its two transactions (a losing round's WIN has no journal row and
 * the balance after its bet).
 */
const settledRounds = (calls: BetAndWinCall[]) => ({
  ...SETTLED_ROUNDS,
  rows: calls.map((c) => ({
    provider: c.provider,
    round_id: c.roundId,
    account_id: c.accountId,
    bet_tx: c.betTxId,
    win_tx: c.winTxId,
    bet: c.bet,
    win: c.win,
  })),
});

/** Defined once: the posting statement is then compiled once (wallet/posting.ts, postStatement). */
const SETTLED_ROUNDS = attachment({
  name: 'settled_rounds',
  rows: [] as Array<{ provider: string; round_id: string; account_id: string; bet_tx: string; win_tx: string; bet: number; win: number }>,
  columns: { provider: 'text', round_id: 'text', account_id: 'uuid', bet_tx: 'text', win_tx: 'text', bet: 'bigint', win: 'bigint' },
  // Scalar look-ups, tried in turn (coalesce stops at the first hit): each is an index probe per
  // round. (EXISTS joined by OR let the planner hash a whole table instead, whenever its
  // statistics said the table was small.) 'ROLLBACK' is a literal so that a generic plan can use
  // the partial unique index on rollbacks.
  refuse: (q) =>
    q
      .selectFrom('settled_rounds as r')
      .select('r.grp')
      .where((eb) =>
        eb.fn.coalesce(
          eb
            .selectFrom('provider_transactions as t')
            .select(sql<boolean>`true`.as('known'))
            .whereRef('t.provider', '=', 'r.provider')
            .where('t.tx_id', 'in', [eb.ref('r.bet_tx'), eb.ref('r.win_tx')])
            .limit(1),
          eb
            .selectFrom('provider_transactions as t')
            .select(sql<boolean>`true`.as('known'))
            .whereRef('t.provider', '=', 'r.provider')
            .whereRef('t.ref_tx_id', '=', 'r.bet_tx')
            .where('t.kind', '=', sql.lit('ROLLBACK'))
            .limit(1),
          eb
            .selectFrom('provider_rounds as o')
            .select(sql<boolean>`true`.as('known'))
            .whereRef('o.provider', '=', 'r.provider')
            .whereRef('o.round_id', '=', 'r.round_id')
            .limit(1),
          sql<boolean>`false`,
        ),
      ),
  records: [
    [
      'provider_round',
      (q) =>
        q
          .insertInto('provider_rounds')
          .columns(['provider', 'round_id', 'account_id', 'status'])
          .expression(
            q
              .selectFrom('settled_rounds as r')
              .innerJoin('posted as p', (join) => join.onRef('p.grp', '=', 'r.grp').on('p.ord', '=', 0))
              .select((eb) => ['r.provider', 'r.round_id', 'r.account_id', eb.val('settled').as('status')]),
          ),
    ],
    [
      'provider_bet',
      (q) =>
        q
          .insertInto('provider_transactions')
          .columns(['provider', 'tx_id', 'kind', 'account_id', 'round_id', 'amount', 'journal_id', 'balance_after'])
          .expression(
            q
              .selectFrom('settled_rounds as r')
              .innerJoin('posted as p', (join) => join.onRef('p.grp', '=', 'r.grp').on('p.ord', '=', 0))
              .select((eb) => ['r.provider', 'r.bet_tx', eb.val('BET').as('kind'), 'r.account_id', 'r.round_id', 'r.bet', 'p.id', 'p.balance_after']),
          ),
    ],
    [
      'provider_win',
      (q) =>
        q
          .insertInto('provider_transactions')
          .columns(['provider', 'tx_id', 'kind', 'account_id', 'round_id', 'amount', 'journal_id', 'balance_after'])
          .expression(
            q
              .selectFrom('settled_rounds as r')
              .innerJoin('posted as bet', (join) => join.onRef('bet.grp', '=', 'r.grp').on('bet.ord', '=', 0))
              .leftJoin('posted as won', (join) => join.onRef('won.grp', '=', 'r.grp').on('won.ord', '=', 1))
              .select((eb) => [
                'r.provider',
                'r.win_tx',
                eb.val('WIN').as('kind'),
                'r.account_id',
                'r.round_id',
                'r.win',
                'won.id',
                eb.fn.coalesce('won.balance_after', 'bet.balance_after').as('balance_after'),
              ]),
          ),
    ],
  ],
});
