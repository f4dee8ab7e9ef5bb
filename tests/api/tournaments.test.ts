import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HouseSessionResponseSchema, PlayResponseSchema } from '../../contracts/games';
import { LobbyResponseSchema, type LobbyTournament, type RaceFile } from '../../contracts/lobby';
import { runAdmin } from '../../server/admin';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { clock } from '../../server/clock';
import { createDb } from '../../server/db';
import { seedDemoContent } from '../../server/db/seed';
import { seedGames } from '../../server/modules/games/service';
import { coinSeamlessWallet as wallet } from '../../server/modules/house/seamless-wallet';
import { createRace } from '../../server/modules/tournaments/admin';
import { clearLobbyCache } from '../../server/modules/tournaments/lobby';
import { payRace, settleRaces } from '../../server/modules/tournaments/races';
import { takeBreak } from '../../server/modules/protection/service';
import { checkConservation, postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { onPostgres } from '../support/db';
import { createTestPlayer, type TestPlayer } from '../support/players';

const dbName = onPostgres ? 'PostgreSQL' : 'PGlite';
const MIN = 60_000;

/**
 * Leaderboard races and the lobby API (docs/decisions/0007-tournaments-lobby.md): points from real-coin play only, inside the
 * window [start, end), refunds left out, ties to whoever got there first, concurrent play ranked
 * right, prizes paid once however many workers try.
 */
describe(`tournaments: races and the lobby (${dbName})`, () => {
  let t: TestApp;
  const db = () => t.testDb.db;
  const slot = 'slot-neon-sevens';
  // A window of our own a little ahead of the real time, so sessions made now stay valid in it.
  const base = Math.ceil((Date.now() + 5 * MIN) / MIN) * MIN;

  const fund = (accountId: string, amount: number) =>
    postMovement(db(), { accountId, type: 'ADJUSTMENT', amount, idempotencyKey: `fund-${randomBytes(6).toString('hex')}`, reason: 'test' });
  const player = async (name?: string) => {
    const p = await createTestPlayer(db(), name ? { displayName: name } : {});
    await fund(p.id, 100_000);
    return p;
  };
  async function session(who: TestPlayer, code = slot) {
    const launch = await t.api({ method: 'GET', url: `/launchgame?gameCode=${code}&language=en`, headers: who.headers });
    expect(launch.statusCode).toBe(200);
    const token = new URL(launch.json().url, 'http://x').searchParams.get('token')!;
    const res = await t.api({ method: 'POST', url: '/house/session', payload: { token } });
    expect(res.statusCode).toBe(200);
    return HouseSessionResponseSchema.parse(res.json()).session;
  }
  async function spin(sessionToken: string, bet = 10) {
    const res = await t.api({ method: 'POST', url: '/house/play', payload: { session: sessionToken, input: { kind: 'slot', bet }, requestId: randomUUID() } });
    expect(res.statusCode, res.body).toBe(200);
    return PlayResponseSchema.parse(res.json());
  }
  const race = async (over: Partial<RaceFile> & { ref: string; start: number; end: number }) => {
    const { start, end, ...rest } = over;
    const made = await createRace(db(), {
      metric: 'WAGERED',
      prizes: [
        { rank: 1, amount: 1000 },
        { rank: 2, amount: 500 },
      ],
      games: [{ gameCode: slot }],
      translations: [
        { languageCode: 'ja', languageDisplayName: '日本語', title: `レース ${rest.ref}`, description: '説明', termsAndConditions: '' },
        { languageCode: 'en', languageDisplayName: 'English', title: `Race ${rest.ref}`, description: 'About it', termsAndConditions: '' },
      ],
      startDateUtc: new Date(start).toISOString(),
      endDateUtc: new Date(end).toISOString(),
      ...rest,
    });
    if ('errors' in made) throw new Error(made.errors.join('; '));
    return made;
  };
  async function lobby(who?: TestPlayer, lang = 'en') {
    clearLobbyCache();
    const res = await t.api({ method: 'GET', url: `/tournaments?languageCode=${lang}`, headers: who?.headers });
    expect(res.statusCode, res.body).toBe(200);
    return LobbyResponseSchema.parse(res.json());
  }
  const find = (l: { tournaments: LobbyTournament[] }, ref: string) => l.tournaments.find((x) => x.tournamentRef === ref);
  const board = async (ref: string, who?: TestPlayer) => find(await lobby(who), ref)!.leaderboard!;

  beforeAll(async () => {
    t = await createTestApp({ PHONE_VERIFICATION_REQUIRED: 'false' });
    await seedGames(db());
  });
  afterEach(() => clock.reset());
  afterAll(() => t.close());

  // First: later tests play the demo race's games inside its window.
  it('demo content: one running race with a live leaderboard, one finished race with its paid results; seeding again changes nothing', async () => {
    await seedDemoContent(db(), t.config);
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('wallet_journal')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const journalRows = await count();
    await seedDemoContent(db(), t.config);
    expect(await count()).toBe(journalRows);
    const l = await lobby(undefined, 'ja');
    const running = find(l, 'demo-sakura-sprint')!;
    expect(running).toMatchObject({ tournamentStatus: 'ACTIVE', title: '桜スプリント', leaderboard: { state: 'LIVE', players: 5 } });
    expect(running.leaderboard!.entries.map((e) => e.points)).toEqual([800, 450, 300, 120, 60]);
    const finished = find(l, 'demo-koi-cup')!;
    expect(finished).toMatchObject({ tournamentStatus: 'DRAWN', leaderboard: { state: 'FINAL', players: 5 } });
    expect(finished.leaderboard!.entries.map((e) => e.prize)).toEqual([5000, 2000, 1000, null, null]);
    expect(find(l, 'demo-lucky-multiplier')).toMatchObject({ tournamentStatus: 'SCHEDULED', metric: 'BEST_MULTIPLIER', leaderboard: null });
    expect((await checkConservation(db())).problems).toEqual([]);
  });
  it('counts a bet settled at the start and one a millisecond before the end, not one a millisecond before the start nor one at the end', async () => {
    const start = base;
    const end = base + 10 * MIN;
    await race({ ref: 'edges', start, end });
    const p = await player();
    clock.setAt(new Date(start - 1));
    const s = await session(p);
    await spin(s, 10); // before the start
    clock.setAt(new Date(start));
    await spin(s, 20); // at the start: counts
    clock.setAt(new Date(end - 1));
    await spin(s, 200); // last millisecond: counts
    clock.setAt(new Date(end));
    await spin(s, 500); // at the end: does not
    clock.setAt(new Date(end - 1));
    const b = await board('edges', p);
    expect(b.entries).toHaveLength(1);
    expect(b.entries[0]).toMatchObject({ rank: 1, points: 220, isYou: true });
    expect(b.you).toEqual({ rank: 1, points: 220 });
  });

  it('leaves out demo play, bets on other games and a refunded bet', async () => {
    const start = base + 20 * MIN;
    const end = start + 10 * MIN;
    await race({ ref: 'exclusions', start, end });
    const p = await player();
    clock.setAt(new Date(start + MIN));
    // Demo play of the race's game: points only, never the journal.
    const demo = await t.api({ method: 'GET', url: `/launch-demo?gameCode=${slot}&currency=PTS&language=en`, headers: p.headers });
    expect(demo.statusCode, demo.body).toBe(200);
    const demoToken = new URL(demo.json().url, 'http://x').searchParams.get('token')!;
    const demoSession = HouseSessionResponseSchema.parse(
      (await t.api({ method: 'POST', url: '/house/session', payload: { token: demoToken } })).json(),
    ).session;
    await spin(demoSession, 10);
    // Another game.
    await spin(await session(p, 'slot-golden-koi'), 25);
    // Through the seamless wallet (as an aggregator's game would): one bet kept, one refunded.
    const kept = { provider: 'ext', txId: `bet-${randomUUID()}`, roundId: randomUUID(), accountId: p.id, amount: 200, gameCode: slot };
    const refunded = { provider: 'ext', txId: `bet-${randomUUID()}`, roundId: randomUUID(), accountId: p.id, amount: 900, gameCode: slot };
    await wallet.bet(db(), kept);
    await wallet.bet(db(), refunded);
    expect((await board('exclusions', p)).you).toEqual({ rank: 1, points: 1100 });
    await wallet.rollback(db(), {
      provider: 'ext',
      txId: `rb-${randomUUID()}`,
      roundId: refunded.roundId,
      accountId: p.id,
      betTxId: refunded.txId,
      gameCode: slot,
    });
    await spin(await session(p), 10);
    const b = await board('exclusions', p);
    expect(b.players).toBe(1);
    expect(b.you).toEqual({ rank: 1, points: 210 });
  });

  it('breaks a tie for whoever reached the score first, and the order flips when the other gets there first', async () => {
    const start = base + 40 * MIN;
    await race({ ref: 'ties', start, end: start + 10 * MIN });
    const [a, b] = [await player('Alice'), await player('Bob')];
    const [sa, sb] = [await session(a), await session(b)];
    clock.setAt(new Date(start + 1000));
    await spin(sa);
    clock.setAt(new Date(start + 2000));
    await spin(sb);
    let lb = await board('ties', a);
    expect(lb.entries.map((e) => [e.points, e.isYou])).toEqual([
      [10, true],
      [10, false],
    ]);
    clock.setAt(new Date(start + 3000));
    await spin(sb);
    clock.setAt(new Date(start + 4000));
    await spin(sa);
    lb = await board('ties', a);
    expect(lb.entries.map((e) => [e.points, e.isYou])).toEqual([
      [20, false],
      [20, true],
    ]);
    expect(lb.you).toEqual({ rank: 2, points: 20 });
  });

  it('ranks concurrent play correctly: eight players spinning at once, player i spinning i+1 times', async () => {
    const start = base + 60 * MIN;
    await race({ ref: 'concurrent', start, end: start + 10 * MIN });
    const players = await Promise.all(Array.from({ length: 8 }, () => player()));
    const sessions = await Promise.all(players.map((p) => session(p)));
    clock.setAt(new Date(start + MIN));
    await Promise.all(sessions.flatMap((s, i) => Array.from({ length: i + 1 }, () => spin(s, 10))));
    const lb = await board('concurrent', players[7]);
    expect(lb.players).toBe(8);
    expect(lb.entries.map((e) => e.points)).toEqual([80, 70, 60, 50, 40, 30, 20, 10]);
    expect(lb.you).toEqual({ rank: 1, points: 80 });
    for (const [i, p] of players.entries()) expect((await board('concurrent', p)).you).toEqual({ rank: 8 - i, points: 10 * (i + 1) });
  });

  it('BEST_MULTIPLIER: the best win / stake of one settled real round', async () => {
    const start = base + 80 * MIN;
    await race({ ref: 'multiplier', metric: 'BEST_MULTIPLIER', start, end: start + 10 * MIN });
    const p = await player();
    const s = await session(p);
    clock.setAt(new Date(start + MIN));
    let best = 0;
    for (let i = 0; i < 25; i++) {
      const r = await spin(s, 10);
      best = Math.max(best, r.win / r.stake);
    }
    expect((await board('multiplier', p)).you).toEqual({ rank: 1, points: Math.round(best * 100) / 100 });
  });

  it('pays the prize table once when the race ends, with two workers racing, and freezes the standings', async () => {
    const start = base + 100 * MIN;
    const end = start + 10 * MIN;
    const { ref } = await race({
      ref: 'payout',
      start,
      end,
      prizes: [
        { rank: 1, amount: 1000 },
        { rank: 2, amount: 500 },
        { rank: 3, amount: 250 },
      ],
    });
    const [a, b] = [await player(), await player()];
    const [sa, sb] = [await session(a), await session(b)];
    clock.setAt(new Date(start + MIN));
    await spin(sa, 50);
    await spin(sb, 20);
    const balances = async () =>
      Promise.all(
        [a, b].map(async (p) => Number((await db().selectFrom('wallets').select('balance').where('account_id', '=', p.id).executeTakeFirstOrThrow()).balance)),
      );
    const before = await balances();

    // Not before the end, nor within the grace after it.
    const refs = (paid: Array<{ ref: string }>) => paid.map((r) => r.ref);
    expect(refs(await settleRaces(db(), new Date(end - 1)))).not.toContain(ref);
    expect(refs(await settleRaces(db(), new Date(end + 1000)))).not.toContain(ref);

    // Two workers (on PostgreSQL: two connection pools, as two API instances) at once.
    const second = onPostgres ? createDb({ databaseUrl: t.testDb.url }) : db();
    try {
      const id = Number((await db().selectFrom('tournaments').select('id').where('ref', '=', ref).executeTakeFirstOrThrow()).id);
      const at = new Date(end + 10_000);
      const results = await Promise.all([payRace(db(), id, at), payRace(second, id, at), settleRaces(second, at), settleRaces(db(), at)]);
      const payouts = results.flat().filter((r) => r?.ref === ref);
      expect(payouts).toHaveLength(1);
    } finally {
      if (second !== db()) await second.destroy();
    }
    expect(await settleRaces(db(), new Date(end + 60_000))).toEqual([]);

    const prizes = await db()
      .selectFrom('wallet_journal')
      .select(['account_id', 'amount'])
      .where('type', '=', 'TOURNAMENT_PRIZE')
      .where('idempotency_key', 'like', `tournament:${ref}:%`)
      .orderBy('amount', 'desc')
      .execute();
    expect(prizes.map((p) => [p.account_id, Number(p.amount)])).toEqual([
      [a.id, 1000],
      [b.id, 500],
    ]);
    const after = await balances();
    expect([after[0] - before[0], after[1] - before[1]]).toEqual([1000, 500]);
    expect((await checkConservation(db())).problems).toEqual([]);

    // Play after the payout changes nothing: the standings are frozen.
    clock.setAt(new Date(end - 1));
    await spin(sb, 500);
    clock.setAt(new Date(end + MIN));
    const shown = find(await lobby(b), ref)!;
    expect(shown.tournamentStatus).toBe('DRAWN');
    expect(shown.leaderboard).toMatchObject({ state: 'FINAL', players: 2, you: { rank: 2, points: 20 } });
    expect(shown.leaderboard!.entries.map((e) => e.prize)).toEqual([1000, 500]);
  });

  it('leaves a player on a break at the payout out of the standings: the next one takes the prize', async () => {
    const start = base + 110 * MIN;
    const end = start + 10 * MIN;
    const { ref } = await race({ ref: 'protected', start, end, prizes: [{ rank: 1, amount: 700 }] });
    const [a, b] = [await player(), await player()];
    const [sa, sb] = [await session(a), await session(b)];
    clock.setAt(new Date(start + MIN));
    await spin(sa, 50);
    await spin(sb, 20);
    await takeBreak(db(), a.id, 1, new Date(end - MIN));
    const id = Number((await db().selectFrom('tournaments').select('id').where('ref', '=', ref).executeTakeFirstOrThrow()).id);
    const paid = await payRace(db(), id, new Date(end + 10_000));
    expect(paid!.paid.map((p) => [p.rank, p.accountId, p.amount])).toEqual([[1, b.id, 700]]);
  });

  it('pays nothing for a cancelled race, and a paid race cannot be cancelled', async () => {
    const start = base + 120 * MIN;
    const end = start + 10 * MIN;
    await race({ ref: 'cancelled', start, end });
    await race({ ref: 'paid-then-cancel', start, end });
    const p = await player();
    const s = await session(p);
    clock.setAt(new Date(start + MIN));
    await spin(s);
    const lines: string[] = [];
    const ctx = { db: db(), config: t.config, out: (l: string) => lines.push(l) };
    expect(await runAdmin(['tournament:cancel', 'cancelled'], ctx)).toBe(0);
    const paid = await settleRaces(db(), new Date(end + MIN));
    expect(paid.map((r) => r.ref)).toContain('paid-then-cancel');
    expect(paid.map((r) => r.ref)).not.toContain('cancelled');
    expect(await runAdmin(['tournament:cancel', 'paid-then-cancel'], ctx)).toBe(1);
    expect(lines.at(-1)).toMatch(/DRAWN/);
    const l = await lobby(p);
    expect(find(l, 'cancelled')).toBeUndefined();
  });

  it('GET /tournaments: anonymous and signed in, in both languages; status from the clock; raffles listed without a leaderboard; drafts hidden', async () => {
    const start = base + 140 * MIN;
    await race({ ref: 'listing', start, end: start + 10 * MIN });
    await race({ ref: 'draft-race', start, end: start + 10 * MIN, status: 'DRAFT' });
    await db()
      .insertInto('tournaments')
      .values({
        ref: 'a-raffle',
        kind: 'RAFFLE',
        status: 'ACTIVE',
        account_ref: 'coin-casino',
        start_at: new Date(start),
        end_at: new Date(start + 10 * MIN),
        draw_at: new Date(start + 20 * MIN),
        wager_per_entry: 100,
        brands: '[]',
        prizes: JSON.stringify([{ amount: 500, count: 3 }]),
      })
      .execute();
    const p = await player();
    const s = await session(p);
    clock.setAt(new Date(start - MIN));
    let l = await lobby(undefined, 'ja');
    const before = find(l, 'listing')!;
    expect(before).toMatchObject({ tournamentStatus: 'SCHEDULED', title: 'レース listing', leaderboard: null, metric: 'WAGERED' });
    expect(before.lobbyGames).toEqual([{ gameCode: slot, title: expect.any(String), iconUrl: '/games/art/slot-neon-sevens.svg' }]);
    expect(find(l, 'draft-race')).toBeUndefined();
    expect(find(l, 'a-raffle')).toMatchObject({ kind: 'RAFFLE', tournamentStatus: 'SCHEDULED', leaderboard: null, metric: null });

    clock.setAt(new Date(start + MIN));
    await spin(s, 50);
    l = await lobby();
    const anon = find(l, 'listing')!;
    expect(anon).toMatchObject({ tournamentStatus: 'ACTIVE', title: 'Race listing', description: 'About it' });
    // A raffle's status is read off the clock as the raffle module reads it; it never has a leaderboard.
    expect(find(l, 'a-raffle')).toMatchObject({ tournamentStatus: 'ACTIVE', leaderboard: null });
    expect(anon.leaderboard).toMatchObject({ state: 'LIVE', players: 1, you: null, entries: [{ rank: 1, points: 50, isYou: false }] });
    // Pseudonymous: never the display name itself.
    expect(anon.leaderboard!.entries[0].name).not.toContain(p.displayName);
    expect(anon.leaderboard!.entries[0].name).toMatch(/^p\*\*\*[0-9A-F]{4}$/);
    expect(l.serverTime).toBe(new Date(start + MIN).toISOString());

    const mine = find(await lobby(p), 'listing')!;
    expect(mine.leaderboard!.you).toEqual({ rank: 1, points: 50 });
    clock.setAt(new Date(start + 10 * MIN));
    expect(find(await lobby(p), 'listing')!.tournamentStatus).toBe('CLOSED');

    for (const url of ['/tournaments?languageCode=fr', '/tournaments?languageCode=en&x=1']) {
      const bad = await t.api({ method: 'GET', url });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('REQUEST_VALIDATION_ERROR');
    }
  });

  it('tournament:create refuses a bad file and creates nothing; tournament:list shows races', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'race-'));
    const lines: string[] = [];
    const ctx = { db: db(), config: t.config, out: (l: string) => lines.push(l) };
    const good: RaceFile = {
      ref: 'from-file',
      metric: 'BEST_MULTIPLIER',
      startDateUtc: new Date(base).toISOString(),
      endDateUtc: new Date(base + MIN).toISOString(),
      prizes: [{ rank: 1, amount: 100 }],
      games: [{ gameCode: slot }],
      translations: [{ languageCode: 'en', languageDisplayName: 'English', title: 'From a file', description: '', termsAndConditions: '' }],
    };
    const bads = [
      { ...good, endDateUtc: good.startDateUtc },
      { ...good, games: [{ gameCode: 'no-such-game' }] },
      {
        ...good,
        prizes: [
          { rank: 1, amount: 100 },
          { rank: 1, amount: 50 },
        ],
      },
      { ...good, metric: 'LUCK' },
      { ...good, extra: true },
    ];
    for (const [i, bad] of bads.entries()) {
      writeFileSync(path.join(dir, `bad${i}.json`), JSON.stringify(bad));
      expect(await runAdmin(['tournament:create', path.join(dir, `bad${i}.json`)], ctx)).toBe(1);
    }
    expect(await db().selectFrom('tournaments').select('id').where('ref', '=', 'from-file').execute()).toEqual([]);
    writeFileSync(path.join(dir, 'good.json'), JSON.stringify(good));
    expect(await runAdmin(['tournament:create', path.join(dir, 'good.json')], ctx)).toBe(0);
    expect(await runAdmin(['tournament:create', path.join(dir, 'good.json')], ctx)).toBe(1);
    lines.length = 0;
    expect(await runAdmin(['tournament:list'], ctx)).toBe(0);
    expect(lines.some((l) => l.startsWith('from-file') && l.includes('BEST_MULTIPLIER') && l.includes('#1:100'))).toBe(true);
  });

  it("the server's own timer pays a race that is due, with nobody calling it (a second instance on the same database)", async () => {
    const end = Date.now() - MIN;
    const start = end - 10 * MIN;
    const { ref } = await race({ ref: 'timer', start, end });
    const p = await player();
    clock.setAt(new Date(start + MIN));
    await wallet.bet(db(), { provider: 'ext', txId: `bet-${randomUUID()}`, roundId: randomUUID(), accountId: p.id, amount: 300, gameCode: slot });
    clock.reset();
    // Outside NODE_ENV=test the routes start the timer when the app is ready (its first tick at once).
    const instance = await buildApp({
      config: loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SITE_DIR: './no-site', SEED_DEMO: 'false' }),
      db: db(),
    });
    try {
      await instance.ready();
      await vi.waitFor(
        async () => expect((await db().selectFrom('tournaments').select('status').where('ref', '=', ref).executeTakeFirstOrThrow()).status).toBe('DRAWN'),
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await instance.close();
    }
    const prize = await db().selectFrom('wallet_journal').select(['account_id', 'amount']).where('idempotency_key', '=', `tournament:${ref}:rank:1`).execute();
    expect(prize.map((r) => [r.account_id, Number(r.amount)])).toEqual([[p.id, 1000]]);
  });
});
