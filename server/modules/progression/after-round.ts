import { counts } from './missions';
import type { RoundWatch } from './service';

/**
 * Levels and missions after real rounds, checked when a round can have moved them
 * (docs/decisions/0018, "After a round"). The check reads the player's whole BET history and the
 * day's rounds (about eight queries): run after every round it cost a spinning player three times
 * the round itself. So each server keeps, per player, what the last check left to reach (coins to
 * the next level, the open missions' progress, the games played today) and counts its own rounds
 * against it: the round that reaches a level or completes a mission is checked before it answers,
 * and the player hears of it at once. Rounds the count cannot see (another server's, a refund) are
 * caught by a check at least every `refreshMs` of play, at the day's turn, and by `GET /progression`
 * and `GET /missions`, which evaluate on read.
 */
export interface PlayedRound {
  accountId: string;
  gameCode: string;
  /** The game's kind (slot, roulette, blackjack, baccarat): which missions count it. */
  kind: string;
  stake: number;
  win: number;
  /** An open blackjack hand counts once it settles. */
  settled: boolean;
}

export interface RoundFollowUp {
  /** After a player's real round (or blackjack decision): checks progression if the round can have moved it. */
  after(round: PlayedRound): Promise<void>;
}

interface Watched extends RoundWatch {
  checkedAt: number;
  games: Set<string>;
}

/** How many players' watches a server keeps (the oldest checked go first). */
const KEPT = 10_000;

/** Counts a settled round against what the last check left to reach. */
function count(w: Watched, round: PlayedRound): void {
  w.coinsToLevel -= round.stake;
  const newGame = !w.games.has(round.gameCode);
  w.games.add(round.gameCode);
  for (const m of w.open) {
    if (!counts(m.games, round.kind)) continue;
    if (m.kind === 'ROUNDS') m.progress += 1;
    else if (m.kind === 'WAGERED') m.progress += round.stake;
    else if (m.kind === 'BIG_WIN') m.progress = round.stake > 0 && round.win / round.stake >= m.target ? m.target : m.progress;
    else if (newGame) m.progress += 1;
  }
}

const due = (w: Watched, now: number, refreshMs: number) =>
  w.coinsToLevel <= 0 || w.open.some((m) => m.progress >= m.target) || now >= w.dayEndsAt || now - w.checkedAt >= refreshMs;

export function createRoundFollowUp(check: (accountId: string) => Promise<RoundWatch>, refreshMs: number, onError: (error: unknown) => void): RoundFollowUp {
  const watches = new Map<string, Watched>();
  return {
    async after(round) {
      const now = Date.now();
      const watched = watches.get(round.accountId);
      if (watched) {
        if (round.settled) count(watched, round);
        if (!due(watched, now, refreshMs)) return;
      }
      try {
        const fresh = await check(round.accountId);
        watches.delete(round.accountId); // re-inserted last: the map stays in order of last check
        watches.set(round.accountId, { ...fresh, checkedAt: now, games: new Set(fresh.gamesToday) });
        if (watches.size > KEPT) watches.delete(watches.keys().next().value!);
      } catch (error) {
        watches.delete(round.accountId);
        onError(error);
      }
    },
  };
}
