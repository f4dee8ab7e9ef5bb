import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { KIND_ROUNDS } from '../../../contracts/game-kinds';
import type { PlayInput, PlayResponse } from '../../../contracts/games';
import { fairRandom, playRound } from '../../../contracts/fairness';
import type { Db, DbOrTrx } from '../../db';
import { AppError } from '../../errors';
import { hashToken } from '../../plugins/session';
import { definitionOf } from '../games';
import { continueBlackjack } from './blackjack';
import { playInOneStatement } from './one-statement';
import { liveSession, signedInOrDemo, type PlaySession } from './play-session';
import { HOUSE_PROVIDER, houseWallet, nodeHmac } from './provider';
import { answeredRequest, isRequestConflict, recordRequest } from './requests';
import { recordRealRound } from './round-records';
import { inputProblem, lockTimeout, moveDemo, playResponse, ROUND_LOCK_TIMEOUT, walletRefusal } from './rounds';
import { activeSeed, fairnessOf, type SeedRow } from './seeds';
import { clock } from '../../clock';
import { assertMayPlay } from '../protection';
import { forgetPlayer } from '../protection';

/**
 * POST /house/play: one round, or one blackjack decision. The client's `requestId` makes it
 * idempotent (requests.ts). A round that settles at once goes in one statement shared with other
 * players' rounds (one-statement.ts); everything else, and anything that statement refused, goes
 * the long way: one transaction that explains any refusal.
 */
export async function playHouseRound(db: Db, sessionToken: string, input: PlayInput, requestId: string): Promise<PlayResponse> {
  const tokenHash = hashToken(sessionToken);
  const now = clock.now();
  try {
    if (input.kind === 'blackjack' && input.action !== 'deal') {
      const { session, game } = await liveSession(db, tokenHash, now);
      return await continueBlackjack(db, session, game.code, input.roundId, input.action, requestId);
    }
    if (KIND_ROUNDS[input.kind] === 'at once') {
      const played = await playInOneStatement(db, tokenHash, input, requestId, now);
      if (played) return played;
    }
    return await playTheLongWay(db, tokenHash, input, requestId, now);
  } catch (error) {
    // The same request played at the same time: the one that committed first gave the answer.
    if (isRequestConflict(error)) {
      const answered = await answeredRequest(db, tokenHash, requestId);
      if (answered) return answered;
    }
    throw error;
  }
}

interface PlayStart {
  session: PlaySession;
  game: { code: string; definition_hash: string };
  seed: SeedRow;
}

/**
 * In one round trip inside the round's transaction: finds the live play session (not expired, its
 * sign-in session live, its game enabled) and takes the next nonce of its seed pair (the seed row
 * lock orders a player's rounds). Undefined when any of that is missing: `liveSession` says which.
 */
async function startRound(trx: DbOrTrx, tokenHash: string, now: Date): Promise<PlayStart | undefined> {
  const { rows } = await sql<
    PlaySession & { definition_hash: string } & { seed_id: number; server_seed: string; server_seed_hash: string; client_seed: string; nonce: number }
  >`
    update fair_seeds f set nonce = f.nonce + 1
    from play_sessions s
    join games g on g.code = s.game_code and g.is_enabled
    where s.token_hash = ${tokenHash} and s.expires_at > ${now} and ${signedInOrDemo(now)}
      and f.id = case when s.mode = 'real'
                      then (select x.id from fair_seeds x where x.account_id = s.account_id and x.revealed_at is null)
                      else s.demo_seed_id end
    returning s.id, s.account_id, s.game_code, s.mode, s.demo_balance, s.demo_seed_id, s.lobby_url, s.language, g.definition_hash,
              f.id as seed_id, f.server_seed, f.server_seed_hash, f.client_seed, f.nonce`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  const { definition_hash, seed_id, server_seed, server_seed_hash, client_seed, nonce, ...session } = row;
  return {
    session: {
      ...session,
      demo_balance: session.demo_balance === null ? null : Number(session.demo_balance),
      demo_seed_id: session.demo_seed_id === null ? null : Number(session.demo_seed_id),
    },
    game: { code: row.game_code, definition_hash },
    seed: { id: Number(seed_id), server_seed, server_seed_hash, client_seed, nonce: Number(nonce) - 1 },
  };
}

/**
 * The long way (a demo, a blackjack deal, a first round, a refusal to explain) is one transaction:
 * a refusal (bad input, insufficient coins) rolls it all back, the nonce included.
 */
async function playTheLongWay(db: Db, tokenHash: string, input: PlayInput, requestId: string, now: Date): Promise<PlayResponse> {
  return db
    .transaction()
    .execute(async (trx) => {
      await sql`set local lock_timeout = '${sql.raw(ROUND_LOCK_TIMEOUT)}'`.execute(trx);
      // Lock order: a real player's wallet before their seed pair, as the one-statement path takes
      // them. Holding it, a repeat of this request sees the first one's answer if it committed.
      await sql`select 1 from wallets w join play_sessions s on s.account_id = w.account_id
                where s.token_hash = ${tokenHash} for update of w`.execute(trx);
      const answered = await answeredRequest(trx, tokenHash, requestId);
      if (answered) return answered;
      let start = await startRound(trx, tokenHash, now);
      if (!start) {
        // Which part is missing: the session or its game (these throw), or a real player's seed pair.
        const { session } = await liveSession(trx, tokenHash, now);
        if (session.mode !== 'real') throw new Error('demo session without a seed');
        await activeSeed(trx, session.account_id!);
        start = await startRound(trx, tokenHash, now);
        if (!start) throw new Error('the round could not start');
      }
      const { session, game, seed } = start;
      const definition = await definitionOf(trx, game.definition_hash);
      const problem = inputProblem(definition, input);
      if (problem) throw new AppError(problem.code, problem.message);
      // A kind played in steps keeps one open round per player and game (per demo session).
      if (KIND_ROUNDS[definition.kind] === 'in steps') {
        let openQuery = trx.selectFrom('house_rounds').select('id').where('status', '=', 'open');
        openQuery =
          session.mode === 'real'
            ? openQuery.where('account_id', '=', session.account_id).where('game_code', '=', game.code)
            : openQuery.where('play_session_id', '=', session.id);
        const open = await openQuery.executeTakeFirst();
        if (open) throw new AppError('REQUEST_VALIDATION_ERROR', 'Finish the open hand first');
      }
      const played = playRound(definition, fairRandom(seed.server_seed, seed.client_seed, seed.nonce, nodeHmac), input);
      const roundId = randomUUID();
      let balance: number;
      if (session.mode === 'real') {
        const accountId = session.account_id!;
        // Player protection (docs/decisions/0008): exact here, under the wallet lock taken above.
        await assertMayPlay(trx, accountId, played.stake, now);
        forgetPlayer(db, accountId);
        try {
          if (played.settled) {
            // Played and settled at once (slots, roulette, baccarat): bet and final win in one call.
            const done = await houseWallet.betAndWin(trx, {
              provider: HOUSE_PROVIDER,
              betTxId: `${roundId}:bet`,
              winTxId: `${roundId}:win`,
              roundId,
              accountId,
              bet: played.stake,
              win: played.win,
              gameCode: game.code,
            });
            balance = done.balance;
          } else {
            const bet = await houseWallet.bet(trx, {
              provider: HOUSE_PROVIDER,
              txId: `${roundId}:bet`,
              roundId,
              accountId,
              amount: played.stake,
              gameCode: game.code,
            });
            balance = bet.balance;
          }
        } catch (error) {
          walletRefusal(error);
        }
      } else {
        balance = await moveDemo(trx, session.id, played.stake, played.settled ? played.win : 0);
      }
      const response = playResponse(roundId, seed.nonce, played, balance, session.mode, fairnessOf({ ...seed, nonce: seed.nonce + 1 }));
      const round = {
        id: roundId,
        play_session_id: session.id,
        game_code: game.code,
        definition_hash: game.definition_hash,
        seed_id: seed.id,
        nonce: seed.nonce,
        input: JSON.stringify(input),
        stake: played.stake,
        win: played.settled ? played.win : 0,
        status: played.settled ? ('settled' as const) : ('open' as const),
        outcome: JSON.stringify(played.outcome),
        settled_at: played.settled ? now : null,
      };
      if (session.mode === 'real') {
        await recordRealRound(
          trx,
          { ...round, account_id: session.account_id!, token_hash: tokenHash, played_at: now, request_id: requestId },
          balance,
          response,
        );
      } else {
        await trx
          .insertInto('house_rounds')
          .values({ ...round, account_id: null, mode: 'demo', actions: '[]', balance_after: balance, player_seq: null })
          .execute();
        await recordRequest(trx, session.id, requestId, response);
      }
      return response;
    })
    .catch(lockTimeout);
}
