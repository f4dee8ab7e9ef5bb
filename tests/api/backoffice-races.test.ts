import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGames } from '../../server/modules/games/service';
import { clearLobbyCache } from '../../server/modules/tournaments/lobby';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestStaff, type TestStaff } from '../support/staff';

const db = onPostgres ? 'PostgreSQL' : 'PGlite';

/**
 * Races from the back-office (docs/decisions/0019-back-office.md): content staff create, edit the texts of and cancel leaderboard
 * races with the same contract as `tournament:create`; the race shows in the player's lobby; every
 * change writes its audit row in the same transaction; bad input is refused with a catalogue code and
 * changes nothing. (Who may call each route is in backoffice.test.ts's role matrix.)
 */
describe(`back-office races (${db})`, () => {
  let t: TestApp;
  let content: TestStaff;
  const texts = (title: string) => [
    { languageCode: 'default', languageDisplayName: '日本語', title, description: '説明', termsAndConditions: '規約' },
    { languageCode: 'ja', languageDisplayName: '日本語', title, description: '説明', termsAndConditions: '規約' },
    { languageCode: 'en', languageDisplayName: 'English', title: `${title} (en)`, description: 'About', termsAndConditions: 'Terms' },
  ];
  const raceDef = (over: Record<string, unknown> = {}) => ({
    ref: `bo-race-${randomUUID().slice(0, 8)}`,
    metric: 'WAGERED',
    startDateUtc: new Date(Date.now() - 3600_000).toISOString(),
    endDateUtc: new Date(Date.now() + 7 * 86400_000).toISOString(),
    prizes: [
      { rank: 1, amount: 5000 },
      { rank: 2, amount: 2000 },
    ],
    games: [{ gameCode: 'roulette-european' }],
    translations: texts('週末レース'),
    ...over,
  });
  const counts = async () => ({
    races: Number(
      (
        await t.testDb.db
          .selectFrom('tournaments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    audit: Number(
      (
        await t.testDb.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const lastAudit = () => t.testDb.db.selectFrom('audit_log').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_RATE_LIMIT: '1000' });
    await seedGames(t.testDb.db);
    content = await createTestStaff(t, 'races@staff.test', 'content');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a race that shows in the lobby in both languages, with its audit row', async () => {
    const def = raceDef();
    const res = await t.api({ method: 'POST', url: '/backoffice/races', headers: content.headers, payload: def });
    expect(res.statusCode, res.body).toBe(200);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ actor: 'races@staff.test', role: 'content', action: 'race.create', target: `race:${def.ref}` });
    expect((audit.after as { ref: string }).ref).toBe(def.ref);

    const list = await t.api({ method: 'GET', url: '/backoffice/races', headers: content.headers });
    expect(list.json().races.find((r: { ref: string }) => r.ref === def.ref)).toMatchObject({ status: 'SCHEDULED', metric: 'WAGERED', title: '週末レース' });

    clearLobbyCache();
    for (const [lang, title] of [
      ['ja', '週末レース'],
      ['en', '週末レース (en)'],
    ] as const) {
      const lobby = await t.api({ method: 'GET', url: `/tournaments?languageCode=${lang}` });
      expect(lobby.statusCode).toBe(200);
      expect(lobby.json().tournaments.find((x: { tournamentRef?: string; ref?: string; title: string }) => x.title === title)).toBeTruthy();
    }
  });

  it('refuses bad input with a catalogue code and changes nothing', async () => {
    const taken = raceDef();
    expect((await t.api({ method: 'POST', url: '/backoffice/races', headers: content.headers, payload: taken })).statusCode).toBe(200);
    const before = await counts();
    const bad: Array<Record<string, unknown>> = [
      raceDef({ ref: 'Not A Ref' }),
      raceDef({ endDateUtc: new Date(Date.now() - 7200_000).toISOString() }),
      raceDef({ prizes: [] }),
      raceDef({
        prizes: [
          { rank: 1, amount: 10 },
          { rank: 1, amount: 5 },
        ],
      }),
      raceDef({ games: [{ gameCode: 'no-such-game' }] }),
      raceDef({ translations: [...texts('x'), texts('y')[2]] }),
      raceDef({ metric: 'FASTEST' }),
      { ...raceDef(), surprise: true },
      { ...raceDef(), ref: taken.ref },
    ];
    for (const payload of bad) {
      const res = await t.api({ method: 'POST', url: '/backoffice/races', headers: content.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('REQUEST_VALIDATION_ERROR');
    }
    expect(await counts()).toEqual(before);
  });

  it('edits a race’s texts in both languages, audited with before and after; refuses bad edits', async () => {
    const def = raceDef();
    await t.api({ method: 'POST', url: '/backoffice/races', headers: content.headers, payload: def });
    const edit = await t.api({
      method: 'POST',
      url: `/backoffice/races/${def.ref}`,
      headers: content.headers,
      payload: { translations: texts('新しいレース'), reason: 'typo' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'race.update', target: `race:${def.ref}`, reason: 'typo' });
    expect((audit.before as { translations: Array<{ title: string }> }).translations[0]!.title).toBe('週末レース');
    clearLobbyCache();
    const en = await t.api({ method: 'GET', url: '/tournaments?languageCode=en' });
    expect(en.json().tournaments.some((x: { title: string }) => x.title === '新しいレース (en)')).toBe(true);

    const before = await counts();
    const noReason = await t.api({ method: 'POST', url: `/backoffice/races/${def.ref}`, headers: content.headers, payload: { translations: texts('z') } });
    expect(noReason.json().code).toBe('REQUEST_VALIDATION_ERROR');
    const none = await t.api({ method: 'POST', url: `/backoffice/races/${def.ref}`, headers: content.headers, payload: { translations: [], reason: 'x' } });
    expect(none.json().code).toBe('REQUEST_VALIDATION_ERROR');
    const missing = await t.api({
      method: 'POST',
      url: '/backoffice/races/no-such-race',
      headers: content.headers,
      payload: { translations: texts('z'), reason: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect(await counts()).toEqual(before);
  });

  it('cancels a race once (audited); a cancelled race is neither cancelled nor edited again', async () => {
    const def = raceDef();
    await t.api({ method: 'POST', url: '/backoffice/races', headers: content.headers, payload: def });
    const res = await t.api({ method: 'POST', url: `/backoffice/races/${def.ref}/cancel`, headers: content.headers, payload: { reason: 'wrong prizes' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'race.cancel', target: `race:${def.ref}`, reason: 'wrong prizes' });
    const row = await t.testDb.db.selectFrom('tournaments').select('status').where('ref', '=', def.ref).executeTakeFirstOrThrow();
    expect(row.status).toBe('CANCELLED');

    const before = await counts();
    const again = await t.api({ method: 'POST', url: `/backoffice/races/${def.ref}/cancel`, headers: content.headers, payload: { reason: 'again' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('REQUEST_VALIDATION_ERROR');
    const edit = await t.api({
      method: 'POST',
      url: `/backoffice/races/${def.ref}`,
      headers: content.headers,
      payload: { translations: texts('z'), reason: 'x' },
    });
    expect(edit.json().code).toBe('REQUEST_VALIDATION_ERROR');
    const noReason = await t.api({ method: 'POST', url: `/backoffice/races/${def.ref}/cancel`, headers: content.headers, payload: {} });
    expect(noReason.json().code).toBe('REQUEST_VALIDATION_ERROR');
    expect(await counts()).toEqual(before);
  });
});
