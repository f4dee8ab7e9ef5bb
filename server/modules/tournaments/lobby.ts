import {
  LEADERBOARD_CACHE_MS,
  LEADERBOARD_TOP,
  LOBBY_FINISHED_DAYS,
  LOBBY_POLL_MS,
  LobbyResponseSchema,
  type Leaderboard,
  type LobbyResponse,
  type LobbyTournament,
} from '../../../contracts/lobby';
import { gameDisplayTitle, type GameTitles } from '../../../contracts/games';
import { translationFor } from '../../../contracts/tournaments';
import type { Language } from '../../../contracts/constants';
import { clock } from '../../clock';
import type { Db } from '../../db';
import { raffleStatus, toTournaments, type TournamentRow } from './entity';
import { computeStandings, finalStandings, pseudonym, raceStatusAt, type Standing } from './races';

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

/** The lobby as anyone sees it, plus each race's full standings to place a signed-in player in. */
interface Snapshot {
  tournaments: LobbyTournament[];
  /** By tournament ref: the account ids in rank order, and each one's index. */
  standings: Map<string, { list: Standing[]; rankOf: Map<string, number> }>;
  /** The anonymous answer as JSON, after its `serverTime` (which is added fresh to every answer). */
  anonymousTail: string;
}

function anonymousBoard(standings: Array<Standing & { prize?: number | null }>, state: Leaderboard['state']): Leaderboard {
  return {
    state,
    players: standings.length,
    entries: standings
      .slice(0, LEADERBOARD_TOP)
      .map((s, i) => ({ rank: i + 1, name: pseudonym(s.accountId, s.displayName), points: s.points, isYou: false, prize: s.prize ?? null })),
    you: null,
  };
}

async function buildSnapshot(db: Db, language: Language): Promise<Snapshot> {
  const now = clock.now();
  const rows = await lobbyRows(db, now);
  const entities = await toTournaments(db, rows);
  const codes = [...new Set(entities.flatMap((t) => t.games.map((g) => g.gameCode)))];
  const games = codes.length ? await db.selectFrom('games').select(['code', 'titles', 'image_path', 'is_enabled']).where('code', 'in', codes).execute() : [];
  const gameByCode = new Map(games.map((g) => [g.code, g]));
  const standings: Snapshot['standings'] = new Map();

  const tournaments = await Promise.all(
    entities.map(async (t, i): Promise<LobbyTournament> => {
      const row = rows[i];
      const status = row.kind === 'RAFFLE' ? raffleStatus(row, now) : raceStatusAt(row, now);
      const text = translationFor(t.translations, language);
      let leaderboard: Leaderboard | null = null;
      if (row.kind === 'RACE' && now >= new Date(row.start_at)) {
        const final = status === 'DRAWN';
        const list = final ? await finalStandings(db, Number(row.id)) : await computeStandings(db, row);
        standings.set(t.tournamentRef, { list, rankOf: new Map(list.map((s, index) => [s.accountId, index])) });
        leaderboard = anonymousBoard(list, final ? 'FINAL' : 'LIVE');
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
            const titles = game.titles as GameTitles | null;
            return {
              gameCode: g.gameCode,
              title: gameDisplayTitle(g.gameCode, language, titles),
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
  // Checked against the contract once per build, not once per reader: the answers below are this
  // snapshot with at most the player's own place added (same shapes).
  LobbyResponseSchema.parse({ serverTime: now.toISOString(), pollMs: LOBBY_POLL_MS, tournaments });
  return { tournaments, standings, anonymousTail: JSON.stringify({ pollMs: LOBBY_POLL_MS, tournaments }).slice(1) };
}

/**
 * The lobby is rebuilt at most once per LEADERBOARD_CACHE_MS per language and server instance, and
 * concurrent readers share one build: however many lobbies poll, the database sees a handful of
 * queries per interval, and a spin never waits for a reader (decision 0007, bench/leaderboard).
 * Real time, not the test clock: it bounds load, it decides nothing.
 */
const snapshots = new Map<Language, { at: number; value: Promise<Snapshot> }>();

function snapshot(db: Db, language: Language): Promise<Snapshot> {
  const hit = snapshots.get(language);
  if (hit && Date.now() - hit.at < LEADERBOARD_CACHE_MS) return hit.value;
  const value = buildSnapshot(db, language);
  snapshots.set(language, { at: Date.now(), value });
  value.catch(() => snapshots.delete(language));
  return value;
}

/** Tests: forget the cached lobby (a test reads right after it plays). */
export function clearLobbyCache(): void {
  snapshots.clear();
}

/** `GET /tournaments` as JSON text: the shared snapshot, with a signed-in player's own place in each race. */
export async function lobbyJson(db: Db, language: Language, accountId: string | null): Promise<string> {
  if (!accountId) {
    const { anonymousTail } = await snapshot(db, language);
    return `{"serverTime":${JSON.stringify(clock.now().toISOString())},${anonymousTail}`;
  }
  return JSON.stringify(await lobby(db, language, accountId));
}

/** `GET /tournaments` for a player: the shared snapshot, with the player's own place in each race. */
export async function lobby(db: Db, language: Language, accountId: string | null): Promise<LobbyResponse> {
  const snap = await snapshot(db, language);
  const tournaments = snap.tournaments.map((t) => {
    const race = snap.standings.get(t.tournamentRef);
    if (!accountId || !race || !t.leaderboard) return t;
    const index = race.rankOf.get(accountId);
    if (index === undefined) return t;
    return {
      ...t,
      leaderboard: {
        ...t.leaderboard,
        entries: t.leaderboard.entries.map((e, i) => (i === index ? { ...e, isYou: true } : e)),
        you: { rank: index + 1, points: race.list[index].points },
      },
    };
  });
  return { serverTime: clock.now().toISOString(), pollMs: LOBBY_POLL_MS, tournaments };
}
