import { createHash } from 'node:crypto';
import { userInfo } from 'node:os';
import { sql } from 'kysely';
import type { AuditEntry } from '../../../contracts/backoffice';
import type { Db, DbOrTrx } from '../../db';
import { clock } from '../../clock';

/**
 * The audit trail (docs/decisions/0019): one row per staff action or state-changing
 * operator command, written in the same transaction as the change. Rows are numbered without gaps
 * and each row's hash covers its content and the previous row's hash, so changing or deleting a row
 * breaks the chain from there on (`npm run admin -- audit:verify`). Writers take one advisory lock
 * for the rest of their transaction so the chain never forks.
 */
export interface AuditActor {
  /** Staff email, or `cli:<operating-system user>` for an operator command. */
  actor: string;
  role: string;
  requestId?: string | null;
  ip?: string | null;
}

export interface AuditChange {
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

export const GENESIS_HASH = '0'.repeat(64);
/** pg_advisory_xact_lock key of the audit chain (any constant; "audit" in ASCII). */
const AUDIT_LOCK_KEY = 0x6175646974;

/** JSON with object keys sorted at every level: jsonb does not keep key order, the hash must not depend on it. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Plain JSON data (dates as ISO strings), as it reads back from jsonb. */
const plain = (value: unknown): unknown => (value === undefined || value === null ? null : JSON.parse(canonicalJson(value)));

interface HashedFields {
  seq: number;
  at: Date;
  actor: string;
  role: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  request_id: string | null;
  ip: string | null;
  prev_hash: string;
}

export function rowHash(r: HashedFields): string {
  const content = canonicalJson([
    r.seq,
    r.at.toISOString(),
    r.actor,
    r.role,
    r.action,
    r.target,
    r.before ?? null,
    r.after ?? null,
    r.reason,
    r.request_id,
    r.ip,
    r.prev_hash,
  ]);
  return createHash('sha256').update(content).digest('hex');
}

/** Appends one audit row inside the caller's transaction (pass the transaction, never the pool). */
export async function writeAudit(trx: DbOrTrx, who: AuditActor, change: AuditChange): Promise<{ seq: number; hash: string }> {
  await sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`.execute(trx);
  const last = await trx.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  const fields: HashedFields = {
    seq: (last?.seq ?? 0) + 1,
    at: clock.now(),
    actor: who.actor,
    role: who.role,
    action: change.action,
    target: change.target ?? null,
    before: plain(change.before),
    after: plain(change.after),
    reason: change.reason ?? null,
    request_id: who.requestId ?? null,
    ip: who.ip ?? null,
    prev_hash: last?.hash ?? GENESIS_HASH,
  };
  const hash = rowHash(fields);
  await trx
    .insertInto('audit_log')
    .values({
      ...fields,
      before: fields.before === null ? null : JSON.stringify(fields.before),
      after: fields.after === null ? null : JSON.stringify(fields.after),
      hash,
    })
    .execute();
  return { seq: fields.seq, hash };
}

/** Who runs an operator command: the operating-system user. */
export function cliActor(): AuditActor {
  let name = 'unknown';
  try {
    name = userInfo().username;
  } catch {
    name = process.env.USER ?? 'unknown';
  }
  return { actor: `cli:${name}`, role: 'cli' };
}

export interface ChainReport {
  rows: number;
  head: { seq: number; hash: string } | null;
  /** The first row that does not fit the chain, and why; null when the chain is whole. */
  firstBad: { seq: number; problem: string } | null;
}

/** Recomputes the chain from the first row, in pages. */
export async function verifyChain(db: Db): Promise<ChainReport> {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let rows = 0;
  let head: ChainReport['head'] = null;
  for (;;) {
    const page = await db.selectFrom('audit_log').selectAll().where('seq', '>=', expectedSeq).orderBy('seq').limit(1000).execute();
    if (page.length === 0) break;
    for (const r of page) {
      if (r.seq !== expectedSeq) return { rows, head, firstBad: { seq: r.seq, problem: `row ${expectedSeq} is missing (deleted)` } };
      if (r.prev_hash !== prevHash) return { rows, head, firstBad: { seq: r.seq, problem: 'its previous-row hash does not match the row before it' } };
      if (rowHash(r) !== r.hash) return { rows, head, firstBad: { seq: r.seq, problem: 'its content does not match its hash (changed)' } };
      prevHash = r.hash;
      expectedSeq += 1;
      rows += 1;
      head = { seq: r.seq, hash: r.hash };
    }
  }
  return { rows, head, firstBad: null };
}

export const toAuditEntry = (r: {
  seq: number;
  at: Date;
  actor: string;
  role: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  request_id: string | null;
  ip: string | null;
  hash: string;
}): AuditEntry => ({
  seq: r.seq,
  at: r.at.toISOString(),
  actor: r.actor,
  role: r.role,
  action: r.action,
  target: r.target,
  before: r.before ?? null,
  after: r.after ?? null,
  reason: r.reason,
  requestId: r.request_id,
  ip: r.ip,
  hash: r.hash,
});

/** GET /backoffice/audit: the newest entries matching the filter, and the chain's head. */
export async function listAudit(db: DbOrTrx, f: { limit: number; actor?: string; action?: string; target?: string; from?: string; to?: string }) {
  let q = db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(f.limit);
  if (f.actor) q = q.where('actor', '=', f.actor);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.target) q = q.where('target', '=', f.target);
  if (f.from) q = q.where('at', '>=', new Date(f.from));
  if (f.to) q = q.where('at', '<', new Date(f.to));
  const [rows, head] = await Promise.all([q.execute(), db.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst()]);
  return { entries: rows.map(toAuditEntry), head: head ?? null };
}
