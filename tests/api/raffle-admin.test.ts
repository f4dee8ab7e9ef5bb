import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyRaffleRecord } from '../../contracts/raffle-draw';
import { runAdmin } from '../../server/admin';
import { clock } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { seedGames } from '../../server/modules/games/service';
import { ensureWeeklyRaffle, seedRaffles, weekStart } from '../../server/modules/raffle/demo';
import { currentRaffleRow, findRaffle, raffleRecord } from '../../server/modules/raffle/service';
import { coinSeamlessWallet as wallet } from '../../server/modules/house/seamless-wallet';
import { postMovement } from '../../server/modules/wallet';
import { createTestDb, onPostgres, type TestDb } from '../support/db';
import { createTestPlayer } from '../support/players';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe(`raffle operator commands and demo raffles (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestDb;
  const dir = mkdtempSync(path.join(tmpdir(), 'raffle-admin-'));
  const accountRef = `test-${randomUUID().slice(0, 8)}`;
  const siteDir = path.join(dir, 'site');
  beforeAll(async () => {
    t = await createTestDb();
    await seedGames(t.db);
  });
  afterEach(() => clock.reset());
  afterAll(async () => {
    await t.drop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(path.resolve('public', 'banners', accountRef), { recursive: true, force: true });
  });

  const run = async (name: string, ...args: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin([name, ...args], { db: t.db, config: loadConfig({ NODE_ENV: 'test', SITE_DIR: siteDir }), out: (l) => lines.push(l) });
    return { code, output: lines.join('\n') };
  };
  const file = (name: string, content: string | Buffer) => {
    const p = path.join(dir, name);
    writeFileSync(p, content);
    return p;
  };
  const definition = (ref: string, start: number, extra: Record<string, unknown> = {}) => ({
    ref,
    accountRef,
    startDateUtc: new Date(start).toISOString(),
    endDateUtc: new Date(start + HOUR).toISOString(),
    raffleDrawDate: new Date(start + 2 * HOUR).toISOString(),
    wagerPerEntry: 100,
    prizes: [{ amount: 1_000, count: 2 }],
    translations: [
      { languageCode: 'ja', title: '管理テスト', description: '説明' },
      { languageCode: 'en', title: 'Admin test', description: 'About it' },
      { languageCode: 'default', title: 'Admin test' },
    ],
    ...extra,
  });

  it('raffle:create validates the file, copies its banner and publishes the commitment', async () => {
    const svg = file('banner.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="5"><rect width="10" height="5"/></svg>');
    const start = Date.now() + DAY;
    const created = await run(
      'raffle:create',
      file('good.json', JSON.stringify(definition('admin-good', start, { banner: path.basename(svg), games: ['slot-neon-sevens'] }))),
    );
    expect(created.code, created.output).toBe(0);
    const row = (await findRaffle(t.db, 'admin-good'))!;
    expect(row).toMatchObject({ kind: 'RAFFLE', status: 'SCHEDULED', banner_file_name: 'banner.svg', account_ref: accountRef, wager_per_entry: 100 });
    const rec = (await raffleRecord(t.db, 'admin-good', clock.now()))!;
    expect(created.output).toContain(rec.commitment);
    expect(rec.games).toEqual(['slot-neon-sevens']);
    expect(readFileSync(path.resolve('public', 'banners', accountRef, 'banner.svg'), 'utf8')).toContain('<svg');
    const listed = await run('raffle:list');
    expect(listed.output).toMatch(/admin-good\s+SCHEDULED/);
  });

  it('raffle:create refuses a bad definition or banner and creates nothing', async () => {
    const start = Date.now() + DAY;
    const notImage = file('fake.png', 'not a png');
    const cases = [
      file('bad-json.json', '{ not json'),
      file('bad-dates.json', JSON.stringify(definition('admin-bad-1', start, { endDateUtc: new Date(start - 1).toISOString() }))),
      file('bad-prize.json', JSON.stringify(definition('admin-bad-2', start, { prizes: [] }))),
      file('bad-banner.json', JSON.stringify(definition('admin-bad-3', start, { banner: path.basename(notImage) }))),
      file('missing-banner.json', JSON.stringify(definition('admin-bad-4', start, { banner: 'nowhere.png' }))),
      file('bad-game.json', JSON.stringify(definition('admin-bad-5', start, { games: ['no-such-game'] }))),
    ];
    for (const f of cases) expect((await run('raffle:create', f)).code, f).toBe(1);
    for (let i = 1; i <= 5; i++) expect(await findRaffle(t.db, `admin-bad-${i}`)).toBeUndefined();
    expect((await run('raffle:create')).code).toBe(2);
  });

  it('raffle:cancel cancels an undrawn raffle; raffle:draw draws only a due one, once, crediting the prizes', async () => {
    const start = Date.now() - 3 * HOUR;
    await run('raffle:create', file('due.json', JSON.stringify(definition('admin-due', start))));
    await run('raffle:create', file('cancel.json', JSON.stringify(definition('admin-cancel', Date.now() + DAY))));
    const p = await createTestPlayer(t.db);
    await postMovement(t.db, { accountId: p.id, type: 'ADJUSTMENT', amount: 1_000, idempotencyKey: `f-${randomUUID()}`, reason: 't' });
    clock.setAt(new Date(start + 60_000));
    await wallet.bet(t.db, { provider: 'ext', txId: randomUUID(), roundId: randomUUID(), accountId: p.id, amount: 300, gameCode: 'slot-neon-sevens' });
    clock.reset();
    expect((await run('raffle:cancel', 'admin-cancel')).code).toBe(0);
    expect((await findRaffle(t.db, 'admin-cancel'))!.status).toBe('CANCELLED');
    expect((await run('raffle:cancel', 'admin-cancel')).code).toBe(1);
    expect((await run('raffle:draw', 'admin-cancel')).code).toBe(1);
    expect((await run('raffle:draw', 'admin-good')).output).toMatch(/not due/);
    const drawn = await run('raffle:draw', 'admin-due');
    expect(drawn.code, drawn.output).toBe(0);
    expect(drawn.output).toMatch(/3 tickets, 1 winners/);
    expect((await run('raffle:draw', 'admin-due')).code).toBe(1);
    const prizes = await t.db.selectFrom('wallet_journal').select('amount').where('account_id', '=', p.id).where('type', '=', 'RAFFLE_PRIZE').execute();
    expect(prizes.map((x) => x.amount)).toEqual([1_000]);
  });

  it('seeds a weekly raffle that is always running and one drawn raffle whose record verifies; seeding twice adds nothing', async () => {
    const now = new Date(Date.now() + 30 * DAY);
    await seedRaffles(t.db, now);
    await seedRaffles(t.db, now);
    const weekly = (await currentRaffleRow(t.db, now))!;
    expect(weekly.ref).toBe(`weekly-${weekStart(now).toISOString().slice(0, 10)}`);
    expect(weekly.start_at <= now && now < weekly.end_at).toBe(true);
    const count = await t.db
      .selectFrom('tournaments')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('ref', 'like', 'weekly-%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    const demo = (await raffleRecord(t.db, 'demo-drawn-raffle', now))!;
    expect(demo.status).toBe('DRAWN');
    expect(demo.totalTickets).toBe(12 + 7 + 4 + 1);
    const check = verifyRaffleRecord({ ...demo, serverSeed: demo.serverSeed!, ticketListHash: demo.ticketListHash!, tickets: demo.tickets! });
    expect(check).toMatchObject({ commitmentMatches: true, ticketListHashMatches: true, winnersMatch: true });
    // A week later the next check creates the next week's raffle as the first one closes.
    const next = new Date(weekly.end_at.getTime());
    const ref = await ensureWeeklyRaffle(t.db, next);
    expect(ref).not.toBe(weekly.ref);
    expect((await currentRaffleRow(t.db, next))!.ref).toBe(ref);
    expect(existsSync(path.resolve('public', 'banners', 'coin-casino', 'weekly-raffle.svg'))).toBe(true);
  });
});
