import { sql, type Insertable } from 'kysely';
import type { PlayResponse } from '../../../contracts/games';
import { attachment } from '../wallet';
import type { DbOrTrx } from '../../db';
import type { HouseTables } from './tables';
import { notBlocked } from '../protection';

/** A real round as recorded in house_rounds, with the session and request it was played in. */
export type RoundRow = Required<
  Pick<
    Insertable<HouseTables['house_rounds']>,
    'id' | 'play_session_id' | 'game_code' | 'definition_hash' | 'seed_id' | 'nonce' | 'input' | 'stake' | 'win' | 'outcome' | 'settled_at'
  >
> & {
  account_id: string;
  status: 'settled' | 'open';
  token_hash: string;
  played_at: Date;
  request_id: string;
};

/**
 * The balance after each round is its group's last posted journal row (`posted` ordered by `ord`).
 *
 * The house's part of a betAndWinEach statement (typed, server/modules/wallet/attachments.ts): real
 * rounds that settle at once, one per player. Its gate takes each round's nonce only if the session,
 * its sign-in session, the game and the seed pair are still as the server remembered them and the
 * request id is new and the player is on no break or self-exclusion; its records number the player's round, write the round (with the balance the
 * statement posted) and its request id (the round row is the request's answer).
 */
export const houseRounds = (rounds: RoundRow[]) => ({ ...HOUSE_ROUNDS, rows: rounds });

/** Defined once: the posting statement is then compiled once (wallet/posting.ts, postStatement). */
const HOUSE_ROUNDS = attachment<'played', RoundRow, { player_seq: { account_id: string; rounds: number } }>({
  name: 'played',
  rows: [],
  columns: {
    id: 'uuid',
    account_id: 'uuid',
    play_session_id: 'uuid',
    game_code: 'text',
    definition_hash: 'text',
    seed_id: 'bigint',
    nonce: 'int',
    input: 'jsonb',
    stake: 'bigint',
    win: 'bigint',
    status: 'text',
    outcome: 'jsonb',
    settled_at: 'timestamptz',
    token_hash: 'text',
    played_at: 'timestamptz',
    request_id: 'uuid',
  },
  gate: (q) =>
    q
      .updateTable('fair_seeds as f')
      .from('played as r')
      .set((eb) => ({ nonce: eb('f.nonce', '+', 1) }))
      .where('r.grp', 'in', q.selectFrom('ready').select('ready.grp'))
      .whereRef('f.id', '=', 'r.seed_id')
      .whereRef('f.nonce', '=', 'r.nonce')
      .whereRef('f.account_id', '=', 'r.account_id')
      .where('f.revealed_at', 'is', null)
      .where((eb) =>
        eb.and([
          eb.exists(
            eb
              .selectFrom('play_sessions as s')
              .innerJoin('games as g', 'g.code', 's.game_code')
              .innerJoin('sessions as si', 'si.id', 's.sign_in_session_id')
              .innerJoin('accounts as a', 'a.id', 's.account_id')
              .select('s.id')
              .whereRef('s.token_hash', '=', 'r.token_hash')
              .whereRef('s.account_id', '=', 'r.account_id')
              .whereRef('s.expires_at', '>', 'r.played_at')
              .where('g.is_enabled', '=', true)
              .whereRef('g.definition_hash', '=', 'r.definition_hash')
              .where('si.revoked_at', 'is', null)
              .whereRef('si.expires_at', '>', 'r.played_at')
              .where('a.deleted_at', 'is', null),
          ),
          // Player protection: no break or self-exclusion in force (docs/decisions/0008).
          notBlocked('r.account_id', 'r.played_at'),
          eb.not(
            eb.exists(
              eb
                .selectFrom('house_requests as h')
                .select('h.round_id')
                .whereRef('h.play_session_id', '=', 'r.play_session_id')
                .whereRef('h.request_id', '=', 'r.request_id'),
            ),
          ),
        ]),
      )
      .returning('r.grp'),
  records: [
    [
      'player_seq',
      (q) =>
        q
          .insertInto('house_players')
          .columns(['account_id', 'rounds'])
          .expression(
            q
              .selectFrom('played as r')
              .innerJoin('posted as p', (join) => join.onRef('p.grp', '=', 'r.grp').on('p.ord', '=', 0))
              .select((eb) => ['r.account_id', eb.val(1).as('rounds')]),
          )
          .onConflict((oc) => oc.column('account_id').doUpdateSet((eb) => ({ rounds: eb('house_players.rounds', '+', 1) })))
          .returning(['account_id', 'rounds']),
    ],
    [
      'house_round',
      (q) =>
        q
          .insertInto('house_rounds')
          .columns([
            'id',
            'account_id',
            'play_session_id',
            'game_code',
            'definition_hash',
            'mode',
            'seed_id',
            'nonce',
            'input',
            'actions',
            'stake',
            'win',
            'balance_after',
            'status',
            'outcome',
            'player_seq',
            'settled_at',
          ])
          .expression(
            q
              .selectFrom('played as r')
              .innerJoin('player_seq as ps', 'ps.account_id', 'r.account_id')
              .select((eb) => [
                'r.id',
                'r.account_id',
                'r.play_session_id',
                'r.game_code',
                'r.definition_hash',
                eb.val('real').as('mode'),
                'r.seed_id',
                'r.nonce',
                'r.input',
                sql<string>`'[]'::jsonb`.as('actions'),
                'r.stake',
                'r.win',
                eb.selectFrom('posted as b').select('b.balance_after').whereRef('b.grp', '=', 'r.grp').orderBy('b.ord', 'desc').limit(1).as('balance_after'),
                'r.status',
                'r.outcome',
                'ps.rounds',
                'r.settled_at',
              ]),
          ),
    ],
    [
      'house_request',
      (q) =>
        q
          .insertInto('house_requests')
          .columns(['play_session_id', 'request_id', 'round_id'])
          .expression(
            q
              .selectFrom('played as r')
              .innerJoin('posted as p', (join) => join.onRef('p.grp', '=', 'r.grp').on('p.ord', '=', 0))
              .select(['r.play_session_id', 'r.request_id', 'r.id']),
          ),
    ],
  ],
});

/** The long way's records of one real round and its request (inside its transaction). */
export async function recordRealRound(trx: DbOrTrx, round: RoundRow, balance: number, response: PlayResponse): Promise<void> {
  const { rounds } = await trx
    .insertInto('house_players')
    .values({ account_id: round.account_id, rounds: 1 })
    .onConflict((oc) => oc.column('account_id').doUpdateSet((eb) => ({ rounds: eb('house_players.rounds', '+', 1) })))
    .returning('rounds')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('house_rounds')
    .values({
      id: round.id,
      account_id: round.account_id,
      play_session_id: round.play_session_id,
      game_code: round.game_code,
      definition_hash: round.definition_hash,
      mode: 'real',
      seed_id: round.seed_id,
      nonce: round.nonce,
      input: round.input,
      actions: '[]',
      stake: round.stake,
      win: round.win,
      balance_after: balance,
      status: round.status,
      outcome: round.outcome,
      player_seq: rounds,
      settled_at: round.settled_at,
    })
    .execute();
  await trx
    .insertInto('house_requests')
    .values({ play_session_id: round.play_session_id, request_id: round.request_id, round_id: round.id, response: JSON.stringify(response) })
    .execute();
}
