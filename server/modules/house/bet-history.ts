import type { Language } from '../../../contracts/constants';
import { BET_HISTORY_PAGE_SIZE, gameDisplayTitle, type BetHistoryResponse, type GameTitles } from '../../../contracts/games';
import type { Db } from '../../db';

/**
 * GET /get-bet-history: page p covers the player's round numbers (player_seq)
 * (total - p*size, total - (p-1)*size], read from the (account_id, player_seq) index: every page
 * costs one index range scan of `size` rows, however deep.
 */
export async function betHistory(db: Db, accountId: string, page: number, language: Language): Promise<BetHistoryResponse> {
  const size = BET_HISTORY_PAGE_SIZE;
  const counter = await db.selectFrom('house_players').select('rounds').where('account_id', '=', accountId).executeTakeFirst();
  const total = counter ? Number(counter.rounds) : 0;
  const upper = total - (page - 1) * size;
  const rows =
    upper <= 0
      ? []
      : await db
          .selectFrom('house_rounds')
          .leftJoin('games', 'games.code', 'house_rounds.game_code')
          .select([
            'house_rounds.id',
            'house_rounds.game_code',
            'house_rounds.created_at',
            'house_rounds.stake',
            'house_rounds.win',
            'house_rounds.balance_after',
            'house_rounds.status',
            'games.titles',
          ])
          .where('house_rounds.account_id', '=', accountId)
          .where('house_rounds.player_seq', '<=', upper)
          .where('house_rounds.player_seq', '>', upper - size)
          .orderBy('house_rounds.player_seq', 'desc')
          .execute();
  return {
    page,
    pageSize: size,
    totalRecords: total,
    totalPages: Math.ceil(total / size),
    hasMore: upper - size > 0,
    records: rows.map((r) => ({
      roundId: r.id,
      gameCode: r.game_code,
      gameTitle: gameDisplayTitle(r.game_code, language, r.titles as GameTitles | null),
      createdAt: new Date(r.created_at).toISOString(),
      stake: r.stake,
      win: r.win,
      net: r.win - r.stake,
      balanceAfter: r.balance_after,
      status: r.status,
    })),
  };
}
