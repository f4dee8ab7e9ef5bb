import type { BlackjackAction, PlayInput, PlayResponse } from '../../../contracts/games';
import { fairRandom, playRound } from '../../../contracts/fairness';
import { BlackjackActionError } from '../../../contracts/house/blackjack';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { definitionOf } from '../games';
import type { PlaySession } from './play-session';
import { HOUSE_PROVIDER, houseWallet, nodeHmac } from './provider';
import { answeredRequestIn, recordRequest } from './requests';
import { sql } from 'kysely';
import { lockTimeout, moveDemo, playResponse, ROUND_LOCK_TIMEOUT, walletRefusal } from './rounds';
import { clock } from '../../clock';
import { assertMayPlay } from '../protection';

/** A blackjack decision on the open hand: replays the hand from its seeds with the new action. */
export async function continueBlackjack(
  db: Db,
  session: PlaySession,
  gameCode: string,
  roundId: string,
  action: BlackjackAction,
  requestId: string,
): Promise<PlayResponse> {
  return db
    .transaction()
    .execute(async (trx) => {
      await sql`set local lock_timeout = '${sql.raw(ROUND_LOCK_TIMEOUT)}'`.execute(trx);
      const round = await trx
        .selectFrom('house_rounds')
        .innerJoin('fair_seeds', 'fair_seeds.id', 'house_rounds.seed_id')
        .select([
          'house_rounds.id',
          'house_rounds.account_id',
          'house_rounds.play_session_id',
          'house_rounds.game_code',
          'house_rounds.definition_hash',
          'house_rounds.nonce',
          'house_rounds.input',
          'house_rounds.actions',
          'house_rounds.stake',
          'house_rounds.status',
          'fair_seeds.server_seed',
          'fair_seeds.server_seed_hash',
          'fair_seeds.client_seed',
          'fair_seeds.nonce as seedNonce',
        ])
        .where('house_rounds.id', '=', roundId)
        .forUpdate()
        .executeTakeFirst();
      // Decisions on a hand are serialised by its row lock: a repeat of this one sees its answer.
      const answered = await answeredRequestIn(trx, session.id, requestId);
      if (answered) return answered;
      const mine =
        round && round.game_code === gameCode && (session.mode === 'real' ? round.account_id === session.account_id : round.play_session_id === session.id);
      if (!round || !mine) throw new AppError('NOT_FOUND', 'No such round in this session');
      if (round.status !== 'open') throw new AppError('REQUEST_VALIDATION_ERROR', 'The hand is already settled');
      const definition = await definitionOf(trx, round.definition_hash);
      const input = round.input as PlayInput;
      const actions = [...(round.actions as BlackjackAction[]), action];
      let played: ReturnType<typeof playRound>;
      try {
        played = playRound(definition, fairRandom(round.server_seed, round.client_seed, round.nonce, nodeHmac), input, actions);
      } catch (error) {
        if (error instanceof BlackjackActionError) throw new AppError('REQUEST_VALIDATION_ERROR', error.message);
        throw error;
      }
      const extra = played.stake - round.stake;
      let balance: number;
      if (session.mode === 'real') {
        const accountId = session.account_id!;
        // A double is a new wager: player protection applies (docs/decisions/0008); other actions finish the hand.
        if (extra > 0) await assertMayPlay(trx, accountId, extra, clock.now());
        try {
          balance = await houseWallet.balance(trx, accountId);
          if (extra > 0) {
            const bet = await houseWallet.bet(trx, { provider: HOUSE_PROVIDER, txId: `${roundId}:double`, roundId, accountId, amount: extra, gameCode });
            balance = bet.balance;
          }
          if (played.settled) {
            const win = await houseWallet.win(trx, {
              provider: HOUSE_PROVIDER,
              txId: `${roundId}:win`,
              roundId,
              accountId,
              amount: played.win,
              gameCode,
              final: true,
            });
            balance = win.balance;
          }
        } catch (error) {
          walletRefusal(error);
        }
      } else {
        balance = await moveDemo(trx, session.id, extra, played.settled ? played.win : 0);
      }
      await trx
        .updateTable('house_rounds')
        .set({
          actions: JSON.stringify(actions),
          stake: played.stake,
          win: played.settled ? played.win : 0,
          balance_after: balance,
          status: played.settled ? 'settled' : 'open',
          outcome: JSON.stringify(played.outcome),
          settled_at: played.settled ? clock.now() : null,
        })
        .where('id', '=', roundId)
        .execute();
      const response = playResponse(roundId, round.nonce, played, balance, session.mode, {
        serverSeedHash: round.server_seed_hash,
        clientSeed: round.client_seed,
        nonce: round.seedNonce,
      });
      await recordRequest(trx, session.id, requestId, response);
      return response;
    })
    .catch(lockTimeout);
}
