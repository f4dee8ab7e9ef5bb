import { sql } from 'kysely';
import type { PlayResponse } from '../../../contracts/games';
import type { DbOrTrx } from '../wallet/service';

/**
 * The game client's request ids: each action (a spin, a deal, a hit) carries a UUID; the same id in
 * the same play session answers the first result and moves nothing, whether the repeat comes after
 * a lost answer, a lost commit or at the same time. A refused request keeps nothing: its retry is
 * judged afresh.
 */

/** The answer a request got, if it was played. */
export async function answeredRequest(db: DbOrTrx, tokenHash: string, requestId: string): Promise<PlayResponse | undefined> {
  const { rows } = await sql<{ response: PlayResponse | string }>`
    select r.response from house_requests r join play_sessions s on s.id = r.play_session_id
    where s.token_hash = ${tokenHash} and r.request_id = ${requestId}::uuid`.execute(db);
  const response = rows[0]?.response;
  return typeof response === 'string' ? (JSON.parse(response) as PlayResponse) : response;
}

/** The answer a request got in this play session, if it was played. */
export async function answeredRequestIn(db: DbOrTrx, playSessionId: string, requestId: string): Promise<PlayResponse | undefined> {
  const row = await db.selectFrom('house_requests').select('response').where('play_session_id', '=', playSessionId).where('request_id', '=', requestId).executeTakeFirst();
  const response = row?.response as PlayResponse | string | undefined;
  return typeof response === 'string' ? (JSON.parse(response) as PlayResponse) : response;
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
