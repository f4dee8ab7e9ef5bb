import { randomUUID } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GamesResponseSchema,
  HouseSessionResponseSchema,
  PlayResponseSchema,
  VerifyRoundResponseSchema,
  BetHistoryResponseSchema,
  GAME_TITLES,
} from '../../contracts/games';
import { recomputeRound } from '../../contracts/fairness';
import { postMovement } from '../../server/modules/wallet';
import { seedGames } from '../../server/modules/games/service';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`games API: catalogue, launch, house rounds, fairness, history (${db})`, () => {
  let t: TestApp;
  let player: TestPlayer;

  const fund = (accountId: string, amount: number) =>
    postMovement(t.testDb.db, { accountId, type: 'ADJUSTMENT', amount, idempotencyKey: `test-fund-${randomBytes(6).toString('hex')}`, reason: 'test' });
  const balanceOf = async (accountId: string) =>
    (await t.testDb.db.selectFrom('wallets').select('balance').where('account_id', '=', accountId).executeTakeFirst())?.balance ?? 0;
  const journalCount = async (accountId: string) =>
    Number(
      (
        await t.testDb.db
          .selectFrom('wallet_journal')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Launch (real when a player is given) and exchange the token for a play session. */
  async function session(gameCode: string, who?: TestPlayer, language: 'ja' | 'en' = 'en') {
    const res = who
      ? await t.api({ method: 'GET', url: `/launchgame?gameCode=${gameCode}&language=${language}&lobbyUrl=/category/slot`, headers: who.headers })
      : await t.api({ method: 'GET', url: `/launch-demo?gameCode=${gameCode}&currency=PTS&language=${language}` });
    expect(res.statusCode).toBe(200);
    const token = new URL(res.json().url, 'http://x').searchParams.get('token')!;
    const opened = await t.api({ method: 'POST', url: '/house/session', payload: { token } });
    expect(opened.statusCode).toBe(200);
    return HouseSessionResponseSchema.parse(opened.json());
  }
  const play = (sessionToken: string, input: unknown) =>
    t.api({ method: 'POST', url: '/house/play', payload: { session: sessionToken, input, requestId: randomUUID() } });

  beforeAll(async () => {
    t = await createTestApp({
      CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false }, MAINT: { maintenence: true, captcha: false } }),
    });
    await seedGames(t.testDb.db);
    player = await createTestPlayer(t.testDb.db);
    await fund(player.id, 100_000);
  });
  afterAll(() => t.close());

  it('lists at least 30 enabled games across FEATURED, SLOT and LIVE, titled in Japanese and English', async () => {
    const ja = GamesResponseSchema.parse((await t.api({ method: 'GET', url: '/games?languageCode=ja&siteRef=WEB' })).json());
    const en = GamesResponseSchema.parse((await t.api({ method: 'GET', url: '/games?languageCode=en&siteRef=WEB' })).json());
    const games = ja[0].games;
    expect(games.length).toBeGreaterThanOrEqual(30);
    for (const tag of ['FEATURED', 'SLOT', 'LIVE']) expect(games.some((g) => g.tags.includes(tag))).toBe(true);
    for (const kind of ['slot', 'roulette', 'blackjack', 'baccarat']) expect(games.some((g) => g.gameType === kind)).toBe(true);
    expect(ja[0].games.find((g) => g.gameCode === 'roulette-european')?.title).toBe('ヨーロピアンルーレット');
    expect(en[0].games.find((g) => g.gameCode === 'roulette-european')?.title).toBe('European Roulette');
    // A catalogue title of its own wins over the built-in map (this code is not in the map).
    expect(Object.keys(GAME_TITLES)).toHaveLength(30);
    expect(GAME_TITLES['slot-robot-factory']).toBeUndefined();
    expect(en[0].games.find((g) => g.gameCode === 'slot-robot-factory')?.title).toBe('Robot Factory');
    expect(new Set(games.map((g) => g.imagePath)).size).toBe(games.length);
    expect(games.every((g) => g.imagePath?.startsWith('/games/art/'))).toBe(true);
  });

  it('shows the raw code for a game that has no title and no entry in the built-in map', async () => {
    await t.testDb.db
      .insertInto('games')
      .values({
        code: 'slot-unmapped',
        kind: 'slot',
        titles: null,
        tags: '["SLOT"]',
        orientation: 'landscape',
        is_demo_available: true,
        is_enabled: true,
        image_path: null,
        sort_order: 9999,
        rtp: 0.96,
        definition_hash: (await t.testDb.db.selectFrom('games').select('definition_hash').where('code', '=', 'slot-sakura-fortune').executeTakeFirstOrThrow())
          .definition_hash,
      })
      .execute();
    const en = GamesResponseSchema.parse((await t.api({ method: 'GET', url: '/games?languageCode=en&siteRef=WEB' })).json());
    expect(en[0].games.find((g) => g.gameCode === 'slot-unmapped')?.title).toBe('slot-unmapped');
    await t.testDb.db.deleteFrom('games').where('code', '=', 'slot-unmapped').execute();
  });

  describe('launch rules', () => {
    it('refuses /launchgame to a visitor with UNAUTHORIZED', async () => {
      const res = await t.api({ method: 'GET', url: '/launchgame?gameCode=slot-sakura-fortune' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    });

    it('refuses a demo of a game without one with DEMO_NOT_AVAILABLE', async () => {
      const res = await t.api({ method: 'GET', url: '/launch-demo?gameCode=roulette-vip&currency=PTS' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('DEMO_NOT_AVAILABLE');
    });

    it('refuses a disabled or unknown game with GAME_NOT_AVAILABLE, for demo and real launches', async () => {
      await t.testDb.db.updateTable('games').set({ is_enabled: false }).where('code', '=', 'slot-tea-garden').execute();
      try {
        const demo = await t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-tea-garden&currency=PTS' });
        expect(demo.json().code).toBe('GAME_NOT_AVAILABLE');
        const real = await t.api({ method: 'GET', url: '/launchgame?gameCode=slot-tea-garden', headers: player.headers });
        expect(real.statusCode).toBe(404);
        expect(real.json().code).toBe('GAME_NOT_AVAILABLE');
        const unknown = await t.api({ method: 'GET', url: '/launchgame?gameCode=no-such-game', headers: player.headers });
        expect(unknown.json().code).toBe('GAME_NOT_AVAILABLE');
        const listed = GamesResponseSchema.parse((await t.api({ method: 'GET', url: '/games?languageCode=ja&siteRef=WEB' })).json());
        expect(listed[0].games.some((g) => g.gameCode === 'slot-tea-garden')).toBe(false);
      } finally {
        await t.testDb.db.updateTable('games').set({ is_enabled: true }).where('code', '=', 'slot-tea-garden').execute();
      }
    });

    it('refuses every launch on a channel in maintenance with MAINTENANCE', async () => {
      for (const url of ['/launch-demo?gameCode=slot-sakura-fortune&currency=PTS', '/launchgame?gameCode=slot-sakura-fortune', '/launch-sportsbook']) {
        const res = await t.api({ method: 'GET', url, headers: { channel: 'MAINT', ...player.headers } });
        expect(res.statusCode).toBe(503);
        expect(res.json().code).toBe('MAINTENANCE');
      }
    });

    it('answers SPORTSBOOK_NOT_CONFIGURED when no sportsbook URL is configured', async () => {
      const res = await t.api({ method: 'GET', url: '/launch-sportsbook' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('SPORTSBOOK_NOT_CONFIGURED');
    });

    it('gives a launch URL to the game client page in the right language, with the lobby URL passed through', async () => {
      const ja = (
        await t.api({
          method: 'GET',
          url: `/launchgame?gameCode=slot-sakura-fortune&language=ja&lobbyUrl=${encodeURIComponent('http://localhost:4321/game-launch/slot-sakura-fortune')}`,
          headers: player.headers,
        })
      ).json().url as string;
      const en = (
        await t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS&language=en&lobbyUrl=/en/category/slot&brand=WEB' })
      ).json().url as string;
      expect(ja.startsWith('/house/play/?')).toBe(true);
      expect(en.startsWith('/en/house/play/?')).toBe(true);
      expect(new URL(ja, 'http://x').searchParams.get('lobby')).toBe('http://localhost:4321/game-launch/slot-sakura-fortune');
      expect(new URL(en, 'http://x').searchParams.get('lobby')).toBe('/en/category/slot');
      expect(new URL(en, 'http://x').searchParams.get('lang')).toBe('en');
      const bad = await t.api({
        method: 'GET',
        url: `/launchgame?gameCode=slot-sakura-fortune&lobbyUrl=${encodeURIComponent('javascript:alert(1)')}`,
        headers: player.headers,
      });
      expect(bad.json().code).toBe('REQUEST_VALIDATION_ERROR');
    });

    it('accepts a launch token once: a reused token is refused with GAME_SESSION_EXPIRED', async () => {
      const url = (await t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-ninja-gold&currency=PTS' })).json().url as string;
      const token = new URL(url, 'http://x').searchParams.get('token');
      const first = await t.api({ method: 'POST', url: '/house/session', payload: { token } });
      expect(first.statusCode).toBe(200);
      const again = await t.api({ method: 'POST', url: '/house/session', payload: { token } });
      expect(again.statusCode).toBe(410);
      expect(again.json().code).toBe('GAME_SESSION_EXPIRED');
    });

    it('refuses an expired launch token', async () => {
      const url = (await t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-ninja-gold&currency=PTS' })).json().url as string;
      const token = new URL(url, 'http://x').searchParams.get('token')!;
      await t.testDb.db
        .updateTable('launch_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('used_at', 'is', null)
        .execute();
      const res = await t.api({ method: 'POST', url: '/house/session', payload: { token } });
      expect(res.json().code).toBe('GAME_SESSION_EXPIRED');
    });
  });

  describe('demo play', () => {
    it('plays a demo round with points kept in the play session; the coin wallet is never touched', async () => {
      const s = await session('slot-sakura-fortune');
      expect(s).toMatchObject({ mode: 'demo', currency: 'PTS', balance: 100_000 });
      expect(s.game.definition.kind).toBe('slot');
      const journalRows = Number(
        (
          await t.testDb.db
            .selectFrom('wallet_journal')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const res = await play(s.session, { kind: 'slot', bet: 20 });
      expect(res.statusCode).toBe(200);
      const round = PlayResponseSchema.parse(res.json());
      expect(round.currency).toBe('PTS');
      expect(round.balance).toBe(100_000 - 20 + round.win);
      const after = Number(
        (
          await t.testDb.db
            .selectFrom('wallet_journal')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(after).toBe(journalRows);
    });

    it('refuses a bet the game does not offer with REQUEST_VALIDATION_ERROR', async () => {
      const s = await session('slot-sakura-fortune');
      expect((await play(s.session, { kind: 'slot', bet: 21 })).json().code).toBe('REQUEST_VALIDATION_ERROR');
      expect((await play(s.session, { kind: 'roulette', bets: [{ type: 'red', amount: 10 }] })).json().code).toBe('REQUEST_VALIDATION_ERROR');
      expect((await play('x'.repeat(43), { kind: 'slot', bet: 20 })).json().code).toBe('GAME_SESSION_EXPIRED');
    });
  });

  describe('real play', () => {
    it('plays roulette with coins: the balance moves by win - stake and the journal has the bet and the win', async () => {
      const s = await session('roulette-european', player);
      expect(s).toMatchObject({ mode: 'real', currency: 'COIN' });
      const before = await balanceOf(player.id);
      const res = await play(s.session, {
        kind: 'roulette',
        bets: [
          { type: 'red', amount: 100 },
          { type: 'straight', numbers: [17], amount: 10 },
          { type: 'split', numbers: [0, 2], amount: 10 },
        ],
      });
      expect(res.statusCode).toBe(200);
      const round = PlayResponseSchema.parse(res.json());
      expect(round.stake).toBe(120);
      expect(round.balance).toBe(before - 120 + round.win);
      expect(await balanceOf(player.id)).toBe(round.balance);
      const legs = await t.testDb.db.selectFrom('wallet_journal').select(['type', 'amount']).where('session_id', '=', round.roundId).orderBy('id').execute();
      expect(legs[0]).toEqual({ type: 'BET', amount: -120 });
      if (round.win > 0) expect(legs[1]).toEqual({ type: 'WIN', amount: round.win });
      else expect(legs).toHaveLength(1);
      const illegal = await play(s.session, { kind: 'roulette', bets: [{ type: 'split', numbers: [1, 5], amount: 10 }] });
      expect(illegal.json().code).toBe('REQUEST_VALIDATION_ERROR');
    });

    it('refuses a bet larger than the balance with INSUFFICIENT_FUNDS and moves nothing', async () => {
      const poor = await createTestPlayer(t.testDb.db);
      await fund(poor.id, 50);
      const s = await session('slot-sakura-fortune', poor);
      const journal = await journalCount(poor.id);
      const nonceBefore = s.fairness.nonce;
      const res = await play(s.session, { kind: 'slot', bet: 100 });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
      expect(await balanceOf(poor.id)).toBe(50);
      expect(await journalCount(poor.id)).toBe(journal);
      expect(await t.testDb.db.selectFrom('house_rounds').select('id').where('account_id', '=', poor.id).execute()).toHaveLength(0);
      // The nonce was not used up either: the next round takes it.
      const ok = PlayResponseSchema.parse((await play(s.session, { kind: 'slot', bet: 20 })).json());
      expect(ok.nonce).toBe(nonceBefore);
    });

    it('plays a blackjack hand in steps (deal, then decisions) and settles it once', async () => {
      const s = await session('blackjack-classic', player);
      let res = PlayResponseSchema.parse((await play(s.session, { kind: 'blackjack', action: 'deal', bet: 100 })).json());
      let steps = 0;
      while (res.status === 'open' && steps++ < 10) {
        expect(res.outcome.kind).toBe('blackjack');
        if (res.outcome.kind !== 'blackjack') break;
        expect(res.outcome.dealerCards).toHaveLength(1);
        const action = res.outcome.playerTotal < 17 ? 'hit' : 'stand';
        res = PlayResponseSchema.parse((await play(s.session, { kind: 'blackjack', action, roundId: res.roundId })).json());
      }
      expect(res.status).toBe('settled');
      if (res.outcome.kind === 'blackjack') expect(res.outcome.result).not.toBeNull();
      const again = await play(s.session, { kind: 'blackjack', action: 'hit', roundId: res.roundId });
      expect(again.json().code).toBe('REQUEST_VALIDATION_ERROR');
      expect(await balanceOf(player.id)).toBe(res.balance);
    });

    it('ends the play sessions of a deleted account', async () => {
      const gone = await createTestPlayer(t.testDb.db);
      await fund(gone.id, 1_000);
      const s = await session('slot-fruit-fiesta', gone);
      expect((await play(s.session, { kind: 'slot', bet: 10 })).statusCode).toBe(200);
      await t.testDb.db.updateTable('accounts').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
      const res = await play(s.session, { kind: 'slot', bet: 10 });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    });

    it('plays baccarat with a banker bet paid at 0.95', async () => {
      const s = await session('baccarat-classic', player);
      const round = PlayResponseSchema.parse((await play(s.session, { kind: 'baccarat', bets: [{ type: 'banker', amount: 100 }] })).json());
      if (round.outcome.kind !== 'baccarat') throw new Error('not baccarat');
      const expected = round.outcome.result === 'banker' ? 195 : round.outcome.result === 'tie' ? 100 : 0;
      expect(round.win).toBe(expected);
    });
  });

  describe('provably fair', () => {
    it('commits the server seed hash before play, reveals the seed on rotation, and the round recomputes exactly', async () => {
      const s = await session('slot-dragon-pearl', player);
      const committed = s.fairness.serverSeedHash;
      const round = PlayResponseSchema.parse((await play(s.session, { kind: 'slot', bet: 25 })).json());
      expect(round.fairness.serverSeedHash).toBe(committed);
      expect(round.fairness.nonce).toBe(round.nonce + 1);

      const hidden = VerifyRoundResponseSchema.parse((await t.api({ method: 'GET', url: `/house/rounds/${round.roundId}/verify?languageCode=en` })).json());
      expect(hidden.serverSeed).toBeNull();
      expect(hidden.gameTitle).toBe('Dragon Pearl');

      const rotated = await t.api({ method: 'POST', url: '/house/seed', payload: { session: s.session, clientSeed: 'my-lucky-seed' } });
      expect(rotated.statusCode).toBe(200);
      const { fairness, revealed } = rotated.json();
      expect(revealed.serverSeedHash).toBe(committed);
      expect(fairness).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
      expect(fairness.serverSeedHash).not.toBe(committed);

      const verify = VerifyRoundResponseSchema.parse((await t.api({ method: 'GET', url: `/house/rounds/${round.roundId}/verify?languageCode=ja` })).json());
      expect(verify.serverSeed).toBe(revealed.serverSeed);
      expect(verify.gameTitle).toBe('龍の真珠');
      const check = recomputeRound(verify);
      expect(check.hashMatches).toBe(true);
      expect(check.outcomeMatches).toBe(true);
      expect(check.recomputed.win).toBe(round.win);

      // The next round uses the player's client seed and nonce 0.
      const next = PlayResponseSchema.parse((await play(s.session, { kind: 'slot', bet: 25 })).json());
      expect(next.nonce).toBe(0);
      expect(next.fairness.clientSeed).toBe('my-lucky-seed');
    });

    it('recomputes a blackjack hand from its actions once the seed is revealed', async () => {
      const s = await session('blackjack-vegas', player);
      let res = PlayResponseSchema.parse((await play(s.session, { kind: 'blackjack', action: 'deal', bet: 20 })).json());
      if (res.status === 'open') {
        const blocked = await t.api({ method: 'POST', url: '/house/seed', payload: { session: s.session } });
        expect(blocked.json().code).toBe('REQUEST_VALIDATION_ERROR');
        res = PlayResponseSchema.parse((await play(s.session, { kind: 'blackjack', action: 'stand', roundId: res.roundId })).json());
      }
      expect((await t.api({ method: 'POST', url: '/house/seed', payload: { session: s.session } })).statusCode).toBe(200);
      const verify = VerifyRoundResponseSchema.parse((await t.api({ method: 'GET', url: `/house/rounds/${res.roundId}/verify` })).json());
      expect(recomputeRound(verify).outcomeMatches).toBe(true);
    });

    it('refuses a client seed with spaces and an unknown round id', async () => {
      const s = await session('slot-dragon-pearl');
      expect((await t.api({ method: 'POST', url: '/house/seed', payload: { session: s.session, clientSeed: 'has space' } })).json().code).toBe(
        'REQUEST_VALIDATION_ERROR',
      );
      expect((await t.api({ method: 'GET', url: '/house/rounds/00000000-0000-4000-8000-000000000000/verify' })).json().code).toBe('NOT_FOUND');
      expect((await t.api({ method: 'GET', url: '/house/rounds/not-a-uuid/verify' })).json().code).toBe('REQUEST_VALIDATION_ERROR');
    });
  });

  describe('bet history', () => {
    it('needs a signed-in player', async () => {
      expect((await t.api({ method: 'GET', url: '/get-bet-history?page=1' })).json().code).toBe('UNAUTHORIZED');
    });

    it("pages a player's rounds newest first, 20 a page, with an end marker, and leaves demo rounds out", async () => {
      const p = await createTestPlayer(t.testDb.db);
      await fund(p.id, 100_000);
      const s = await session('slot-neon-sevens', p, 'ja');
      const ids: string[] = [];
      for (let i = 0; i < 45; i++) ids.push(PlayResponseSchema.parse((await play(s.session, { kind: 'slot', bet: 10 })).json()).roundId);
      const demo = await session('slot-neon-sevens');
      await play(demo.session, { kind: 'slot', bet: 10 });

      const page1 = BetHistoryResponseSchema.parse((await t.api({ method: 'GET', url: '/get-bet-history?page=1&languageCode=ja', headers: p.headers })).json());
      expect(page1).toMatchObject({ page: 1, pageSize: 20, totalRecords: 45, totalPages: 3, hasMore: true });
      expect(page1.records.map((r) => r.roundId)).toEqual(ids.slice(-20).reverse());
      expect(page1.records[0]).toMatchObject({ gameCode: 'slot-neon-sevens', gameTitle: 'ネオンセブン', stake: 10 });
      for (const r of page1.records) expect(r.net).toBe(r.win - r.stake);
      expect(page1.records[0].balanceAfter).toBe(await balanceOf(p.id));

      const page3 = BetHistoryResponseSchema.parse((await t.api({ method: 'GET', url: '/get-bet-history?page=3&languageCode=en', headers: p.headers })).json());
      expect(page3.records.map((r) => r.roundId)).toEqual(ids.slice(0, 5).reverse());
      expect(page3.hasMore).toBe(false);
      expect(page3.records[0].gameTitle).toBe('Neon Sevens');
      const page4 = BetHistoryResponseSchema.parse((await t.api({ method: 'GET', url: '/get-bet-history?page=4', headers: p.headers })).json());
      expect(page4.records).toEqual([]);
      expect((await t.api({ method: 'GET', url: '/get-bet-history?page=0', headers: p.headers })).json().code).toBe('REQUEST_VALIDATION_ERROR');
    });
  });
});

describe(`games API: launches are rate limited per address, LAUNCH_RATE_LIMIT a window (${db})`, () => {
  it('answers 429 TOO_MANY_REQUESTS past the limit, demo and real alike, and stores no token for the refused launch', async () => {
    const t = await createTestApp({ LAUNCH_RATE_LIMIT: '2' });
    try {
      await seedGames(t.testDb.db);
      const demo = () => t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS' });
      expect((await demo()).statusCode).toBe(200);
      expect((await demo()).statusCode).toBe(200);
      const tokens = async () =>
        Number(
          (
            await t.testDb.db
              .selectFrom('launch_tokens')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await tokens();
      const refused = await demo();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
      expect(await tokens()).toBe(before);
    } finally {
      await t.close();
    }
  });
});
