import { readFileSync } from 'node:fs';
import { UsageError, type AdminCommand } from '../../admin-command';
import { RaceFileSchema } from '../../../contracts/lobby';
import { clock } from '../../clock';
import type { Db, DbOrTrx } from '../../db';
import { settleRaces } from './races';

/**
 * Operator commands for tournaments (`npm run admin -- tournament:...`). `tournament:create` makes
 * leaderboard races from a JSON file (contracts/lobby.ts RaceFileSchema; an example is in
 * docs/lobby-launcher.md); raffles are made with the raffle commands.
 */
export async function createRace(
  db: Db,
  input: unknown,
  /** Runs in the creating transaction (the back-office writes its audit row there). */
  within?: (trx: DbOrTrx, created: { id: number; ref: string }) => Promise<void>,
): Promise<{ id: number; ref: string } | { errors: string[] }> {
  const parsed = RaceFileSchema.safeParse(input);
  if (!parsed.success) return { errors: parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`) };
  const race = parsed.data;
  const codes = race.games.map((g) => g.gameCode);
  const known = await db.selectFrom('games').select('code').where('code', 'in', codes).execute();
  const missing = codes.filter((c) => !known.some((k) => k.code === c));
  if (missing.length) return { errors: [`games: unknown game ${missing.join(', ')}`] };
  if (new Set(codes).size !== codes.length) return { errors: ['games: each game once'] };
  const taken = await db.selectFrom('tournaments').select('id').where('ref', '=', race.ref).executeTakeFirst();
  if (taken) return { errors: [`ref: ${race.ref} exists already`] };
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('tournaments')
      .values({
        ref: race.ref,
        kind: 'RACE',
        status: race.status,
        account_ref: race.accountRef,
        start_at: new Date(race.startDateUtc),
        end_at: new Date(race.endDateUtc),
        metric: race.metric,
        banner_file_name: race.bannerFileName,
        brands: JSON.stringify(race.brands),
        prizes: JSON.stringify([...race.prizes].sort((a, b) => a.rank - b.rank)),
        created_at: now,
        updated_at: now,
      })
      .returning(['id', 'ref'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('tournament_translations')
      .values(
        race.translations.map((t, position) => ({
          tournament_id: Number(row.id),
          language_code: t.languageCode,
          language_display_name: t.languageDisplayName,
          title: t.title,
          description: t.description,
          terms_and_conditions: t.termsAndConditions,
          position,
        })),
      )
      .execute();
    await trx
      .insertInto('tournament_games')
      .values(race.games.map((g) => ({ tournament_id: Number(row.id), game_code: g.gameCode, icon_file_name: g.iconFileName })))
      .execute();
    const created = { id: Number(row.id), ref: row.ref };
    if (within) await within(trx, created);
    return created;
  });
}

export type RaceCancelResult = 'CANCELLED' | 'NOT_FOUND' | 'NOT_A_RACE' | 'ALREADY_FINAL';

/** Cancels a race that is not paid yet (no prize is paid). Pass a transaction to audit alongside. */
export async function cancelRace(db: DbOrTrx, ref: string): Promise<{ result: RaceCancelResult; status?: string }> {
  const row = await db.selectFrom('tournaments').select(['kind', 'status']).where('ref', '=', ref).executeTakeFirst();
  if (!row) return { result: 'NOT_FOUND' };
  if (row.kind !== 'RACE') return { result: 'NOT_A_RACE', status: row.status };
  // Same guard as the payout's claim: whichever commits first wins, never both.
  const res = await db
    .updateTable('tournaments')
    .set({ status: 'CANCELLED', updated_at: clock.now() })
    .where('ref', '=', ref)
    .where('status', 'in', ['DRAFT', 'SCHEDULED', 'ACTIVE', 'CLOSED'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 0 ? { result: 'ALREADY_FINAL', status: row.status } : { result: 'CANCELLED', status: row.status };
}

export const tournamentCommands: Record<string, AdminCommand> = {
  'tournament:create': {
    usage: 'tournament:create <file.json>',
    description: 'Create a leaderboard race from a JSON file (see docs/lobby-launcher.md).',
    async run({ db, out }, [file]) {
      if (!file) throw new UsageError();
      let input: unknown;
      try {
        input = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        out(`Cannot read ${file}: ${(error as Error).message}`);
        return 1;
      }
      const result = await createRace(db, input);
      if ('errors' in result) {
        for (const e of result.errors) out(`Refused: ${e}`);
        return 1;
      }
      out(`Created race ${result.ref} (id ${result.id}).`);
      return 0;
    },
  },
  'tournament:list': {
    usage: 'tournament:list',
    description: 'List tournaments (races and raffles): ref, kind, status, window, games, prizes.',
    async run({ db, out }) {
      const rows = await db.selectFrom('tournaments').selectAll().orderBy('start_at', 'desc').execute();
      const games = await db.selectFrom('tournament_games').select(['tournament_id', 'game_code']).execute();
      if (rows.length === 0) out('No tournaments.');
      for (const t of rows) {
        const codes = games.filter((g) => Number(g.tournament_id) === Number(t.id)).map((g) => g.game_code);
        const prizes = (t.prizes as Array<{ rank?: number; count?: number; amount: number }>)
          .map((p) => (p.rank ? `#${p.rank}:${p.amount}` : `${p.count ?? 1}x${p.amount}`))
          .join(' ');
        out(
          `${t.ref.padEnd(28)} ${t.kind.padEnd(6)} ${t.status.padEnd(9)} ${new Date(t.start_at).toISOString()} -> ${new Date(t.end_at).toISOString()} ${t.metric ?? ''} games:${codes.join(',')} prizes:${prizes}`,
        );
      }
      return 0;
    },
  },
  'tournament:cancel': {
    usage: 'tournament:cancel <ref>',
    description: 'Cancel a race that is not paid yet (no prize is paid; raffles: use the raffle commands).',
    async run({ db, out }, [ref]) {
      if (!ref) throw new UsageError();
      const { result, status } = await cancelRace(db, ref);
      if (result === 'NOT_FOUND') {
        out(`No tournament ${ref}.`);
        return 1;
      }
      if (result === 'NOT_A_RACE') {
        out(`${ref} is a raffle: cancel it with the raffle commands.`);
        return 1;
      }
      if (result === 'ALREADY_FINAL') {
        out(`${ref} is ${status}: it cannot be cancelled.`);
        return 1;
      }
      out(`Cancelled ${ref}.`);
      return 0;
    },
  },
  'tournament:settle': {
    usage: 'tournament:settle',
    description: 'Start, close and pay the races that are due now (the server does it every 15 s).',
    async run({ db, out }) {
      const paid = await settleRaces(db);
      for (const r of paid) out(`Paid ${r.ref}: ${r.paid.length} prizes, ${r.players} players ranked.`);
      if (paid.length === 0) out('Nothing to pay.');
      return 0;
    },
  },
};

export interface RaceTexts {
  languageCode: string;
  languageDisplayName: string;
  title: string;
  description: string;
  termsAndConditions: string;
}

/**
 * Replaces a race's texts (every language at once), inside the caller's transaction. Refused once the
 * race is paid or cancelled: its record is final. Answers the texts it replaced, or why not.
 */
export async function updateRaceTexts(
  trx: DbOrTrx,
  ref: string,
  translations: RaceTexts[],
): Promise<{ before: RaceTexts[] } | { refused: 'NOT_FOUND' | 'FINAL' }> {
  const row = await trx.selectFrom('tournaments').select(['id', 'kind', 'status']).where('ref', '=', ref).forUpdate().executeTakeFirst();
  if (row?.kind !== 'RACE') return { refused: 'NOT_FOUND' };
  if (row.status === 'DRAWN' || row.status === 'CANCELLED') return { refused: 'FINAL' };
  const id = Number(row.id);
  const old = await trx.selectFrom('tournament_translations').selectAll().where('tournament_id', '=', id).orderBy('position').execute();
  await trx.deleteFrom('tournament_translations').where('tournament_id', '=', id).execute();
  await trx
    .insertInto('tournament_translations')
    .values(
      translations.map((t, position) => ({
        tournament_id: id,
        language_code: t.languageCode,
        language_display_name: t.languageDisplayName,
        title: t.title,
        description: t.description,
        terms_and_conditions: t.termsAndConditions,
        position,
      })),
    )
    .execute();
  await trx.updateTable('tournaments').set({ updated_at: clock.now() }).where('id', '=', id).execute();
  return {
    before: old.map((t) => ({
      languageCode: t.language_code,
      languageDisplayName: t.language_display_name,
      title: t.title,
      description: t.description,
      termsAndConditions: t.terms_and_conditions,
    })),
  };
}

/** GET /backoffice/races: the newest 200 races with their texts, as the back-office lists them. */
export async function staffRaceList(db: DbOrTrx) {
  const rows = await db.selectFrom('tournaments').selectAll().where('kind', '=', 'RACE').orderBy('start_at', 'desc').limit(200).execute();
  const texts = rows.length
    ? await db
        .selectFrom('tournament_translations')
        .selectAll()
        .where(
          'tournament_id',
          'in',
          rows.map((x) => x.id),
        )
        .orderBy('position')
        .execute()
    : [];
  return rows.map((x) => {
    const translations = texts
      .filter((t) => Number(t.tournament_id) === Number(x.id))
      .map((t) => ({
        languageCode: t.language_code,
        languageDisplayName: t.language_display_name,
        title: t.title,
        description: t.description,
        termsAndConditions: t.terms_and_conditions,
      }));
    return {
      ref: x.ref,
      status: x.status,
      metric: (x.metric as 'WAGERED' | 'BEST_MULTIPLIER' | null) ?? null,
      startDateUtc: new Date(x.start_at).toISOString(),
      endDateUtc: new Date(x.end_at).toISOString(),
      title: translations.find((t) => t.languageCode === 'default')?.title ?? translations[0]?.title ?? x.ref,
      translations,
    };
  });
}
