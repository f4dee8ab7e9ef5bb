import { toLanguage, type Language } from '../../../contracts/languages';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import * as OTPAuth from 'otpauth';
import {
  RECOVERY_CODE_COUNT,
  STAFF_SESSION_ABSOLUTE_MS,
  STAFF_SESSION_IDLE_MS,
  STAFF_SETUP_TTL_MS,
  TOTP,
  type StaffRole,
} from '../../../contracts/backoffice-constants';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { clock } from '../../clock';
import { hashToken, newToken } from '../../plugins/session';
import { burnVerifyTime, hashPassword, isCommonPassword, verifyPassword } from '../auth';
import { writeAudit, type AuditActor } from '../audit';

/**
 * Staff accounts (docs/decisions/0019): apart from players, created by an admin (or the
 * CLI) with a one-time set-up link; a password (argon2id, >= 12 characters, not common) and TOTP
 * (RFC 6238) are enrolled through it; sign-in needs both (or a recovery code instead of the TOTP).
 */
export interface SignedInStaff {
  id: string;
  email: string;
  role: StaffRole;
  language: Language;
  sessionId: number;
}

export const setupUrl = (config: Config, token: string) => `${config.PUBLIC_SITE_URL.replace(/\/$/, '')}/backoffice/setup?token=${encodeURIComponent(token)}`;

const byEmail = (db: Db, email: string) => db.selectFrom('staff').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase());

/** Creates a staff member (no password yet) and answers the set-up token; audited in the same transaction. */
export async function createStaff(db: Db, who: AuditActor, email: string, role: StaffRole): Promise<{ id: string; token: string }> {
  const token = newToken();
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('staff')
        .values({ email, role, setup_token_hash: hashToken(token), setup_expires_at: new Date(clock.ms() + STAFF_SETUP_TTL_MS) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(trx, who, { action: 'staff.create', target: `staff:${email.toLowerCase()}`, after: { email, role } });
      return { id: row.id, token };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError('EMAIL_ALREADY_EXISTS');
    throw error;
  }
}

async function bySetupToken(db: Db, token: string) {
  const row = await db
    .selectFrom('staff')
    .selectAll()
    .where('setup_token_hash', '=', hashToken(token))
    .where('setup_expires_at', '>', clock.now())
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('INVALID_SETUP_TOKEN');
  return row;
}

const totpFor = (email: string, secret: OTPAuth.Secret) =>
  new OTPAuth.TOTP({ issuer: TOTP.issuer, label: email, algorithm: TOTP.algorithm, digits: TOTP.digits, period: TOTP.period, secret });

/** Step 1 of set-up: the password, and a fresh TOTP secret to enrol (asking again replaces it). */
export async function setupPassword(db: Db, token: string, password: string): Promise<{ totpSecret: string; otpauthUrl: string }> {
  const staff = await bySetupToken(db, token);
  if (isCommonPassword(password)) throw new AppError('COMMON_PASSWORD');
  const secret = new OTPAuth.Secret({ size: 20 });
  const passwordHash = await hashPassword(password);
  await db.updateTable('staff').set({ password_hash: passwordHash, totp_secret: secret.base32, totp_enrolled_at: null }).where('id', '=', staff.id).execute();
  return { totpSecret: secret.base32, otpauthUrl: totpFor(staff.email, secret).toString() };
}

const newRecoveryCode = () => {
  const raw = randomBytes(8).toString('hex');
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}-${raw.slice(12)}`;
};
const normaliseRecovery = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^0-9a-f]/g, '');

/** The TOTP step a code matches now (window ±1 step for clock drift), or null. */
function matchingStep(email: string, secretBase32: string, code: string): number | null {
  const totp = totpFor(email, OTPAuth.Secret.fromBase32(secretBase32));
  const now = clock.ms();
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP.period) + delta;
}

/** Step 2 of set-up: a code from the authenticator proves the enrolment; answers the recovery codes (shown once). */
export async function confirmSetup(db: Db, token: string, code: string): Promise<string[]> {
  const staff = await bySetupToken(db, token);
  if (!staff.password_hash || !staff.totp_secret) throw new AppError('INVALID_SETUP_TOKEN', 'Set the password first');
  const step = matchingStep(staff.email, staff.totp_secret, code);
  if (step === null) throw new AppError('INVALID_ONE_TIME_PASSWORD');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('staff')
      .set({ totp_enrolled_at: clock.now(), last_totp_step: step, setup_token_hash: null, setup_expires_at: null, failed_signins: 0, locked_until: null })
      .where('id', '=', staff.id)
      .where('setup_token_hash', '=', hashToken(token))
      .returning('id')
      .executeTakeFirst();
    if (!done) throw new AppError('INVALID_SETUP_TOKEN');
    await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', staff.id).execute();
    await trx
      .insertInto('staff_recovery_codes')
      .values(codes.map((c) => ({ staff_id: staff.id, code_hash: hashToken(normaliseRecovery(c)) })))
      .execute();
    await writeAudit(trx, { actor: staff.email, role: staff.role }, { action: 'staff.enrol', target: `staff:${staff.email.toLowerCase()}` });
  });
  return codes;
}

/** A second factor: a TOTP code not used before (replay refused) or an unused recovery code (used up). */
async function spendSecondFactor(db: Db, staff: { id: string; email: string; totp_secret: string | null }, code: string): Promise<boolean> {
  if (/^\d{6}$/.test(code)) {
    if (!staff.totp_secret) return false;
    const step = matchingStep(staff.email, staff.totp_secret, code);
    if (step === null) return false;
    // Only a later step than the last one accepted: the same code twice (or an older one) is refused,
    // even by two sign-ins racing (the update is conditional).
    const moved = await db
      .updateTable('staff')
      .set({ last_totp_step: step })
      .where('id', '=', staff.id)
      .where((eb) => eb.or([eb('last_totp_step', 'is', null), eb('last_totp_step', '<', step)]))
      .returning('id')
      .executeTakeFirst();
    return Boolean(moved);
  }
  const used = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: clock.now() })
    .where('staff_id', '=', staff.id)
    .where('code_hash', '=', hashToken(normaliseRecovery(code)))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(used);
}

/**
 * Sign-in: password and second factor. LOCKOUT_THRESHOLD failures in a row (either factor) lock the
 * account for LOCKOUT_MS; the same INVALID_USER_OR_EMAIL answers an unknown email and a wrong
 * password, INVALID_ONE_TIME_PASSWORD a wrong or replayed code after a right password.
 */
export async function staffSignIn(
  db: Db,
  config: Config,
  input: { email: string; password: string; code: string },
  meta: { ip: string; requestId: string },
): Promise<{ token: string }> {
  const staff = await byEmail(db, input.email).executeTakeFirst();
  if (!staff?.password_hash || !staff.totp_enrolled_at || staff.deactivated_at) {
    await burnVerifyTime(input.password);
    throw new AppError('INVALID_USER_OR_EMAIL');
  }
  const now = clock.ms();
  if (staff.locked_until && staff.locked_until.getTime() > now) throw new AppError('USER_LOCKED_OUT');
  const fail = async (code: 'INVALID_USER_OR_EMAIL' | 'INVALID_ONE_TIME_PASSWORD') => {
    const row = await db
      .updateTable('staff')
      .set({
        failed_signins: sql`case when locked_until is not null and locked_until <= now() then 1 else failed_signins + 1 end`,
        locked_until: sql`case when locked_until is not null and locked_until <= now() then null else locked_until end`,
      })
      .where('id', '=', staff.id)
      .returning('failed_signins')
      .executeTakeFirstOrThrow();
    if (row.failed_signins >= config.LOCKOUT_THRESHOLD) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('staff')
          .set({ locked_until: new Date(now + config.LOCKOUT_MS) })
          .where('id', '=', staff.id)
          .execute();
        await writeAudit(
          trx,
          { actor: staff.email, role: staff.role, ip: meta.ip, requestId: meta.requestId },
          { action: 'staff.lockout', target: `staff:${staff.email.toLowerCase()}` },
        );
      });
      throw new AppError('USER_LOCKED_OUT');
    }
    throw new AppError(code);
  };
  if (!(await verifyPassword(staff.password_hash, input.password))) return fail('INVALID_USER_OR_EMAIL');
  if (!(await spendSecondFactor(db, staff, input.code))) return fail('INVALID_ONE_TIME_PASSWORD');
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ failed_signins: 0, locked_until: null }).where('id', '=', staff.id).execute();
    await trx
      .insertInto('staff_sessions')
      .values({
        token_hash: hashToken(token),
        staff_id: staff.id,
        role: staff.role,
        created_at: new Date(now),
        last_seen_at: new Date(now),
        expires_at: new Date(now + STAFF_SESSION_ABSOLUTE_MS),
      })
      .execute();
    await writeAudit(
      trx,
      { actor: staff.email, role: staff.role, ip: meta.ip, requestId: meta.requestId },
      { action: 'staff.signin', target: `staff:${staff.email.toLowerCase()}` },
    );
  });
  return { token };
}

/**
 * The live staff session a token names: not revoked, within 8 h of sign-in and 30 min of its last
 * call, its staff member active and still in the role it was opened with. Each call moves last_seen_at.
 */
export async function findStaffSession(db: Db, token: string): Promise<SignedInStaff | null> {
  const now = clock.ms();
  const row = await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: new Date(now) })
    .from('staff')
    .whereRef('staff.id', '=', 'staff_sessions.staff_id')
    .whereRef('staff.role', '=', 'staff_sessions.role')
    .where('staff.deactivated_at', 'is', null)
    .where('staff_sessions.token_hash', '=', hashToken(token))
    .where('staff_sessions.revoked_at', 'is', null)
    .where('staff_sessions.expires_at', '>', new Date(now))
    .where('staff_sessions.last_seen_at', '>', new Date(now - STAFF_SESSION_IDLE_MS))
    .returning(['staff_sessions.id as sessionId', 'staff.id', 'staff.email', 'staff.role', 'staff.language'])
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, email: row.email, role: row.role, language: toLanguage(row.language), sessionId: row.sessionId };
}

export async function endStaffSessions(db: Db, staffId: string, only?: number) {
  let q = db.updateTable('staff_sessions').set({ revoked_at: clock.now() }).where('staff_id', '=', staffId).where('revoked_at', 'is', null);
  if (only !== undefined) q = q.where('id', '=', only);
  await q.execute();
}

export async function listStaff(db: Db) {
  const rows = await db.selectFrom('staff').selectAll().orderBy('created_at').execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    enrolled: r.totp_enrolled_at !== null,
    active: r.deactivated_at === null,
    createdAt: r.created_at.toISOString(),
  }));
}

/** A role change or a deactivation ends the staff member's sessions (in the same transaction). */
export async function changeStaff(db: Db, who: AuditActor, id: string, change: { role: StaffRole } | { deactivate: true }, reason: string) {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('staff').select(['email', 'role', 'deactivated_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND', 'No such staff member');
    if ('role' in change) await trx.updateTable('staff').set({ role: change.role }).where('id', '=', id).execute();
    else
      await trx
        .updateTable('staff')
        .set({ deactivated_at: before.deactivated_at ?? clock.now() })
        .where('id', '=', id)
        .execute();
    await trx.updateTable('staff_sessions').set({ revoked_at: clock.now() }).where('staff_id', '=', id).where('revoked_at', 'is', null).execute();
    await writeAudit(trx, who, {
      action: 'role' in change ? 'staff.role' : 'staff.deactivate',
      target: `staff:${before.email.toLowerCase()}`,
      before: { role: before.role, active: before.deactivated_at === null },
      after: 'role' in change ? { role: change.role, active: before.deactivated_at === null } : { role: before.role, active: false },
      reason,
    });
  });
}

export async function setStaffLanguage(db: Db, id: string, language: Language) {
  await db.updateTable('staff').set({ language }).where('id', '=', id).execute();
}
