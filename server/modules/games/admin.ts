import type { GameTitles } from '../../../contracts/games';
import type { DbOrTrx } from '../../db';
import type { GameUpdateSchema } from '../../../contracts/backoffice';
import { LANGUAGES } from '../../../contracts/languages';
import { UsageError, type AdminCommand } from '../../admin-command';
import { CatalogueEntrySchema, loadCatalogue } from './catalogue';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { upsertGame } from './service';
import { clock } from '../../clock';

/**
 * Operator commands for the games catalogue (`npm run admin -- games:...`). The data file
 * server/modules/games/catalogue.json is the other way in: `games:import` reloads it.
 */
const TAG = /^[A-Za-z0-9_]+$/;

async function setGame(db: Parameters<AdminCommand['run']>[0]['db'], code: string | undefined, values: Record<string, unknown>, out: (l: string) => void) {
  if (!code) throw new UsageError();
  const res = await db
    .updateTable('games')
    .set({ ...values, updated_at: clock.now() })
    .where('code', '=', code)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) {
    out(`No game ${code}.`);
    return 1;
  }
  out(`Updated ${code}.`);
  return 0;
}

const onOff = (v: string | undefined) => {
  if (v === 'on') return true;
  if (v === 'off') return false;
  throw new UsageError();
};

export const gamesCommands: Record<string, AdminCommand> = {
  'games:list': {
    usage: 'games:list',
    description: 'List the games: code, kind, enabled, demo, tags, declared RTP, titles.',
    async run({ db, out }) {
      const rows = await db.selectFrom('games').selectAll().orderBy('sort_order').orderBy('code').execute();
      for (const g of rows) {
        const titles = g.titles as GameTitles | null;
        out(
          `${g.code.padEnd(26)} ${g.kind.padEnd(9)} ${g.is_enabled ? 'enabled ' : 'DISABLED'} demo:${g.is_demo_available ? 'on ' : 'off'} ${(g.tags as string[]).join(',').padEnd(14)} rtp ${(g.rtp * 100).toFixed(2)}% ${titles ? Object.values(titles).join(' / ') : '(built-in title)'}`,
        );
      }
      out(`${rows.length} games.`);
      return 0;
    },
  },
  'games:enable': {
    usage: 'games:enable <code>',
    description: 'Make a game visible and launchable.',
    run: ({ db, out }, [code]) => setGame(db, code, { is_enabled: true }, out),
  },
  'games:disable': {
    usage: 'games:disable <code>',
    description: 'Hide a game and refuse its launches (GAME_NOT_AVAILABLE).',
    run: ({ db, out }, [code]) => setGame(db, code, { is_enabled: false }, out),
  },
  'games:demo': {
    usage: 'games:demo <code> on|off',
    description: 'Allow or refuse demo play (PTS) of a game.',
    run: ({ db, out }, [code, v]) => setGame(db, code, { is_demo_available: onOff(v) }, out),
  },
  'games:tags': {
    usage: 'games:tags <code> <TAG,TAG,...>',
    description: 'Set the category tags of a game (upper-cased: FEATURED, SLOT, LIVE, ...).',
    async run({ db, out }, [code, list]) {
      const tags = (list ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      if (!tags.length || !tags.every((t) => TAG.test(t))) throw new UsageError();
      return setGame(db, code, { tags: JSON.stringify(tags.map((t) => t.toUpperCase())) }, out);
    },
  },
  'games:title': {
    usage: `games:title <code> ${LANGUAGES.map((code) => `<${code} title>`).join(' | ')}   (or "-" to use the built-in title)`,
    description: `Set the titles in the site's languages (${LANGUAGES.join(', ')}), in that order, separated by |.`,
    async run({ db, out }, [code, ...words]) {
      const text = words.join(' ').trim();
      if (!code || !text) throw new UsageError();
      if (text === '-') return setGame(db, code, { titles: null }, out);
      const titles = text.split('|').map((s) => s.trim());
      if (titles.length !== LANGUAGES.length || titles.some((t) => !t)) throw new UsageError();
      return setGame(db, code, { titles: JSON.stringify(Object.fromEntries(LANGUAGES.map((lang, i) => [lang, titles[i]]))) }, out);
    },
  },
  'games:import': {
    usage: 'games:import [file.json]',
    description: 'Load the catalogue data file (default server/modules/games/catalogue.json), overwriting every field.',
    async run({ db, out }, [file]) {
      const entries = file ? z.array(CatalogueEntrySchema).parse(JSON.parse(readFileSync(file, 'utf8'))) : loadCatalogue();
      for (const entry of entries) await upsertGame(db, entry, { keepOperatorFields: false });
      out(`Imported ${entries.length} games.`);
      return 0;
    },
  },
};

/** GET /backoffice/games: every game as staff edit it, in catalogue order. */
export async function staffGameList(db: DbOrTrx) {
  const rows = await db.selectFrom('games').selectAll().orderBy('sort_order').orderBy('code').execute();
  return rows.map((g) => ({ code: g.code, kind: g.kind, enabled: g.is_enabled, demo: g.is_demo_available, tags: g.tags, titles: g.titles, rtp: g.rtp }));
}

/**
 * POST /backoffice/games/:code: switches, titles and tags changed in the caller's transaction (its
 * audit row goes in the same one). Answers what was there before, undefined for an unknown game.
 */
export async function updateGame(trx: DbOrTrx, code: string, b: z.infer<typeof GameUpdateSchema>) {
  const before = await trx
    .selectFrom('games')
    .select(['is_enabled', 'is_demo_available', 'titles', 'tags'])
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await trx
    .updateTable('games')
    .set({
      ...(b.enabled !== undefined ? { is_enabled: b.enabled } : {}),
      ...(b.demo !== undefined ? { is_demo_available: b.demo } : {}),
      ...(b.titles ? { titles: JSON.stringify(b.titles) } : {}),
      ...(b.tags ? { tags: JSON.stringify(b.tags) } : {}),
      updated_at: clock.now(),
    })
    .where('code', '=', code)
    .execute();
  return { enabled: before.is_enabled, demo: before.is_demo_available, titles: before.titles, tags: before.tags };
}
