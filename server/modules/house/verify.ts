import type { Language } from '../../../contracts/constants';
import { gameDisplayTitle, type GameTitles, type BlackjackAction, type PlayInput, type RoundOutcome, type VerifyRoundResponse } from '../../../contracts/games';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { definitionOf } from '../games';

/** GET /house/rounds/:roundId/verify (anyone with the round id; the server seed only once revealed). */
export async function verifyRound(db: Db, roundId: string, language: Language): Promise<VerifyRoundResponse> {
  const row = await db
    .selectFrom('house_rounds')
    .innerJoin('fair_seeds', 'fair_seeds.id', 'house_rounds.seed_id')
    .leftJoin('games', 'games.code', 'house_rounds.game_code')
    .select([
      'house_rounds.id',
      'house_rounds.game_code',
      'house_rounds.definition_hash',
      'house_rounds.nonce',
      'house_rounds.input',
      'house_rounds.actions',
      'house_rounds.stake',
      'house_rounds.win',
      'house_rounds.status',
      'house_rounds.outcome',
      'house_rounds.created_at',
      'fair_seeds.server_seed',
      'fair_seeds.server_seed_hash',
      'fair_seeds.client_seed',
      'fair_seeds.revealed_at',
      'games.titles',
    ])
    .where('house_rounds.id', '=', roundId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'No such round');
  return {
    roundId: row.id,
    gameCode: row.game_code,
    gameTitle: gameDisplayTitle(row.game_code, language, row.titles as GameTitles | null),
    createdAt: new Date(row.created_at).toISOString(),
    status: row.status,
    serverSeed: row.revealed_at ? row.server_seed : null,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    definition: await definitionOf(db, row.definition_hash),
    input: row.input as PlayInput,
    actions: row.actions as BlackjackAction[],
    stake: row.stake,
    win: row.win,
    outcome: row.outcome as RoundOutcome,
  };
}
