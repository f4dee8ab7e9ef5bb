import { sql } from 'kysely';
import type { DbOrTrx } from '../wallet/service';
import { getBalance, postMovementIn } from '../wallet/service';

/**
 * The seamless-wallet interface: how a game provider moves a player's coins. The house provider
 * uses it, and a third-party aggregator would be adapted to exactly these calls.
 *
 * - bet (debit), win (credit), rollback (refund of a bet), each idempotent by the provider's own
 *   transaction id: a repeated call returns the first answer and moves nothing.
 * - A rollback of a round that is settled (its final win was recorded) is refused.
 * - A rollback that arrives before the bet it cancels is remembered; that bet, when it comes, is refused.
 * - A bet the balance cannot cover is refused with INSUFFICIENT_FUNDS and moves nothing.
 *
 * Each call takes the database handle to work in: a remote provider's adapter calls each in its
 * own transaction; the in-process house provider passes its round's transaction so a round is atomic.
 */
export interface WalletCallResult {
  balance: number;
  /** True when the transaction id had been seen: nothing moved this time. */
  replayed: boolean;
}

export interface BetCall { provider: string; txId: string; roundId: string; accountId: string; amount: number; gameCode: string }
export interface WinCall { provider: string; txId: string; roundId: string; accountId: string; amount: number; gameCode: string; /** Ends the round: it can no longer be rolled back. */ final: boolean }
export interface RollbackCall { provider: string; txId: string; roundId: string; accountId: string; /** The bet being cancelled. */ betTxId: string; gameCode: string }

export type SeamlessWalletErrorCode = 'ROUND_SETTLED' | 'ROUND_CLOSED' | 'BET_ROLLED_BACK' | 'UNKNOWN_ROUND' | 'TRANSACTION_MISMATCH';

/** A refusal under the interface's rules (insufficient funds comes as the wallet's AppError). */
export class SeamlessWalletError extends Error {
  constructor(readonly code: SeamlessWalletErrorCode, message?: string) {
    super(message ?? code);
  }
}

export interface SeamlessWallet {
  balance(db: DbOrTrx, accountId: string): Promise<number>;
  bet(db: DbOrTrx, call: BetCall): Promise<WalletCallResult>;
  win(db: DbOrTrx, call: WinCall): Promise<WalletCallResult>;
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

async function record(
  db: DbOrTrx,
  row: { provider: string; txId: string; kind: 'BET' | 'WIN' | 'ROLLBACK'; accountId: string; roundId: string; amount: number; refTxId?: string; journalId: number | null; balance: number },
) {
  await db
    .insertInto('provider_transactions')
    .values({
      provider: row.provider,
      tx_id: row.txId,
      kind: row.kind,
      account_id: row.accountId,
      round_id: row.roundId,
      amount: row.amount,
      ref_tx_id: row.refTxId ?? null,
      journal_id: row.journalId,
      balance_after: row.balance,
    })
    .execute();
}

/** The interface over this casino's coin wallet (server/modules/wallet). */
export const coinSeamlessWallet: SeamlessWallet = {
  balance: (db, accountId) => getBalance(db, accountId),

  async bet(db, call) {
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
    if (!round) {
      await db.insertInto('provider_rounds').values({ provider: call.provider, round_id: call.roundId, account_id: call.accountId, status: 'open' }).execute();
    }
    await record(db, { ...call, kind: 'BET', journalId: moved.transactionId, balance: moved.newBalance });
    return { balance: moved.newBalance, replayed: false };
  },

  async win(db, call) {
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
    if (call.final) {
      await db
        .updateTable('provider_rounds')
        .set({ status: 'settled', updated_at: new Date() })
        .where('provider', '=', call.provider)
        .where('round_id', '=', call.roundId)
        .execute();
    }
    await record(db, { ...call, kind: 'WIN', journalId, balance });
    return { balance, replayed: false };
  },

  async rollback(db, call) {
    const first = await seen(db, call.provider, call.txId);
    if (first) {
      if (first.kind !== 'ROLLBACK' || first.account_id !== call.accountId) throw new SeamlessWalletError('TRANSACTION_MISMATCH');
      return { balance: first.balance_after, replayed: true };
    }
    const bet = await seen(db, call.provider, call.betTxId);
    if (bet && (bet.kind !== 'BET' || bet.account_id !== call.accountId || bet.round_id !== call.roundId)) {
      throw new SeamlessWalletError('TRANSACTION_MISMATCH');
    }
    const round = await roundStatus(db, call.provider, call.roundId);
    if (round?.status === 'settled') throw new SeamlessWalletError('ROUND_SETTLED', 'A settled round cannot be rolled back');
    if (!bet) {
      // The bet has not arrived (yet): remember the rollback so that bet is refused when it comes.
      const balance = await getBalance(db, call.accountId);
      await record(db, { ...call, kind: 'ROLLBACK', amount: 0, refTxId: call.betTxId, journalId: null, balance });
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
    await db
      .updateTable('provider_rounds')
      .set({ status: 'rolled_back', updated_at: new Date() })
      .where('provider', '=', call.provider)
      .where('round_id', '=', call.roundId)
      .execute();
    await record(db, { ...call, kind: 'ROLLBACK', amount: bet.amount, refTxId: call.betTxId, journalId: moved.transactionId, balance: moved.newBalance });
    return { balance: moved.newBalance, replayed: false };
  },
};
