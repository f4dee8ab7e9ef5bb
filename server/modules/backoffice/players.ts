import { sql } from 'kysely';
import type { Player360 } from '../../../contracts/backoffice';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { clock } from '../../clock';
import { forgetSessionsOf } from '../../plugins/session';
import { getBalance } from '../wallet';
import { controlHistory, playControlsOf } from '../protection';
import { toAuditEntry, writeAudit, type AuditActor } from '../audit';

/** Players as support sees them (docs/decisions/0019-back-office.md): search, the player 360, lock and unlock, ending sessions. */

const playerColumns = [
  'id',
  'account_ref',
  'email',
  'display_name',
  'phone_number',
  'phone_verified_at',
  'staff_locked_at',
  'created_at',
  'language',
  'is_tester',
  'deleted_at',
] as const;

const toRow = (r: {
  account_ref: string;
  email: string | null;
  display_name: string | null;
  phone_number: string | null;
  staff_locked_at: Date | null;
  created_at: Date;
}) => ({
  accountRef: r.account_ref,
  email: r.email,
  displayName: r.display_name,
  phoneNumber: r.phone_number,
  locked: r.staff_locked_at !== null,
  createdAt: r.created_at.toISOString(),
});

/** By email, display name (case-insensitive, prefix), account ref or phone number (digits, with or without +). */
export async function searchPlayers(db: Db, query: string) {
  const q = query.trim();
  const lower = q.toLowerCase();
  const digits = q.replace(/[^\d]/g, '');
  const prefix = `${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('accounts')
    .select(playerColumns)
    .where((eb) => {
      const any = [eb(sql<string>`lower(email)`, 'like', prefix), eb(sql<string>`lower(display_name)`, 'like', prefix), eb('account_ref', '=', q)];
      if (digits.length >= 6) any.push(eb('phone_number', 'like', `%${digits}`));
      return eb.or(any);
    })
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return rows.map(toRow);
}

export async function playerByRef(db: Db, accountRef: string) {
  const row = await db.selectFrom('accounts').select(playerColumns).where('account_ref', '=', accountRef).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such player');
  return row;
}

export async function player360(db: Db, config: Config, accountRef: string): Promise<Player360> {
  const p = await playerByRef(db, accountRef);
  const now = clock.now();
  const site = config.PUBLIC_SITE_URL.replace(/\/$/, '');
  const [balance, journal, rounds, sessions, controls, history, races, raffles, audit] = await Promise.all([
    getBalance(db, p.id),
    db.selectFrom('wallet_journal').selectAll().where('account_id', '=', p.id).orderBy('id', 'desc').limit(50).execute(),
    db
      .selectFrom('house_rounds')
      .select(['id', 'game_code', 'stake', 'win', 'created_at'])
      .where('account_id', '=', p.id)
      .orderBy('created_at', 'desc')
      .limit(30)
      .execute(),
    db.selectFrom('sessions').selectAll().where('account_id', '=', p.id).orderBy('id', 'desc').limit(20).execute(),
    playControlsOf(db, p.id, now),
    controlHistory(db, p.id),
    db
      .selectFrom('race_results')
      .innerJoin('tournaments', 'tournaments.id', 'race_results.tournament_id')
      .select(['tournaments.ref', 'race_results.rank', 'race_results.prize'])
      .where('race_results.account_id', '=', p.id)
      .orderBy('race_results.reached_at', 'desc')
      .limit(20)
      .execute(),
    db
      .selectFrom('wallet_journal')
      .select(['reason', 'amount'])
      .where('account_id', '=', p.id)
      .where('type', '=', 'RAFFLE_PRIZE')
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
    db.selectFrom('audit_log').selectAll().where('target', '=', `player:${p.account_ref}`).orderBy('seq', 'desc').limit(50).execute(),
  ]);
  return {
    profile: { ...toRow(p), language: p.language, isTester: p.is_tester, deleted: p.deleted_at !== null, lockedAt: p.staff_locked_at?.toISOString() ?? null },
    phone: { number: p.phone_number, verified: p.phone_verified_at !== null },
    balance,
    statement: journal.map((r) => ({
      transactionId: r.id,
      createdDate: r.created_at.toISOString(),
      transactionType: r.type,
      amount: r.amount,
      newBalance: r.balance_after,
      gameCode: r.game_code,
      reason: r.reason,
    })),
    rounds: rounds.map((r) => ({
      roundId: r.id,
      gameCode: r.game_code,
      bet: r.stake,
      win: r.win,
      at: r.created_at.toISOString(),
      verifyUrl: `${site}/api/house/rounds/${encodeURIComponent(r.id)}/verify`,
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: s.created_at.toISOString(),
      expiresAt: s.expires_at.toISOString(),
      active: s.revoked_at === null && s.expires_at > now,
    })),
    playControls: controls,
    playControlHistory: history,
    tournamentResults: [
      ...races.map((r) => ({ ref: r.ref, kind: 'RACE', place: r.rank, prize: r.prize })),
      ...raffles.map((r) => {
        const m = /^Raffle (\S+), place (\d+)/.exec(r.reason ?? '');
        return { ref: m?.[1] ?? '', kind: 'RAFFLE', place: m ? Number(m[2]) : null, prize: r.amount };
      }),
    ],
    audit: audit.map(toAuditEntry),
  };
}

/**
 * Locks or unlocks a player: a lock ends every session at once (the next call answers 401) and
 * sign-in answers USER_LOCKED_OUT until unlocked. Audited in the same transaction.
 */
export async function setPlayerLock(db: Db, who: AuditActor, accountRef: string, lock: boolean, reason: string): Promise<void> {
  const p = await playerByRef(db, accountRef);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('accounts')
      .set({ staff_locked_at: lock ? clock.now() : null })
      .where('id', '=', p.id)
      .returning('staff_locked_at')
      .executeTakeFirstOrThrow();
    let revoked = 0;
    if (lock) {
      const r = await trx
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('account_id', '=', p.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      revoked = Number(r.numUpdatedRows);
    }
    await writeAudit(trx, who, {
      action: lock ? 'player.lock' : 'player.unlock',
      target: `player:${accountRef}`,
      before: { locked: p.staff_locked_at !== null },
      after: { locked: row.staff_locked_at !== null, ...(lock ? { sessionsEnded: revoked } : {}) },
      reason,
    });
  });
  forgetSessionsOf(db, p.id);
}

/** Ends every live session of a player. */
export async function revokePlayerSessions(db: Db, who: AuditActor, accountRef: string): Promise<number> {
  const p = await playerByRef(db, accountRef);
  const revoked = await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('sessions')
      .set({ revoked_at: clock.now() })
      .where('account_id', '=', p.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    const n = Number(r.numUpdatedRows);
    await writeAudit(trx, who, { action: 'player.sessions.revoke', target: `player:${accountRef}`, after: { sessionsEnded: n } });
    return n;
  });
  forgetSessionsOf(db, p.id);
  return revoked;
}
