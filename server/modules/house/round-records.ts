import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../wallet/service';
import type { HouseTables } from './tables';

/** A real round as recorded in house_rounds, with the session and request it was played in. */
export type RoundRow = Required<
  Pick<Insertable<HouseTables['house_rounds']>, 'id' | 'play_session_id' | 'game_code' | 'definition_hash' | 'seed_id' | 'nonce' | 'input' | 'stake' | 'win' | 'outcome' | 'settled_at'>
> & {
  account_id: string;
  status: 'settled' | 'open';
  /** Known up front on the long way; on the one-statement way it comes from the posted journal rows. */
  balance_after: number | null;
  token_hash: string;
  played_at: Date;
  request_id: string;
  /** The answer (JSON), its balance filled in by the statement that records the round. */
  response: string;
};

/** The CTE body `played`: real rounds, a row each, keyed by `grp` (their index). */
export const playedValues = (rounds: RoundRow[]) => sql`
  select * from (values ${sql.join(
    rounds.map(
      (r, grp) => sql`(${grp}::int, ${r.id}::uuid, ${r.account_id}::uuid, ${r.play_session_id}::uuid, ${r.game_code}, ${r.definition_hash}, ${r.seed_id}::bigint,
        ${r.nonce}::int, ${r.input}::jsonb, ${r.stake}::bigint, ${r.win}::bigint, ${r.status}, ${r.outcome}::jsonb, ${r.settled_at}::timestamptz,
        ${r.balance_after}::bigint, ${r.token_hash}, ${r.played_at}::timestamptz, ${r.request_id}::uuid, ${r.response}::jsonb)`,
    ),
  )}) as r (grp, id, account_id, play_session_id, game_code, definition_hash, seed_id, nonce, input, stake, win, status, outcome, settled_at, balance_after, token_hash, played_at, request_id, response)`;

/**
 * The records of the real rounds in `played` as CTE bodies: `player_seq` (each player's next round
 * number), `house_round` (the round rows, numbered from player_seq) and `house_request` (the
 * client's request id with its answer). `from` is the FROM clause naming the rounds to record (`r`,
 * at most one per player); `balanceAfter` an expression of the balance after round `r`.
 */
export function roundRecords(from: RawBuilder<unknown>, balanceAfter: RawBuilder<unknown>) {
  return {
    player_seq: sql`insert into house_players (account_id, rounds) select r.account_id, 1 ${from}
      on conflict (account_id) do update set rounds = house_players.rounds + 1 returning account_id, rounds`,
    house_round: sql`insert into house_rounds (id, account_id, play_session_id, game_code, definition_hash, mode, seed_id, nonce, input, actions, stake, win, balance_after, status, outcome, player_seq, settled_at)
      select r.id, r.account_id, r.play_session_id, r.game_code, r.definition_hash, 'real', r.seed_id, r.nonce,
             r.input, '[]'::jsonb, r.stake, r.win, ${balanceAfter}, r.status, r.outcome, ps.rounds, r.settled_at
      from played r join player_seq ps on ps.account_id = r.account_id`,
    house_request: sql`insert into house_requests (play_session_id, request_id, round_id, response)
      select r.play_session_id, r.request_id, r.id, jsonb_set(r.response, '{balance}', to_jsonb(${balanceAfter}))
      ${from}`,
  };
}

/** The long way's record of one real round and its request (inside its transaction). */
export async function recordRealRound(trx: DbOrTrx, round: RoundRow): Promise<void> {
  const records = roundRecords(sql`from played r`, sql`r.balance_after`);
  await sql`with played as (${playedValues([round])}), player_seq as (${records.player_seq}), house_request as (${records.house_request}) ${records.house_round}`.execute(trx);
}
