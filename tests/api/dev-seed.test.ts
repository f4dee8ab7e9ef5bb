import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevSeedResponseSchema, HouseSessionResponseSchema, PlayResponseSchema } from '../../contracts/games';
import { fairRandom, playRound, serverSeedHash } from '../../contracts/fairness';
import { postMovement } from '../../server/modules/wallet';
import { seedGames } from '../../server/modules/games/service';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer, type TestPlayer } from '../support/players';

const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/**
 * GET /dev/house/seed (DEV_TOOLS only): a play session's active server seed, with which a test
 * computes the coming rounds exactly as the server will play them (the e2e big-win test does).
 */
describe(`GET /dev/house/seed (${db})`, () => {
  let t: TestApp;
  let player: TestPlayer;

  async function session(gameCode: string, who?: TestPlayer) {
    const res = who
      ? await t.api({ method: 'GET', url: `/launchgame?gameCode=${gameCode}&language=ja&lobbyUrl=/`, headers: who.headers })
      : await t.api({ method: 'GET', url: `/launch-demo?gameCode=${gameCode}&currency=PTS&language=ja` });
    expect(res.statusCode, res.body).toBe(200);
    const token = new URL(res.json().url, 'http://x').searchParams.get('token')!;
    return HouseSessionResponseSchema.parse((await t.api({ method: 'POST', url: '/house/session', payload: { token } })).json());
  }
  const seedOf = async (sessionToken: string) => t.api({ method: 'GET', url: `/dev/house/seed?session=${encodeURIComponent(sessionToken)}` });

  beforeAll(async () => {
    t = await createTestApp();
    await seedGames(t.testDb.db);
    player = await createTestPlayer(t.testDb.db);
    await postMovement(t.testDb.db, { accountId: player.id, type: 'ADJUSTMENT', amount: 10_000, idempotencyKey: `fund-${randomUUID()}`, reason: 'test' });
  });
  afterAll(() => t.close());

  for (const mode of ['demo', 'real'] as const) {
    it(`answers the committed seed pair of a ${mode} session, from which the next rounds compute exactly`, async () => {
      const opened = await session('slot-sakura-fortune', mode === 'real' ? player : undefined);
      const definition = opened.game.definition;
      if (definition.kind !== 'slot') throw new Error('a slot');
      for (let round = 0; round < 3; round++) {
        const res = await seedOf(opened.session);
        expect(res.statusCode, res.body).toBe(200);
        const seed = DevSeedResponseSchema.parse(res.json());
        expect(serverSeedHash(seed.serverSeed)).toBe(opened.fairness.serverSeedHash);
        expect(seed.clientSeed).toBe(opened.fairness.clientSeed);
        expect(seed.nonce).toBe(opened.fairness.nonce + round);
        const input = { kind: 'slot' as const, bet: definition.betLevels[0] };
        const expected = playRound(definition, fairRandom(seed.serverSeed, seed.clientSeed, seed.nonce), input);
        const played = await t.api({ method: 'POST', url: '/house/play', payload: { session: opened.session, input, requestId: randomUUID() } });
        expect(played.statusCode, played.body).toBe(200);
        expect(PlayResponseSchema.parse(played.json()).outcome).toEqual(expected.outcome);
      }
    });
  }

  it('refuses an unknown session with GAME_SESSION_EXPIRED and a malformed one with REQUEST_VALIDATION_ERROR', async () => {
    const unknown = await seedOf('x'.repeat(32));
    expect(unknown.json().code).toBe('GAME_SESSION_EXPIRED');
    const short = await seedOf('x');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('REQUEST_VALIDATION_ERROR');
  });

  it('does not exist without DEV_TOOLS=true', async () => {
    const off = await createTestApp({ NODE_ENV: 'development', DEV_TOOLS: 'false' });
    try {
      await seedGames(off.testDb.db);
      const res = await off.api({ method: 'GET', url: '/launch-demo?gameCode=slot-sakura-fortune&currency=PTS' });
      const token = new URL(res.json().url, 'http://x').searchParams.get('token')!;
      const opened = HouseSessionResponseSchema.parse((await off.api({ method: 'POST', url: '/house/session', payload: { token } })).json());
      expect((await off.api({ method: 'GET', url: `/dev/house/seed?session=${opened.session}` })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
