import { toLanguage } from '../../../contracts/languages';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Language } from '../../../contracts/constants';
import type { SignupRequest } from '../../../contracts/auth';
import type { Config } from '../../config';
import { compiledOnce, type Db, type DbOrTrx } from '../../db';
import { AppError } from '../../errors';
import { createSession, forgetSessionsOf, hashToken, newToken } from '../../plugins/session';
import { burnVerifyTime, hashPassword, isCommonPassword, verifyPassword } from './passwords';
import { creditSignupBonus } from '../wallet';
import { clock } from '../../clock';
import { enqueue, type OutgoingMessage } from '../outbox';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/**
 * The live (not deleted) account with this email, compared case-insensitively like the unique index:
 * what sign-in and a reset need, no more (every sign-in reads it: compiled once).
 */
const liveByEmailQuery = compiledOnce((db, value: Record<'email', never>) =>
  db
    .selectFrom('accounts')
    .select(['id', 'email', 'display_name', 'language', 'password_hash', 'failed_logins', 'locked_until', 'staff_locked_at'])
    .where(sql<string>`lower(email)`, '=', value.email)
    .where('deleted_at', 'is', null),
);
const liveByEmail = async (db: DbOrTrx, email: string) => (await liveByEmailQuery(db, { email: email.toLowerCase() })).rows[0];

export function refuseCommonPassword(password: string) {
  if (isCommonPassword(password)) throw new AppError('COMMON_PASSWORD', 'Password is on the common-password list');
}

/** EMAIL_ALREADY_EXISTS or DISPLAYNAME_ALREADY_EXISTS when either is taken by a live account. */
export async function assertUnique(db: Db, email: string, displayName: string) {
  const taken = await db
    .selectFrom('accounts')
    .select([sql<boolean>`lower(email) = ${email.toLowerCase()}`.as('emailTaken')])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', email.toLowerCase()), eb(sql<string>`lower(display_name)`, '=', displayName.toLowerCase())]))
    .execute();
  if (taken.some((r) => r.emailTaken)) throw new AppError('EMAIL_ALREADY_EXISTS');
  if (taken.length > 0) throw new AppError('DISPLAYNAME_ALREADY_EXISTS');
}

const newAccountRef = () => `acc_${randomBytes(8).toString('hex')}`;

/** Maps a unique-index violation (two sign-ups racing) to the catalogue code. */
function uniqueViolation(error: unknown): AppError | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e.code !== '23505') return null;
  const which = `${e.constraint ?? ''} ${e.message ?? ''}`;
  return new AppError(which.includes('display_name') ? 'DISPLAYNAME_ALREADY_EXISTS' : 'EMAIL_ALREADY_EXISTS');
}

export async function createAccount(db: Db, input: SignupRequest, signupBonus: number): Promise<{ id: string; accountRef: string; displayName: string }> {
  // Hashing first makes a taken and a free email cost the same time (no timing oracle for sign-up).
  const passwordHash = await hashPassword(input.password);
  await assertUnique(db, input.email, input.displayName);
  try {
    // One transaction: the wallet credits the signup bonus inside it, so an account never exists without it.
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('accounts')
        .values({
          account_ref: newAccountRef(),
          email: input.email,
          display_name: input.displayName,
          password_hash: passwordHash,
          language: input.languageCode,
          site_ref: input.siteRef,
        })
        .returning(['id', 'account_ref', 'display_name'])
        .executeTakeFirstOrThrow();
      await creditSignupBonus(trx, row.id, signupBonus);
      return { id: row.id, accountRef: row.account_ref, displayName: row.display_name ?? input.displayName };
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/**
 * Sign-in with lockout: LOCKOUT_THRESHOLD failures in a row lock the account for LOCKOUT_MS. The
 * counter and the lock live in the accounts row, so every API instance sees them, and the lock
 * lifts by itself when locked_until passes.
 */
export async function signIn(db: Db, config: Config, email: string, password: string, previousSessionId?: number) {
  const account = await liveByEmail(db, email);
  if (!account?.password_hash) {
    await burnVerifyTime(password);
    throw new AppError('INVALID_USER_OR_EMAIL');
  }
  const now = clock.ms();
  // Locked by staff (back-office): until a staff member unlocks it, whatever the password.
  if (account.staff_locked_at) throw new AppError('USER_LOCKED_OUT', 'Locked by staff');
  if (account.locked_until && account.locked_until.getTime() > now) throw new AppError('USER_LOCKED_OUT');
  if (!(await verifyPassword(account.password_hash, password))) {
    // An expired lock starts a fresh count; the update is atomic so parallel failures all count.
    const row = await db
      .updateTable('accounts')
      .set({
        failed_logins: sql`case when locked_until is not null and locked_until <= now() then 1 else failed_logins + 1 end`,
        locked_until: sql`case when locked_until is not null and locked_until <= now() then null else locked_until end`,
      })
      .where('id', '=', account.id)
      .returning('failed_logins')
      .executeTakeFirstOrThrow();
    if (row.failed_logins >= config.LOCKOUT_THRESHOLD) {
      await db
        .updateTable('accounts')
        .set({ locked_until: new Date(now + config.LOCKOUT_MS) })
        .where('id', '=', account.id)
        .execute();
      throw new AppError('USER_LOCKED_OUT');
    }
    throw new AppError('INVALID_USER_OR_EMAIL');
  }
  if (account.failed_logins > 0 || account.locked_until) {
    await db.updateTable('accounts').set({ failed_logins: 0, locked_until: null }).where('id', '=', account.id).execute();
  }
  // A new token at every sign-in; the one the browser held before (if any) ends, so it cannot be fixed in advance.
  if (previousSessionId !== undefined) await revokeSessions(db, account.id, { only: previousSessionId });
  const { token } = await createSession(db, account.id);
  return { token, displayName: account.display_name ?? '' };
}

/** Ends sessions of an account: all, all but one (`except`), or one (`only`). */
export async function revokeSessions(db: Db, accountId: string, which: { except?: number; only?: number } = {}) {
  let q = db.updateTable('sessions').set({ revoked_at: clock.now() }).where('account_id', '=', accountId).where('revoked_at', 'is', null);
  if (which.except !== undefined) q = q.where('id', '!=', which.except);
  if (which.only !== undefined) q = q.where('id', '=', which.only);
  await q.execute();
  forgetSessionsOf(db, accountId);
}

/** A reset token for the live account with this email, or null when there is none. */
export interface ResetToken {
  token: string;
  email: string;
  displayName: string;
  language: Language;
  /** The reset mail's outbox message, when `mailOf` was given. */
  outboxId: number | null;
}

/**
 * Makes a reset token for the live account of `email` (null when there is none). With `mailOf`, the
 * mail carrying the token is written to the outbox in the same transaction as the token: both exist
 * or neither (docs/decisions/0015).
 */
export async function createResetToken(db: Db, email: string, mailOf?: ResetMail): Promise<ResetToken | null> {
  return db.transaction().execute((trx) => createResetTokenIn(trx, email, mailOf));
}

/** What a reset mail says, given its token and account (the key, recipient and expiry are set here). */
export type ResetMail = (reset: Omit<ResetToken, 'outboxId'>) => Omit<OutgoingMessage, 'key' | 'channel' | 'to' | 'ttlMs'>;

/** createResetToken inside the caller's transaction (the token and its mail commit with the caller's work). */
export async function createResetTokenIn(trx: DbOrTrx, email: string, mailOf?: ResetMail): Promise<ResetToken | null> {
  const account = await liveByEmail(trx, email);
  if (!account?.email) return null;
  const token = newToken();
  const reset = { token, email: account.email, displayName: account.display_name ?? '', language: toLanguage(account.language) };
  const row = await trx
    .insertInto('password_resets')
    .values({ account_id: account.id, token_hash: hashToken(token), expires_at: new Date(clock.ms() + RESET_TOKEN_TTL_MS) })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The link is worthless once the token expires: a mail still undelivered then is a dead letter.
  const outboxId = mailOf
    ? await enqueue(trx, { key: `reset:${row.id}`, channel: 'email', to: reset.email, ttlMs: RESET_TOKEN_TTL_MS, ...mailOf(reset) })
    : null;
  return { ...reset, outboxId };
}

/**
 * Records a password reset request (POST /forgot-password, before it answers): one insert, the same
 * whether or not the email has an account, so neither the answer nor its timing tells which emails
 * exist, and a request that was answered is never lost to a crash (processResetRequests makes its mail).
 */
export async function recordResetRequest(db: DbOrTrx, email: string): Promise<void> {
  await db.insertInto('reset_requests').values({ email: email.trim().toLowerCase() }).execute();
}

/**
 * Turns pending reset requests into reset tokens and their outbox mails, each request exactly once:
 * a batch is claimed with FOR UPDATE SKIP LOCKED (two servers never take the same row) and marked
 * processed in the transaction that writes the tokens and mails, so either all of it commits or the
 * requests stay pending for the next pass. A request for an email with no account is marked and makes
 * nothing; one older than a reset link's life (the workers were down) is dropped, not mailed late.
 * Returns the ids of the mails written, for the outbox to deliver at once.
 */
export async function processResetRequests(db: Db, mailOf: ResetMail, batch = 20): Promise<number[]> {
  const outboxIds: number[] = [];
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number; email: string; stale: boolean }>`
        update reset_requests set processed_at = now()
        where id in (
          select id from reset_requests where processed_at is null
          order by id limit ${batch}
          for update skip locked
        ) and processed_at is null
        returning id, email, requested_at < now() - ${RESET_TOKEN_TTL_MS} * interval '1 millisecond' as stale`.execute(trx);
      for (const row of [...rows].sort((a, b) => Number(a.id) - Number(b.id))) {
        if (row.stale) continue;
        const reset = await createResetTokenIn(trx, row.email, mailOf);
        if (reset?.outboxId) outboxIds.push(reset.outboxId);
      }
      return rows.length;
    });
    if (claimed < batch) return outboxIds;
  }
}

/** Uses a reset token (once), sets the new password and ends every session. INVALID_RESET_TOKEN otherwise. */
export async function resetPassword(db: Db, email: string, token: string, password: string) {
  // The token is checked before the (deliberately slow) password hash: a guessed token costs the
  // server one indexed look-up, not a hash.
  const valid = await db
    .selectFrom('password_resets')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .where('account_id', 'in', (eb) =>
      eb
        .selectFrom('accounts')
        .select('accounts.id')
        .where(sql<string>`lower(accounts.email)`, '=', email.toLowerCase())
        .where('accounts.deleted_at', 'is', null),
    )
    .executeTakeFirst();
  if (!valid) throw new AppError('INVALID_RESET_TOKEN');
  refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  const accountId = await db.transaction().execute(async (trx) => {
    // Used only if still unused: a second request with the same token racing this one gets nothing.
    const used = await trx
      .updateTable('password_resets')
      .set({ used_at: clock.now() })
      .where('id', '=', valid.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', clock.now())
      .returning('account_id')
      .executeTakeFirst();
    if (!used) throw new AppError('INVALID_RESET_TOKEN');
    await trx.updateTable('accounts').set({ password_hash: passwordHash, failed_logins: 0, locked_until: null }).where('id', '=', used.account_id).execute();
    // Any other link sent earlier stops working too.
    await trx.updateTable('password_resets').set({ used_at: clock.now() }).where('account_id', '=', used.account_id).where('used_at', 'is', null).execute();
    await trx.updateTable('sessions').set({ revoked_at: clock.now() }).where('account_id', '=', used.account_id).where('revoked_at', 'is', null).execute();
    return used.account_id;
  });
  forgetSessionsOf(db, accountId);
}

async function checkPassword(db: Db, accountId: string, password: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('password_hash').where('id', '=', accountId).executeTakeFirst();
  if (!row?.password_hash) {
    await burnVerifyTime(password);
    return false;
  }
  return verifyPassword(row.password_hash, password);
}

/**
 * Changes the password and ends every session of the account, this one included (and with them
 * every game they launched): the caller gets a new session token to carry on with.
 */
export async function changePassword(db: Db, accountId: string, currentPassword: string, newPassword: string): Promise<{ token: string }> {
  if (!(await checkPassword(db, accountId, currentPassword))) throw new AppError('INVALID_CURRENT_PASSWORD');
  refuseCommonPassword(newPassword);
  const passwordHash = await hashPassword(newPassword);
  await db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', accountId).execute();
  await revokeSessions(db, accountId);
  return createSession(db, accountId);
}

/**
 * Deletes an account: personal data erased (email, name, password, phone), the row kept with
 * deleted_at so ledger rows still point at it, every session ended, email and name free again.
 */
export async function deleteAccount(db: Db, accountId: string, password: string) {
  if (!(await checkPassword(db, accountId, password))) throw new AppError('INVALID_CURRENT_PASSWORD');
  const account = await db.selectFrom('accounts').select(['is_tester', 'email']).where('id', '=', accountId).executeTakeFirstOrThrow();
  if (account.is_tester) throw new AppError('TESTER_ACCOUNT_DELETION_FORBIDDEN');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('accounts')
      .set({
        email: null,
        display_name: null,
        password_hash: null,
        phone_number: null,
        phone_verified_at: null,
        failed_logins: 0,
        locked_until: null,
        deleted_at: clock.now(),
      })
      .where('id', '=', accountId)
      .execute();
    await trx.updateTable('sessions').set({ revoked_at: clock.now() }).where('account_id', '=', accountId).where('revoked_at', 'is', null).execute();
    await trx.deleteFrom('password_resets').where('account_id', '=', accountId).execute();
    // The development outbox may hold mail to the address; it is personal data too.
    if (account.email) await trx.deleteFrom('outbox').where('recipient', '=', account.email.toLowerCase()).execute();
  });
  forgetSessionsOf(db, accountId);
}
