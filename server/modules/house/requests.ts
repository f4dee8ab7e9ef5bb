import { sql } from 'kysely';
import type { PlayResponse, RoundOutcome } from '../../../contracts/games';
import type { DbOrTrx } from '../../db';

/**
 * The game client's request ids: each action (a spin, a deal, a hit) carries a UUID; the same id in
 * the same play session answers the first result and moves nothing, whether the repeat comes after
 * a lost answer, a lost commit or at the same time. A refused request keeps nothing: its retry is
 * judged afresh. The answer is kept as sent, except for a round settled at once in the shared
 * statement (the hot path), whose round row is its answer and is never changed afterwards.
 */

interface RequestRow {
  response: PlayResponse | string | null;
  id: string | null;
  nonce: number;
  status: 'settled' | 'open';
  stake: number;
  win: number;
  balance_after: number;
  mode: 'real' | 'demo';
  outcome: RoundOutcome | string;
  server_seed_hash: string;
  client_seed: string;
}

const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function answerOf(row: RequestRow | undefined): PlayResponse | undefined {
  if (!row) return undefined;
  if (row.response !== null) return parsed(row.response);
  return {
    roundId: row.id!,
    nonce: Number(row.nonce),
    status: row.status,
    stake: Number(row.stake),
    win: Number(row.win),
    balance: Number(row.balance_after),
    currency: row.mode === 'real' ? 'COIN' : 'PTS',
    outcome: parsed(row.outcome),
    fairness: { serverSeedHash: row.server_seed_hash, clientSeed: row.client_seed, nonce: Number(row.nonce) + 1 },
  };
}

const requestQuery = (where: ReturnType<typeof sql>) => sql<RequestRow>`
  select q.response, h.id, h.nonce, h.status, h.stake, h.win, h.balance_after, h.mode, h.outcome, f.server_seed_hash, f.client_seed
  from house_requests q
  join house_rounds h on h.id = q.round_id
  join fair_seeds f on f.id = h.seed_id
  where ${where}`;

/** The answer a request got, if it was played (by the client's session token). */
export async function answeredRequest(db: DbOrTrx, tokenHash: string, requestId: string): Promise<PlayResponse | undefined> {
  const { rows } = await requestQuery(
    sql`q.play_session_id = (select s.id from play_sessions s where s.token_hash = ${tokenHash}) and q.request_id = ${requestId}::uuid`,
  ).execute(db);
  return answerOf(rows[0]);
}

/** The answer a request got in this play session, if it was played. */
export async function answeredRequestIn(db: DbOrTrx, playSessionId: string, requestId: string): Promise<PlayResponse | undefined> {
  const { rows } = await requestQuery(sql`q.play_session_id = ${playSessionId}::uuid and q.request_id = ${requestId}::uuid`).execute(db);
  return answerOf(rows[0]);
}

/** Keeps a request's answer, in the transaction that played it. */
export async function recordRequest(trx: DbOrTrx, playSessionId: string, requestId: string, response: PlayResponse): Promise<void> {
  await trx
    .insertInto('house_requests')
    .values({ play_session_id: playSessionId, request_id: requestId, round_id: response.roundId, response: JSON.stringify(response) })
    .execute();
}

/** The request was played by a concurrent call with the same id (it won the primary key). */
export function isRequestConflict(error: unknown): boolean {
  const e = error as { code?: string; table?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.table === 'house_requests' || e.constraint === 'house_requests_pk' || /house_requests/.test(e.message ?? ''));
}
