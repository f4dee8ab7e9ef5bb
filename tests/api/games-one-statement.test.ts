import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HouseSessionResponseSchema, PlayResponseSchema, VerifyRoundResponseSchema } from '../../contracts/games';
import { recomputeRound } from '../../contracts/fairness';
import { seedGames } from '../../server/modules/games/service';
import { roundQueue } from '../../server/modules/house/one-statement';
import type { RoundRow } from '../../server/modules/house/round-records';
import { hashToken } from '../../server/plugins/session';
import { checkConservation, postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/**
 * A real round that settles at once is played as one statement from what the server remembers of
 * the play session (its seed pair and next nonce). These tests make that memory stale in every way
 * a player or operator can, and check that no round is ever recorded on a stale nonce, a revealed
 * seed, a disabled game or an ended session, and that a refusal moves nothing and burns no nonce.
 */
describe(`house rounds in one statement: remembered session state is only a hint (${db})`, () => {
  let t: TestApp;
  const gameCode = 'slot-neon-sevens';

  const fund = (accountId: string, amount: number) =>
    postMovement(t.testDb.db, { accountId, type: 'ADJUSTMENT', amount, idempotencyKey: `fund-${randomBytes(6).toString('hex')}`, reason: 'test' });
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
  const roundsOf = (accountId: string) =>
    t.testDb.db
      .selectFrom('house_rounds')
      .select(['id', 'seed_id', 'nonce', 'stake', 'win', 'player_seq'])
      .where('account_id', '=', accountId)
      .orderBy('player_seq')
      .execute();

  async function session(who: TestPlayer) {
    const res = await t.api({ method: 'GET', url: `/launchgame?gameCode=${gameCode}&language=en`, headers: who.headers });
    const token = new URL(res.json().url, 'http://x').searchParams.get('token')!;
    return HouseSessionResponseSchema.parse((await t.api({ method: 'POST', url: '/house/session', payload: { token } })).json());
  }
  const spin = (sessionToken: string) =>
    t.api({ method: 'POST', url: '/house/play', payload: { session: sessionToken, input: { kind: 'slot', bet: 10 }, requestId: randomUUID() } });

  /** Every seed pair's rounds use nonces 0, 1, 2, ... once each, in the order the player played them. */
  async function expectContiguousNonces(accountId: string) {
    const rounds = await roundsOf(accountId);
    const bySeed = new Map<number, number[]>();
    for (const r of rounds) bySeed.set(r.seed_id, [...(bySeed.get(r.seed_id) ?? []), r.nonce]);
    for (const nonces of bySeed.values()) expect(nonces).toEqual(nonces.map((_, i) => i));
    const seeds = await t.testDb.db.selectFrom('fair_seeds').select(['id', 'nonce']).where('account_id', '=', accountId).execute();
    for (const seed of seeds) expect(seed.nonce).toBe(bySeed.get(seed.id)?.length ?? 0);
    return rounds;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedGames(t.testDb.db);
  });
  afterAll(() => t.close());

  it('two tabs of one player, and a seed rotation between spins: no nonce is used twice or skipped, and every round verifies', async () => {
    const p = await createTestPlayer(t.testDb.db);
    await fund(p.id, 100_000);
    const a = await session(p);
    const b = await session(p);
    const played: Array<{ roundId: string; stake: number; win: number }> = [];
    for (let i = 0; i < 12; i++) {
      // a, a, b, a, b, b, ...: each tab's remembered nonce goes stale whenever the other one spins.
      const tab = [a, a, b, a, b, b][i % 6];
      if (i === 7)
        expect((await t.api({ method: 'POST', url: '/house/seed', payload: { session: b.session, clientSeed: 'second-pair' } })).statusCode).toBe(200);
      const res = await spin(tab.session);
      expect(res.statusCode).toBe(200);
      const round = PlayResponseSchema.parse(res.json());
      if (i >= 7) expect(round.fairness.clientSeed).toBe('second-pair');
      played.push(round);
    }
    const rounds = await expectContiguousNonces(p.id);
    expect(rounds).toHaveLength(12);
    expect(new Set(rounds.map((r) => r.seed_id)).size).toBe(2);
    expect(rounds.map((r) => r.player_seq)).toEqual(rounds.map((_, i) => i + 1));
    expect(await balanceOf(p.id)).toBe(100_000 + played.reduce((sum, r) => sum + r.win - r.stake, 0));

    // The first pair is revealed: its rounds recompute exactly from the seeds and nonces recorded.
    const first = VerifyRoundResponseSchema.parse((await t.api({ method: 'GET', url: `/house/rounds/${played[3].roundId}/verify?languageCode=en` })).json());
    expect(first.serverSeed).not.toBeNull();
    expect(recomputeRound(first)).toMatchObject({ hashMatches: true, outcomeMatches: true });
    // The rounds on the new pair (still secret) name its hash and the new client seed.
    const later = VerifyRoundResponseSchema.parse((await t.api({ method: 'GET', url: `/house/rounds/${played[11].roundId}/verify?languageCode=en` })).json());
    expect(later).toMatchObject({ serverSeed: null, clientSeed: 'second-pair' });
  });

  it('refuses a remembered session once its game is disabled, it expires or its account is deleted, moving nothing', async () => {
    const p = await createTestPlayer(t.testDb.db);
    await fund(p.id, 10_000);
    const s = await session(p);
    expect((await spin(s.session)).statusCode).toBe(200);
    const balance = await balanceOf(p.id);
    const entries = await journalCount(p.id);

    await t.testDb.db.updateTable('games').set({ is_enabled: false }).where('code', '=', gameCode).execute();
    try {
      expect((await spin(s.session)).json().code).toBe('GAME_NOT_AVAILABLE');
    } finally {
      await t.testDb.db.updateTable('games').set({ is_enabled: true }).where('code', '=', gameCode).execute();
    }
    expect((await spin(s.session)).statusCode).toBe(200);

    const other = await session(p);
    expect((await spin(other.session)).statusCode).toBe(200);
    await t.testDb.db
      .updateTable('play_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('account_id', '=', p.id)
      .execute();
    expect((await spin(other.session)).json().code).toBe('GAME_SESSION_EXPIRED');

    const third = await session(p);
    expect((await spin(third.session)).statusCode).toBe(200);
    await t.testDb.db.updateTable('accounts').set({ deleted_at: new Date() }).where('id', '=', p.id).execute();
    expect((await spin(third.session)).json().code).toBe('UNAUTHORIZED');

    const rounds = await expectContiguousNonces(p.id);
    expect(rounds).toHaveLength(4);
    expect(await journalCount(p.id)).toBe(entries + rounds.slice(1).reduce((n, r) => n + (r.win > 0 ? 2 : 1), 0));
    expect(await balanceOf(p.id)).toBe(balance + rounds.slice(1).reduce((sum, r) => sum + r.win - r.stake, 0));
  });

  it('refuses a spin the balance cannot cover with INSUFFICIENT_FUNDS, moving nothing and keeping the nonce for the next round', async () => {
    const p = await createTestPlayer(t.testDb.db);
    await fund(p.id, 10);
    const s = await session(p);
    expect((await spin(s.session)).statusCode).toBe(200);
    // Whatever that round paid, 5 coins are left, fewer than the stake: moved behind the session's
    // remembered state (spinning until broke was a random walk that once ran past a minute).
    const left = Number(await balanceOf(p.id));
    if (left !== 5) await fund(p.id, 5 - left);
    const res = await spin(s.session);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INSUFFICIENT_FUNDS');
    const entries = await journalCount(p.id);
    expect((await spin(s.session)).json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await journalCount(p.id)).toBe(entries);
    expect(await balanceOf(p.id)).toBeLessThan(10);

    await fund(p.id, 100);
    expect((await spin(s.session)).statusCode).toBe(200);
    await expectContiguousNonces(p.id);
  });

  it('takes simultaneous spins from two tabs of one player one at a time: every nonce once, the wallet conserved', async () => {
    const p = await createTestPlayer(t.testDb.db);
    await fund(p.id, 100_000);
    const tabs = [await session(p), await session(p)];
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => spin(tabs[i % 2].session)));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const rounds = await expectContiguousNonces(p.id);
    expect(rounds).toHaveLength(40);
    expect(await balanceOf(p.id)).toBe(100_000 + rounds.reduce((sum, r) => sum + r.win - r.stake, 0));
    expect((await checkConservation(t.testDb.db)).problems).toEqual([]);
  });

  it("puts many players' simultaneous spins in shared statements: every round its own player's, refusals only where due", async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => createTestPlayer(t.testDb.db)));
    const broke = players[0];
    await fund(broke.id, 5);
    for (const p of players.slice(1)) await fund(p.id, 10_000);
    const sessions = await Promise.all(players.map((p) => session(p)));
    for (let wave = 0; wave < 4; wave++) {
      const results = await Promise.all(sessions.map((s) => spin(s.session)));
      expect(results[0].json().code).toBe('INSUFFICIENT_FUNDS');
      expect(results.slice(1).map((r) => r.statusCode)).toEqual(results.slice(1).map(() => 200));
      for (const r of results.slice(1)) expect(PlayResponseSchema.parse(r.json()).nonce).toBe(wave);
    }
    expect(await roundsOf(broke.id)).toEqual([]);
    expect(await balanceOf(broke.id)).toBe(5);
    for (const p of players.slice(1)) {
      const rounds = await expectContiguousNonces(p.id);
      expect(rounds).toHaveLength(4);
      expect(await balanceOf(p.id)).toBe(10_000 + rounds.reduce((sum, r) => sum + r.win - r.stake, 0));
    }
    expect((await checkConservation(t.testDb.db)).problems).toEqual([]);
    // Rounds written by one statement share its transaction id. On PostgreSQL the spins of a wave
    // arrive while the first one's statement runs, and go together in the next; embedded PGlite
    // runs each statement before the next spin gets there.
    const { rows } = await sql<{ statements: number; rounds: number }>`
      select count(distinct xmin::text)::int as statements, count(*)::int as rounds
      from house_rounds where account_id in (${sql.join(players.map((p) => p.id))})`.execute(t.testDb.db);
    expect(rows[0].rounds).toBe(44);
    if (process.env.TEST_DATABASE_URL) expect(rows[0].statements).toBeLessThan(20);
  });

  it("a statement that fails takes no other player's round with it: each round is retried alone and only the faulty one fails", async () => {
    const players = await Promise.all([0, 1, 2].map(() => createTestPlayer(t.testDb.db)));
    for (const p of players) await fund(p.id, 1_000);
    const rounds: RoundRow[] = [];
    for (const p of players) {
      const s = await session(p);
      const live = await t.testDb.db
        .selectFrom('play_sessions')
        .select(['id', 'game_code'])
        .where('token_hash', '=', hashToken(s.session))
        .executeTakeFirstOrThrow();
      // The seed pair exists once the player has played (the long way creates it).
      expect((await spin(s.session)).statusCode).toBe(200);
      const seed = await t.testDb.db
        .selectFrom('fair_seeds')
        .select(['id', 'nonce'])
        .where('account_id', '=', p.id)
        .where('revealed_at', 'is', null)
        .executeTakeFirstOrThrow();
      const game = await t.testDb.db.selectFrom('games').select('definition_hash').where('code', '=', live.game_code).executeTakeFirstOrThrow();
      const now = new Date();
      rounds.push({
        id: randomUUID(),
        account_id: p.id,
        play_session_id: live.id,
        game_code: live.game_code,
        definition_hash: game.definition_hash,
        seed_id: seed.id,
        nonce: seed.nonce,
        input: JSON.stringify({ kind: 'slot', bet: 10 }),
        stake: 10,
        win: 25,
        status: 'settled',
        outcome: JSON.stringify({ kind: 'slot' }),
        settled_at: now,
        token_hash: hashToken(s.session),
        played_at: now,
        request_id: randomUUID(),
      });
    }
    // The middle round's outcome is not JSON: its statement fails in PostgreSQL.
    rounds[1].outcome = 'not json';
    const before = await Promise.all(players.map((p) => balanceOf(p.id)));
    const results = await Promise.allSettled(rounds.map((r) => roundQueue(t.testDb.db).submit(r)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toMatchObject({ value: { balance: before[0] + 15 } });
    expect(results[2]).toMatchObject({ value: { balance: before[2] + 15 } });
    expect(await Promise.all(players.map((p) => balanceOf(p.id)))).toEqual([before[0] + 15, before[1], before[2] + 15]);
    const recorded = await t.testDb.db
      .selectFrom('house_rounds')
      .select('id')
      .where(
        'id',
        'in',
        rounds.map((r) => r.id),
      )
      .execute();
    expect(recorded.map((r) => r.id).sort()).toEqual([rounds[0].id, rounds[2].id].sort());
    await expectContiguousNonces(players[1].id);
  });
});
