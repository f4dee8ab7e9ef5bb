import { hostname } from 'node:os';
import { sql, type RawBuilder } from 'kysely';
import type { Config } from '../../config';
import type { Db } from '../../db';

/**
 * Retention (docs/decisions/0015): what is kept how long after it stopped being useful.
 * Never touched: the wallet journal and wallets, game rounds (house_rounds, provider_transactions and
 * provider_rounds), raffles, races, play-control history, accounts.
 */
export type RetentionConfig = Pick<Config, 'RETENTION_SESSION_DAYS' | 'RETENTION_TOKEN_DAYS' | 'RETENTION_PAGE_VIEW_DAYS' | 'RETENTION_OUTBOX_DAYS'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: a large backlog is deleted in short transactions, not one long lock. */
const BATCH = 5_000;

/** Deletes the rows of `table` matching `where`, in batches; returns how many. */
async function purge(db: Db, table: string, where: RawBuilder<unknown>): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`delete from ${sql.table(table)} where ctid in (select ctid from ${sql.table(table)} where ${where} limit ${BATCH})`.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    total += n;
    if (n < BATCH) return total;
  }
}

export type RetentionReport = Record<string, number>;

/** Deletes everything past its retention period as of `now`; safe to run any time, any number of times. */
export async function purgeExpired(db: Db, config: RetentionConfig, now: Date): Promise<RetentionReport> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const tokens = before(config.RETENTION_TOKEN_DAYS);
  const sessions = before(config.RETENTION_SESSION_DAYS);
  const outbox = before(config.RETENTION_OUTBOX_DAYS);
  const report: RetentionReport = {};
  report.captcha_challenges = await purge(db, 'captcha_challenges', sql`expires_at < ${tokens}`);
  report.password_resets = await purge(db, 'password_resets', sql`expires_at < ${tokens}`);
  report.phone_codes = await purge(db, 'phone_codes', sql`expires_at < ${tokens}`);
  // The resend wait and the daily caps look back 24 hours at most (RETENTION_TOKEN_DAYS is at least 2).
  report.sms_sends = await purge(db, 'sms_sends', sql`created_at < ${tokens}`);
  report.phone_password_failures = await purge(db, 'phone_password_failures', sql`created_at < ${tokens}`);
  // A reset request is processed within a worker pass; one this old is past any use either way.
  report.reset_requests = await purge(db, 'reset_requests', sql`requested_at < ${tokens}`);
  report.launch_tokens = await purge(db, 'launch_tokens', sql`expires_at < ${tokens}`);
  // A game client's repeated request gets its first answer (idempotency) while its round is open; a
  // settled round's requests are history nobody asks for again.
  report.house_requests = await purge(
    db,
    'house_requests',
    sql`created_at < ${tokens} and not exists (select 1 from house_rounds r where r.id = house_requests.round_id and r.status = 'open')`,
  );
  // A play session with an open round stays (the round can still be finished or refunded through it).
  report.play_sessions = await purge(
    db,
    'play_sessions',
    sql`expires_at < ${tokens} and not exists (select 1 from house_rounds r where r.play_session_id = play_sessions.id and r.status = 'open')`,
  );
  // A sign-in session goes once expired or revoked for RETENTION_SESSION_DAYS, and not while a play
  // session kept above still refers to it (deleting it would take that play session with it).
  report.sessions = await purge(
    db,
    'sessions',
    sql`(expires_at < ${sessions} or revoked_at < ${sessions}) and not exists (select 1 from play_sessions p where p.sign_in_session_id = sessions.id)`,
  );
  report.page_views = await purge(db, 'page_views', sql`created_at < ${before(config.RETENTION_PAGE_VIEW_DAYS)}`);
  report.outbox_messages = await purge(db, 'outbox_messages', sql`(status = 'sent' and sent_at < ${outbox}) or (status = 'dead' and dead_at < ${outbox})`);
  report.outbox = await purge(db, 'outbox', sql`created_at < ${outbox}`);
  return report;
}

/**
 * Claims the run of `job` for `runKey` (the UTC day): true for exactly one caller across every server.
 * A run whose server died before finishing can be taken over after an hour.
 */
export async function claimRun(db: Db, job: string, runKey: string, by: string): Promise<boolean> {
  const { rows } = await sql<{ job: string }>`
    insert into job_runs (job, run_key, claimed_by) values (${job}, ${runKey}, ${by})
    on conflict (job, run_key) do update set claimed_by = excluded.claimed_by, started_at = now()
      where job_runs.finished_at is null and job_runs.started_at < now() - interval '1 hour'
    returning job`.execute(db);
  return rows.length === 1;
}

export async function finishRun(db: Db, job: string, runKey: string, summary: unknown): Promise<void> {
  await db
    .updateTable('job_runs')
    .set({ finished_at: sql<Date>`now()` as never, summary: JSON.stringify(summary) })
    .where('job', '=', job)
    .where('run_key', '=', runKey)
    .execute();
}

const worker = `${hostname()}:${process.pid}`;

/**
 * The day's retention run from RETENTION_HOUR (UTC): the one server that claims the day purges; the
 * others (and later checks the same day) return null.
 */
export async function runDailyRetention(
  db: Db,
  config: RetentionConfig & Pick<Config, 'RETENTION_HOUR'>,
  now: Date,
  by = worker,
): Promise<RetentionReport | null> {
  if (now.getUTCHours() < config.RETENTION_HOUR) return null;
  const day = now.toISOString().slice(0, 10);
  if (!(await claimRun(db, 'retention', day, by))) return null;
  const report = await purgeExpired(db, config, now);
  await finishRun(db, 'retention', day, report);
  return report;
}
