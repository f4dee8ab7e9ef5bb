import type { Selectable } from 'kysely';
import type { Tournament, TournamentStatus } from '../../../contracts/tournaments';
import type { DbOrTrx } from '../../db';
import type { TournamentTables } from './tables';

export type TournamentRow = Selectable<TournamentTables['tournaments']>;

/**
 * Raffles: tournaments of kind RAFFLE. The stored status is SCHEDULED from creation until the
 * draw (DRAWN) or a cancellation (CANCELLED); SCHEDULED, ACTIVE and CLOSED (awaiting the draw)
 * are read off the one clock against the raffle's dates, so no job has to flip them on time.
 */
export function raffleStatus(row: Pick<TournamentRow, 'status' | 'start_at' | 'end_at'>, now: Date): TournamentStatus {
  if (row.status === 'DRAWN' || row.status === 'CANCELLED' || row.status === 'DRAFT') return row.status;
  if (now < row.start_at) return 'SCHEDULED';
  if (now < row.end_at) return 'ACTIVE';
  return 'CLOSED';
}

/**
 * Tournaments as the wire shows them (contracts/tournaments.ts), with their translations (in their
 * order) and games. `drawResult` gives a tournament's public result link (raffles: the record page).
 */
export async function toTournaments(db: DbOrTrx, rows: TournamentRow[], drawResult: (row: TournamentRow) => string | null = () => null): Promise<Tournament[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [translations, games] = await Promise.all([
    db.selectFrom('tournament_translations').selectAll().where('tournament_id', 'in', ids).orderBy('tournament_id').orderBy('position').execute(),
    db.selectFrom('tournament_games').selectAll().where('tournament_id', 'in', ids).orderBy('id').execute(),
  ]);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return rows.map((r) => ({
    id: Number(r.id),
    account: { accountRef: r.account_ref },
    tournamentRef: r.ref,
    kind: r.kind,
    startDateUtc: iso(r.start_at)!,
    endDateUtc: iso(r.end_at)!,
    raffleDrawDate: iso(r.draw_at),
    raffleDrawResult: drawResult(r),
    brands: (r.brands as string[]).map((brandRef) => ({ accountId: r.account_ref, brandRef })),
    games: games
      .filter((g) => Number(g.tournament_id) === Number(r.id))
      .map((g) => ({ id: Number(g.id), gameCode: g.game_code, isEnabled: g.is_enabled, iconFileName: g.icon_file_name })),
    translations: translations
      .filter((t) => Number(t.tournament_id) === Number(r.id))
      .map((t) => ({
        languageCode: t.language_code,
        languageDisplayName: t.language_display_name,
        title: t.title,
        description: t.description,
        termsAndConditions: t.terms_and_conditions,
      })),
    createdUtc: iso(r.created_at)!,
    lastModifiedUtc: iso(r.updated_at)!,
    tournamentStatus: r.status,
    baseCurrency: r.base_currency,
    bannerFileName: r.banner_file_name,
    prizes: r.prizes as Tournament['prizes'],
  }));
}
