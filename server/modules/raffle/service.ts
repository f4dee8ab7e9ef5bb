import { randomBytes } from 'node:crypto';
import type { Tournament } from '../../../contracts/tournaments';
import {
  languageDisplayName,
  raffleRecordPath,
  type RaffleDefinition,
  type RaffleHistoryEntry,
  type RaffleRecord,
  type RaffleStanding,
} from '../../../contracts/raffle';
import { RAFFLE_ALGORITHM_CODE, RAFFLE_ALGORITHM_VERSION, RAFFLE_ALGORITHM_WORDS, seedCommitment } from '../../../contracts/raffle-draw';
import type { Db, DbOrTrx } from '../../db';
import { AppError } from '../../errors';
import { clock } from '../../clock';
import { raffleStatus, toTournaments, type TournamentRow } from '../tournaments';
import { wageredBy } from '../wallet';
import { ticketsFor } from './tickets';

export const recordLink = (siteUrl: string, ref: string, language?: string) => `${siteUrl.replace(/\/$/, '')}${raffleRecordPath(ref, language)}`;

const windowOf = async (db: DbOrTrx, row: TournamentRow) => ({
  start: row.start_at,
  end: row.end_at,
  games: (await db.selectFrom('tournament_games').select('game_code').where('tournament_id', '=', row.id).where('is_enabled', '=', true).execute()).map(
    (g) => g.game_code,
  ),
});

/** Raffle rows as the wire's Tournament, status read off the clock, result linking the record page. */
export async function toRaffleEntities(db: DbOrTrx, rows: TournamentRow[], now: Date, siteUrl: string, language?: string): Promise<Tournament[]> {
  const withStatus = rows.map((r) => ({ ...r, status: raffleStatus(r, now) }));
  return toTournaments(db, withStatus, (r) => (r.status === 'DRAWN' ? recordLink(siteUrl, r.ref, language) : null));
}

/** Creates a raffle with a fresh server seed; its commitment is public from now on. */
export async function createRaffle(
  db: Db,
  def: RaffleDefinition,
  /** Runs in the creating transaction (the back-office writes its audit row there). */
  within?: (trx: DbOrTrx, created: { id: number; ref: string }) => Promise<void>,
): Promise<{ id: number; ref: string; commitment: string }> {
  if (def.games.length > 0) {
    const known = await db.selectFrom('games').select('code').where('code', 'in', def.games).execute();
    const missing = def.games.filter((g) => !known.some((k) => k.code === g));
    if (missing.length > 0) throw new AppError('REQUEST_VALIDATION_ERROR', `Unknown game codes: ${missing.join(', ')}`);
  }
  const serverSeed = randomBytes(32).toString('hex');
  const commitment = seedCommitment(serverSeed);
  return db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('tournaments').select('id').where('ref', '=', def.ref).executeTakeFirst();
    if (taken) throw new AppError('REQUEST_VALIDATION_ERROR', `A tournament with ref ${def.ref} exists`);
    const row = await trx
      .insertInto('tournaments')
      .values({
        ref: def.ref,
        kind: 'RAFFLE',
        status: 'SCHEDULED',
        account_ref: def.accountRef,
        base_currency: def.baseCurrency,
        start_at: new Date(def.startDateUtc),
        end_at: new Date(def.endDateUtc),
        draw_at: new Date(def.raffleDrawDate),
        wager_per_entry: def.wagerPerEntry,
        metric: null,
        banner_file_name: def.bannerFileName ?? null,
        brands: JSON.stringify(def.brands),
        prizes: JSON.stringify(def.prizes),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await trx
      .insertInto('tournament_translations')
      .values(
        def.translations.map((t, position) => ({
          tournament_id: id,
          language_code: t.languageCode,
          language_display_name: t.languageDisplayName ?? languageDisplayName(t.languageCode),
          title: t.title,
          description: t.description,
          terms_and_conditions: t.termsAndConditions,
          position,
        })),
      )
      .execute();
    if (def.games.length > 0) {
      await trx
        .insertInto('tournament_games')
        .values(def.games.map((game_code) => ({ tournament_id: id, game_code, icon_file_name: null })))
        .execute();
    }
    await trx.insertInto('raffle_draws').values({ tournament_id: id, server_seed: serverSeed, commitment }).execute();
    if (within) await within(trx, { id, ref: def.ref });
    return { id, ref: def.ref, commitment };
  });
}

const raffles = (db: DbOrTrx) => db.selectFrom('tournaments').selectAll().where('kind', '=', 'RAFFLE');

export async function findRaffle(db: DbOrTrx, ref: string): Promise<TournamentRow | undefined> {
  return raffles(db).where('ref', '=', ref).executeTakeFirst();
}

/**
 * The current raffle: a running one (the one ending first), else the next scheduled one; none
 * when nothing is running or scheduled.
 */
export async function currentRaffleRow(db: DbOrTrx, now: Date): Promise<TournamentRow | undefined> {
  const running = await raffles(db)
    .where('status', '=', 'SCHEDULED')
    .where('start_at', '<=', now)
    .where('end_at', '>', now)
    .orderBy('end_at')
    .orderBy('id')
    .executeTakeFirst();
  if (running) return running;
  return raffles(db).where('status', '=', 'SCHEDULED').where('start_at', '>', now).orderBy('start_at').orderBy('id').executeTakeFirst();
}

export async function raffleStanding(db: Db, accountId: string, now: Date, siteUrl: string): Promise<RaffleStanding> {
  const row = await currentRaffleRow(db, now);
  if (!row) return { raffleMetaData: null, numEntries: 0, wagerPerEntry: 0, amountLeftForNextEntry: 0 };
  const wagerPerEntry = Number(row.wager_per_entry);
  const [[entity], wagered] = await Promise.all([
    toRaffleEntities(db, [row], now, siteUrl),
    now < row.start_at ? Promise.resolve(0) : windowOf(db, row).then((w) => wageredBy(db, accountId, w)),
  ]);
  return { raffleMetaData: entity, wagerPerEntry, ...ticketsFor(wagered, wagerPerEntry) };
}

/** The player's drawn raffles (those they held tickets in), newest draw first. */
export async function raffleHistory(db: Db, accountId: string, siteUrl: string, language?: string): Promise<RaffleHistoryEntry[]> {
  const rows = await db
    .selectFrom('raffle_entries as e')
    .innerJoin('tournaments as t', 't.id', 'e.tournament_id')
    .select(['t.id', 't.ref', 't.draw_at', 'e.prize'])
    .where('e.account_id', '=', accountId)
    .where('t.status', '=', 'DRAWN')
    .orderBy('t.draw_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(200)
    .execute();
  if (rows.length === 0) return [];
  const translations = await db
    .selectFrom('tournament_translations')
    .select(['tournament_id', 'language_code', 'title'])
    .where(
      'tournament_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('tournament_id')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    translations: translations.filter((t) => Number(t.tournament_id) === Number(r.id)).map((t) => ({ languageCode: t.language_code, title: t.title })),
    raffleDrawDate: new Date(r.draw_at!).toISOString(),
    raffleDrawResult: recordLink(siteUrl, r.ref, language),
    prize: Number(r.prize ?? 0),
  }));
}

/** Every raffle, newest first (the public list). */
export async function listRaffles(db: DbOrTrx, now: Date) {
  const rows = await raffles(db).orderBy('start_at', 'desc').orderBy('id', 'desc').limit(500).execute();
  if (rows.length === 0) return [];
  const translations = await db
    .selectFrom('tournament_translations')
    .select(['tournament_id', 'language_code', 'title'])
    .where(
      'tournament_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    ref: r.ref,
    status: raffleStatus(r, now),
    startDateUtc: r.start_at.toISOString(),
    endDateUtc: r.end_at.toISOString(),
    raffleDrawDate: new Date(r.draw_at!).toISOString(),
    translations: translations.filter((t) => Number(t.tournament_id) === Number(r.id)).map((t) => ({ languageCode: t.language_code, title: t.title })),
  }));
}

/** The public record of a raffle; the seed, list and winners appear once it is drawn. */
export async function raffleRecord(db: DbOrTrx, ref: string, now: Date): Promise<RaffleRecord | null> {
  const row = await findRaffle(db, ref);
  if (!row) return null;
  const [draw, translations, games] = await Promise.all([
    db.selectFrom('raffle_draws').selectAll().where('tournament_id', '=', row.id).executeTakeFirstOrThrow(),
    db.selectFrom('tournament_translations').select(['language_code', 'title']).where('tournament_id', '=', row.id).orderBy('position').execute(),
    db.selectFrom('tournament_games').select('game_code').where('tournament_id', '=', row.id).orderBy('id').execute(),
  ]);
  const drawn = row.status === 'DRAWN' && draw.drawn_at !== null;
  return {
    ref: row.ref,
    status: raffleStatus(row, now),
    startDateUtc: row.start_at.toISOString(),
    endDateUtc: row.end_at.toISOString(),
    raffleDrawDate: new Date(row.draw_at!).toISOString(),
    translations: translations.map((t) => ({ languageCode: t.language_code, title: t.title })),
    baseCurrency: row.base_currency,
    wagerPerEntry: Number(row.wager_per_entry),
    games: games.map((g) => g.game_code),
    prizes: row.prizes,
    commitment: draw.commitment,
    serverSeed: drawn ? draw.server_seed : null,
    ticketListHash: drawn ? draw.ticket_list_hash : null,
    tickets: drawn ? draw.tickets : null,
    totalTickets: drawn ? Number(draw.total_tickets) : null,
    winners: drawn ? (draw.winners ?? []) : [],
    drawnAtUtc: drawn ? new Date(draw.drawn_at!).toISOString() : null,
    algorithm: { version: RAFFLE_ALGORITHM_VERSION, description: RAFFLE_ALGORITHM_WORDS, code: RAFFLE_ALGORITHM_CODE },
  };
}

/** Cancels a raffle that is not drawn yet: it is never drawn, nothing is paid. */
export async function cancelRaffle(db: Db, ref: string): Promise<'CANCELLED' | 'NOT_FOUND' | 'ALREADY_FINAL'> {
  const row = await findRaffle(db, ref);
  if (!row) return 'NOT_FOUND';
  const updated = await db
    .updateTable('tournaments')
    .set({ status: 'CANCELLED', updated_at: clock.now() })
    .where('id', '=', row.id)
    .where('status', 'in', ['DRAFT', 'SCHEDULED'])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? 'CANCELLED' : 'ALREADY_FINAL';
}

export { windowOf };
