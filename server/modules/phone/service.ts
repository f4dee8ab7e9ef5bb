import { toLanguage } from '../../../contracts/languages';
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { OTP_LENGTH, OTP_RESEND_WAIT_SECONDS, type Language } from '../../../contracts/constants';
import type { PhoneStatus } from '../../../contracts/phone';
import type ja from '../../../locales/ja/phone.json';
import { localeFiles } from '../../lib/locale-files';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { burnVerifyTime, verifyPassword } from '../auth';
import { clock } from '../../clock';
import { enqueue, type Outbox } from '../outbox';
import type { PhoneCodePurpose } from './tables';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_WRONG_TRIES = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PhoneDeps {
  db: Db;
  /** Codes go out through the outbox (docs/decisions/0015): queued with the code, delivered at once, retried while the code lives. */
  outbox: Pick<Outbox, 'deliver'>;
  config: Pick<Config, 'PHONE_VERIFICATION_REQUIRED' | 'SMS_DAILY_LIMIT_PER_NUMBER' | 'SMS_DAILY_LIMIT_PER_ACCOUNT' | 'LOCKOUT_THRESHOLD' | 'LOCKOUT_MS'>;
  log?: { error: (obj: object, msg: string) => void };
}

/** The account as the phone calls need it (the signed-in account from the session). */
export interface PhoneAccount {
  id: string;
  language: string;
}

/**
 * The stored form of a code: SHA-256 over the account, the number, the purpose and the code, so a
 * row only ever matches the code sent to that number for that account and purpose.
 */
export function hashCode(accountId: string, phoneNumber: string, purpose: PhoneCodePurpose, code: string): string {
  return createHash('sha256').update(`${accountId}\n${phoneNumber}\n${purpose}\n${code}`).digest('hex');
}

/** Six digits from the CSPRNG, leading zeros kept. */
export const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

const smsTemplates = localeFiles<typeof ja>('phone');
/** The server's own localised SMS text (decisions.md): caller-written text never goes to a phone. */
export function renderCodeSms(language: string, code: string): string {
  const lang: Language = toLanguage(language);
  return smsTemplates[lang].sms.code.replace('{{code}}', code).replace('{{minutes}}', String(OTP_TTL_MINUTES));
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export async function phoneStatus(deps: PhoneDeps, accountId: string): Promise<PhoneStatus> {
  const row = await deps.db.selectFrom('accounts').select(['phone_number', 'phone_verified_at']).where('id', '=', accountId).executeTakeFirstOrThrow();
  return {
    phoneNumber: row.phone_number,
    isVerified: row.phone_number !== null && row.phone_verified_at !== null,
    isRequired: deps.config.PHONE_VERIFICATION_REQUIRED,
  };
}

/**
 * With PHONE_VERIFICATION_REQUIRED, coin play and bonuses need a verified number: the API enforces
 * what the unclosable popup asks for, so a client skipping the popup gains nothing.
 * PHONE_NUMBER_NOT_VERIFIED otherwise.
 */
export async function refuseUnverifiedPhone(db: Db, config: Pick<Config, 'PHONE_VERIFICATION_REQUIRED'>, accountId: string): Promise<void> {
  if (!config.PHONE_VERIFICATION_REQUIRED) return;
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .where('phone_number', 'is not', null)
    .where('phone_verified_at', 'is not', null)
    .executeTakeFirst();
  if (!row) throw new AppError('PHONE_NUMBER_NOT_VERIFIED', 'Verify a phone number first');
}

/** A live account other than `exceptAccountId` has verified this number. */
export async function isNumberTaken(db: Db, phoneNumber: string, exceptAccountId?: string): Promise<boolean> {
  let query = db
    .selectFrom('accounts')
    .select('id')
    .where('phone_number', '=', phoneNumber)
    .where('phone_verified_at', 'is not', null)
    .where('deleted_at', 'is', null);
  if (exceptAccountId) query = query.where('id', '!=', exceptAccountId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Checks the account's password for the password-guarded phone calls. Wrong passwords are throttled
 * per account with the sign-in lockout policy (LOCKOUT_THRESHOLD per LOCKOUT_MS): every try is first
 * recorded, then counted, so concurrent guesses cannot slip past the limit; a right one is forgotten.
 */
export async function checkPassword(deps: PhoneDeps, accountId: string, password: string): Promise<void> {
  const { db, config } = deps;
  const now = clock.now();
  const windowStart = new Date(now.getTime() - config.LOCKOUT_MS);
  // Tries older than the window no longer count: drop them so the table stays small.
  await db.deleteFrom('phone_password_failures').where('account_id', '=', accountId).where('created_at', '<=', windowStart).execute();
  const attempt = await db.insertInto('phone_password_failures').values({ account_id: accountId, created_at: now }).returning('id').executeTakeFirstOrThrow();
  const { n } = await db
    .selectFrom('phone_password_failures')
    .select((e) => e.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('created_at', '>', windowStart)
    .executeTakeFirstOrThrow();
  if (Number(n) > config.LOCKOUT_THRESHOLD) throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong passwords; wait and retry');
  const row = await db.selectFrom('accounts').select('password_hash').where('id', '=', accountId).executeTakeFirstOrThrow();
  let ok = false;
  if (row.password_hash) ok = await verifyPassword(row.password_hash, password);
  else await burnVerifyTime(password);
  if (!ok) throw new AppError('INVALID_CURRENT_PASSWORD');
  await db.deleteFrom('phone_password_failures').where('id', '=', attempt.id).execute();
}

export interface CodeRequest {
  account: PhoneAccount;
  phoneNumber: string;
  purpose: PhoneCodePurpose;
}

/**
 * Sends a new code to `phoneNumber` for the account. Refuses within the resend wait (per number, and
 * per account and purpose) and past the daily caps. A new code supersedes every earlier live code of the account.
 * For a first verification the number is kept on the account, unverified, so the popup can open at
 * the code step later. The account row and the number are locked for the checks, so concurrent
 * requests (on any number of API instances) cannot both pass the wait or the caps.
 */
export async function requestCode(deps: PhoneDeps, { account, phoneNumber, purpose }: CodeRequest) {
  const { db, config } = deps;
  const now = clock.now();
  const code = newCode();
  const outboxId = await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('accounts')
      .select(['phone_number', 'phone_verified_at'])
      .where('id', '=', account.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await sql`select pg_advisory_xact_lock(hashtext(${`phone:${phoneNumber}`}))`.execute(trx);

    if (purpose === 'verify' && current.phone_verified_at) {
      throw new AppError('PHONE_NUMBER_EXISTS', 'This account already has a verified number; change it with the password');
    }
    if (purpose === 'change') {
      if (!current.phone_verified_at) throw new AppError('PHONE_NUMBER_NOT_VERIFIED', 'No verified number to change');
      if (current.phone_number === phoneNumber) throw new AppError('PHONE_NUMBER_EXISTS', 'That is already this account’s number');
    }
    if (await isNumberTaken(trx, phoneNumber, account.id)) throw new AppError('PHONE_NUMBER_EXISTS');

    const since = (ms: number) => new Date(now.getTime() - ms);
    const sends = (column: 'account_id' | 'phone_number', value: string) =>
      trx
        .selectFrom('sms_sends')
        .select((e) => [e.fn.countAll<number>().as('n'), e.fn.max('created_at').as('last')])
        .where(column, '=', value)
        .where('created_at', '>', since(DAY_MS))
        .executeTakeFirstOrThrow();
    const byAccount = await sends('account_id', account.id);
    const byNumber = await sends('phone_number', phoneNumber);
    // The resend wait: per number whatever asked, and per account within one flow (switching to
    // another number does not skip it; changing the number right after verifying one is allowed).
    const lastInFlow = await trx
      .selectFrom('sms_sends')
      .select((e) => e.fn.max('created_at').as('last'))
      .where('account_id', '=', account.id)
      .where('purpose', '=', purpose)
      .executeTakeFirstOrThrow();
    const waitFrom = since(OTP_RESEND_WAIT_SECONDS * 1000);
    for (const last of [lastInFlow.last, byNumber.last]) {
      if (last && new Date(last) > waitFrom) throw new AppError('TOO_MANY_REQUESTS', `Wait ${OTP_RESEND_WAIT_SECONDS} s between codes`);
    }
    if (Number(byAccount.n) >= config.SMS_DAILY_LIMIT_PER_ACCOUNT) throw new AppError('TOO_MANY_REQUESTS', 'Daily SMS limit of the account reached');
    if (Number(byNumber.n) >= config.SMS_DAILY_LIMIT_PER_NUMBER) throw new AppError('TOO_MANY_REQUESTS', 'Daily SMS limit of the number reached');

    await trx.updateTable('phone_codes').set({ consumed_at: now }).where('account_id', '=', account.id).where('consumed_at', 'is', null).execute();
    const inserted = await trx
      .insertInto('phone_codes')
      .values({
        account_id: account.id,
        phone_number: phoneNumber,
        purpose,
        code_hash: hashCode(account.id, phoneNumber, purpose, code),
        created_at: now,
        expires_at: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('sms_sends').values({ account_id: account.id, phone_number: phoneNumber, purpose, created_at: now }).execute();
    if (purpose === 'verify') {
      await trx.updateTable('accounts').set({ phone_number: phoneNumber, phone_verified_at: null }).where('id', '=', account.id).execute();
    }
    // The SMS is written with the code (both or neither) and is worthless once the code expires.
    return enqueue(trx, {
      key: `sms:${inserted.id}`,
      channel: 'sms',
      to: phoneNumber,
      text: renderCodeSms(account.language, code),
      ttlMs: OTP_TTL_MINUTES * 60_000,
    });
  });

  // Sent now when the gateway takes it; otherwise the outbox retries (with backoff) until the code
  // expires, and the player can ask for a new code after the resend wait as usual.
  await deps.outbox.deliver([outboxId]);
  return { phoneNumber, resendAfterSeconds: OTP_RESEND_WAIT_SECONDS, expiresInSeconds: OTP_TTL_MINUTES * 60 };
}

export interface CodeCheck {
  accountId: string;
  phoneNumber: string;
  token: string;
  purpose: PhoneCodePurpose;
}

/**
 * Verifies a code and, when right, makes `phoneNumber` the account's verified number. Only the
 * account's latest live code counts, and only for the number and purpose it was sent for. Each try
 * is counted before the comparison (atomically), so at most OTP_MAX_WRONG_TRIES guesses ever reach it.
 */
export async function verifyCode(deps: PhoneDeps, { accountId, phoneNumber, token, purpose }: CodeCheck) {
  const { db } = deps;
  const now = clock.now();
  const live = await db
    .selectFrom('phone_codes')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!live || live.purpose !== purpose || live.phone_number !== phoneNumber || live.expires_at <= now) {
    throw new AppError('INVALID_ONE_TIME_PASSWORD');
  }
  if (live.attempts >= OTP_MAX_WRONG_TRIES) throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong codes; request a new one');
  const counted = await db
    .updateTable('phone_codes')
    .set((e) => ({ attempts: e('attempts', '+', 1) }))
    .where('id', '=', live.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', OTP_MAX_WRONG_TRIES)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong codes; request a new one');

  const expected = Buffer.from(live.code_hash, 'hex');
  const given = Buffer.from(hashCode(accountId, phoneNumber, purpose, token), 'hex');
  if (!timingSafeEqual(expected, given)) throw new AppError('INVALID_ONE_TIME_PASSWORD');

  const validationCode = randomBytes(16).toString('base64url');
  try {
    await db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable('phone_codes')
        .set({ consumed_at: now, validation_code: validationCode })
        .where('id', '=', live.id)
        .where('consumed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      // Another request used (or a new request superseded) the code in the meantime: single use.
      if (!used) throw new AppError('INVALID_ONE_TIME_PASSWORD');
      await trx.updateTable('accounts').set({ phone_number: phoneNumber, phone_verified_at: now }).where('id', '=', accountId).execute();
    });
  } catch (error) {
    // The unique index on verified numbers: another account verified this number first.
    if (isUniqueViolation(error)) throw new AppError('PHONE_NUMBER_EXISTS');
    throw error;
  }
  return { phoneNumber, validationCode };
}

/** Clears the account's number (verified or not) and its live codes; the player verifies a number again. */
export async function resetPhoneNumber(deps: PhoneDeps, accountId: string): Promise<void> {
  const now = clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const cleared = await trx
      .updateTable('accounts')
      .set({ phone_number: null, phone_verified_at: null })
      .where('id', '=', accountId)
      .where('phone_number', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    if (!cleared) throw new AppError('PHONE_NUMBER_NOT_INCLUDED', 'No phone number on file');
    await trx.updateTable('phone_codes').set({ consumed_at: now }).where('account_id', '=', accountId).where('consumed_at', 'is', null).execute();
  });
}
