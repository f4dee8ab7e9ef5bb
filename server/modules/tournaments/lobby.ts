import { LEADERBOARD_TOP, LOBBY_FINISHED_DAYS, LOBBY_POLL_MS, type Leaderboard, type LobbyResponse, type LobbyTournament } from '../../../contracts/lobby';
import { gameDisplayTitle } from '../../../contracts/games';
import { translationFor } from '../../../contracts/tournaments';
import type { Language } from '../../../contracts/constants';
import { clock } from '../../clock';
import type { Db } from '../../db';
import { toTournaments, type TournamentRow } from './entity';
import { finalStandings, liveStandings, pseudonym, raceStatusAt, type Standing } from './races';

/** What the lobby lists: not drafts nor cancelled ones, and finished ones for LOBBY_FINISHED_DAYS. */
async function lobbyRows(db: Db, now: Date): Promise<TournamentRow[]> {
  const since = new Date(now.getTime() - LOBBY_FINISHED_DAYS * 86_400_000);
  return db
    .selectFrom('tournaments')
    .selectAll()
    .where('status', 'not in', ['DRAFT', 'CANCELLED'])
    .where('end_at', '>', since)
    .orderBy('end_at')
    .limit(50)
    .execute();
}

/** Running first, then upcoming, then finished (the most recent first). */
const order: Record<string, number> = { ACTIVE: 0, SCHEDULED: 1, CLOSED: 2, DRAWN: 3 };

function leaderboardOf(standings: Array<Standing & { prize?: number | null }>, state: Leaderboard['state'], accountId: string | null): Leaderboard {
  const mine = accountId ? standings.findIndex((s) => s.accountId === accountId) : -1;
  return {
    state,
    players: standings.length,
    entries: standings.slice(0, LEADERBOARD_TOP).map((s, i) => ({
      rank: i + 1,
      name: pseudonym(s.accountId, s.displayName),
      points: s.points,
      isYou: s.accountId === accountId,
      prize: s.prize ?? null,
    })),
    you: mine >= 0 ? { rank: mine + 1, points: standings[mine].points } : null,
  };
}

/** `GET /tournaments`: every listed tournament in `language`, races with their leaderboard. */
export async function lobby(db: Db, language: Language, accountId: string | null): Promise<LobbyResponse> {
  const now = clock.now();
  const rows = await lobbyRows(db, now);
  const entities = await toTournaments(db, rows);
  const codes = [...new Set(entities.flatMap((t) => t.games.map((g) => g.gameCode)))];
  const games = codes.length
    ? await db.selectFrom('games').select(['code', 'titles', 'image_path', 'is_enabled']).where('code', 'in', codes).execute()
    : [];
  const gameByCode = new Map(games.map((g) => [g.code, g]));

  const tournaments = await Promise.all(
    entities.map(async (t, i): Promise<LobbyTournament> => {
      const row = rows[i];
      const status = raceStatusAt(row, now);
      const text = translationFor(t.translations, language);
      let leaderboard: Leaderboard | null = null;
      if (row.kind === 'RACE' && now >= new Date(row.start_at)) {
        leaderboard =
          status === 'DRAWN' ? leaderboardOf(await finalStandings(db, Number(row.id)), 'FINAL', accountId) : leaderboardOf(await liveStandings(db, row), 'LIVE', accountId);
      }
      return {
        ...t,
        tournamentStatus: status,
        metric: row.kind === 'RACE' ? row.metric : null,
        title: text?.title ?? t.tournamentRef,
        description: text?.description ?? '',
        termsAndConditions: text?.termsAndConditions ?? '',
        lobbyGames: t.games
          .filter((g) => g.isEnabled && gameByCode.get(g.gameCode)?.is_enabled)
          .map((g) => {
            const game = gameByCode.get(g.gameCode)!;
            const titles = game.titles as { ja: string; en: string } | null;
            return {
              gameCode: g.gameCode,
              title: gameDisplayTitle(g.gameCode, language, titles?.[language]),
              iconUrl: g.iconFileName ? `/games/art/${g.iconFileName}` : game.image_path,
            };
          }),
        leaderboard,
      };
    }),
  );
  tournaments.sort((a, b) => {
    const byStatus = (order[a.tournamentStatus] ?? 9) - (order[b.tournamentStatus] ?? 9);
    if (byStatus) return byStatus;
    const finished = a.tournamentStatus === 'DRAWN' || a.tournamentStatus === 'CLOSED';
    const diff = Date.parse(a.endDateUtc) - Date.parse(b.endDateUtc);
    return finished ? -diff : diff;
  });
  return { serverTime: now.toISOString(), pollMs: LOBBY_POLL_MS, tournaments };
}
