import { sql } from 'kysely';
import type { GameDefinition, GameStatsResponse, GameStatsWindow } from '../../../contracts/games';
import type { GameMath } from '../../../contracts/game-math';
import figures from '../../../contracts/game-math/figures.json';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import { clock } from '../../clock';
import { exactMath } from './math';
import { definitionOf, findGame } from './service';

/**
 * A game's measured RTP (decision 0020): real-coin rounds settled on its current maths (its
 * definition hash), over the last 24 hours, 30 days and all time, each beside the exact RTP and a
 * 99% band from the exact variance. For rounds of base bets b_i the measured RTP has standard error
 * sqrt(variance x sum b_i^2) / sum stakes; the rounds' stakes stand for b_i (a doubled blackjack
 * stake or a roulette spin of several bets make the band a little wider than the truth, never
 * narrower: roulette's variance is the straight-up bet's, the widest on the table).
 */
const Z99 = 2.5758293035489;
const WINDOWS: Array<{ window: GameStatsWindow['window']; ms: number | null }> = [
  { window: '24h', ms: 24 * 3600_000 },
  { window: '30d', ms: 30 * 24 * 3600_000 },
  { window: 'all', ms: null },
];
const CACHE_MS = 60_000;
const cache = new Map<string, { at: number; value: GameStatsResponse }>();

/** The stored figures when they were computed from this very definition, else computed now. */
function mathOf(code: string, hash: string, def: GameDefinition): GameMath {
  const stored = (figures as Record<string, GameMath & { definitionHash: string }>)[code];
  return stored && stored.definitionHash === hash ? stored : exactMath(def);
}

export function band(math: Pick<GameMath, 'rtp' | 'variance'>, wagered: number, stakesSquared: number): { low: number; high: number } | null {
  if (wagered <= 0) return null;
  const se = Math.sqrt(math.variance * stakesSquared) / wagered;
  return { low: math.rtp - Z99 * se, high: math.rtp + Z99 * se };
}

export async function gameStats(db: Db, code: string): Promise<GameStatsResponse> {
  const now = clock.now();
  const hit = cache.get(code);
  if (hit && now.getTime() - hit.at < CACHE_MS) return hit.value;
  const game = await findGame(db, code);
  if (!game?.is_enabled) throw new AppError('GAME_NOT_AVAILABLE', 'Unknown or disabled game');
  const math = mathOf(code, game.definition_hash, await definitionOf(db, game.definition_hash));
  const windows: GameStatsWindow[] = [];
  for (const { window, ms } of WINDOWS) {
    let q = db
      .selectFrom('house_rounds')
      .select([
        sql<string>`count(*)`.as('rounds'),
        sql<string>`coalesce(sum(stake), 0)`.as('wagered'),
        sql<string>`coalesce(sum(win), 0)`.as('won'),
        sql<string>`coalesce(sum(stake::float8 * stake::float8), 0)`.as('squares'),
      ])
      .where('game_code', '=', code)
      .where('mode', '=', 'real')
      .where('status', '=', 'settled')
      .where('definition_hash', '=', game.definition_hash);
    if (ms !== null) q = q.where('settled_at', '>=', new Date(now.getTime() - ms));
    const row = await q.executeTakeFirstOrThrow();
    const rounds = Number(row.rounds);
    const wagered = Number(row.wagered);
    const won = Number(row.won);
    windows.push({ window, rounds, wagered, won, rtp: wagered > 0 ? won / wagered : null, band: band(math, wagered, Number(row.squares)) });
  }
  const value: GameStatsResponse = {
    gameCode: code,
    expected: { rtp: math.rtp, hitFrequency: math.hitFrequency, largestWin: math.largestWin, standardDeviation: Math.sqrt(math.variance) },
    windows,
    asOf: now.toISOString(),
  };
  cache.set(code, { at: now.getTime(), value });
  return value;
}

/** Tests: forget cached answers. */
export const clearStatsCache = () => cache.clear();
