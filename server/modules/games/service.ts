import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import { listedGame, type Game, type GameDefinition } from '../../../contracts/games';
import type { Language } from '../../../contracts/constants';
import type { Db, DbOrTrx } from '../../db';
import { loadCatalogue, type CatalogueEntry } from './catalogue';
import type { GamesTables } from './tables';
import { clock } from '../../clock';

/** The catalogue as stored: games and the versions of their maths. */

export const definitionHash = (definition: GameDefinition) => createHash('sha256').update(JSON.stringify(definition)).digest('hex').slice(0, 32);

/** A games row as read (every column but updated_at). */
export type GameRow = Omit<Selectable<GamesTables['games']>, 'updated_at'>;

export function toGame(row: GameRow, language: Language): Game {
  return listedGame(
    {
      gameCode: row.code,
      titles: row.titles,
      tags: row.tags,
      kind: row.kind,
      orientation: row.orientation,
      isDemoAvailable: row.is_demo_available,
      imagePath: row.image_path,
    },
    language,
  );
}

const gameColumns = [
  'code',
  'kind',
  'titles',
  'tags',
  'orientation',
  'is_demo_available',
  'is_enabled',
  'image_path',
  'sort_order',
  'rtp',
  'definition_hash',
] as const;

export async function listGames(db: Db, language: Language): Promise<Game[]> {
  const rows = await db.selectFrom('games').select(gameColumns).where('is_enabled', '=', true).orderBy('sort_order').orderBy('code').execute();
  return rows.map((r) => toGame(r, language));
}

export async function findGame(db: DbOrTrx, code: string): Promise<GameRow | undefined> {
  return db.selectFrom('games').select(gameColumns).where('code', '=', code).executeTakeFirst();
}

/** Definitions never change under a hash, so they are cached for the life of the process. */
const definitions = new Map<string, GameDefinition>();

export async function definitionOf(db: DbOrTrx, hash: string): Promise<GameDefinition> {
  const hit = definitions.get(hash);
  if (hit) return hit;
  const row = await db.selectFrom('game_definitions').select('definition').where('hash', '=', hash).executeTakeFirstOrThrow();
  const def = (typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition) as GameDefinition;
  definitions.set(hash, def);
  return def;
}

/** Adds or updates one game (its maths become a new version when they change). */
export async function upsertGame(db: Db, entry: CatalogueEntry, opts: { keepOperatorFields: boolean }): Promise<void> {
  const hash = definitionHash(entry.definition);
  await db
    .insertInto('game_definitions')
    .values({ hash, game_code: entry.gameCode, definition: JSON.stringify(entry.definition) })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  const values = {
    code: entry.gameCode,
    kind: entry.definition.kind,
    titles: entry.titles ? JSON.stringify(entry.titles) : null,
    tags: JSON.stringify(entry.tags),
    orientation: entry.orientation,
    is_demo_available: entry.isDemoAvailable,
    is_enabled: entry.isEnabled,
    image_path: entry.imagePath,
    sort_order: entry.sortOrder,
    rtp: entry.rtp,
    definition_hash: hash,
  };
  await db
    .insertInto('games')
    .values(values)
    .onConflict((oc) =>
      oc.column('code').doUpdateSet(
        // At start-up the data file refreshes the maths and art but leaves what the operator changed by command.
        opts.keepOperatorFields
          ? { kind: values.kind, rtp: values.rtp, definition_hash: hash, image_path: values.image_path, updated_at: clock.now() }
          : { ...values, updated_at: clock.now() },
      ),
    )
    .execute();
}

/** Seed step: loads catalogue.json into the games table (idempotent). */
export async function seedGames(db: Db): Promise<void> {
  for (const entry of loadCatalogue()) await upsertGame(db, entry, { keepOperatorFields: true });
}

/** Every game's declared RTP, by code. */
export async function declaredRtps(db: DbOrTrx): Promise<Map<string, number>> {
  const rows = await db.selectFrom('games').select(['code', 'rtp']).execute();
  return new Map(rows.map((r) => [r.code, Number(r.rtp)]));
}
