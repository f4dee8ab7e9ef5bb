import { randomUUID } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayResponseSchema } from '../../contracts/games';
import { runAdmin } from '../../server/admin';
import { seedGames } from '../../server/modules/games/service';
import { postMovement } from '../../server/modules/wallet';
import { createTestApp, type TestApp } from '../support/app';
import { createTestPlayer } from '../support/players';

describe(`games operator commands (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  const admin = async (...argv: string[]) => {
    const lines: string[] = [];
    const code = await runAdmin(argv, { db: t.testDb.db, config: t.config, out: (l) => lines.push(l) });
    return { code, text: lines.join('\n') };
  };
  beforeAll(async () => {
    t = await createTestApp();
    await seedGames(t.testDb.db);
  });
  afterAll(() => t.close());

  it('disables, re-enables, retags and retitles a game; the catalogue follows', async () => {
    expect((await admin('games:disable', 'slot-lucky-cat')).code).toBe(0);
    expect((await t.api({ method: 'GET', url: '/launch-demo?gameCode=slot-lucky-cat&currency=PTS' })).json().code).toBe('GAME_NOT_AVAILABLE');
    expect((await admin('games:enable', 'slot-lucky-cat')).code).toBe(0);
    expect((await admin('games:tags', 'slot-lucky-cat', 'featured,slot')).code).toBe(0);
    expect((await admin('games:title', 'slot-lucky-cat', '幸運の猫', '|', 'Fortune Cat')).code).toBe(0);
    expect((await admin('games:demo', 'slot-lucky-cat', 'off')).code).toBe(0);
    const en = (await t.api({ method: 'GET', url: '/games?languageCode=en&siteRef=WEB' })).json()[0].games;
    const ja = (await t.api({ method: 'GET', url: '/games?languageCode=ja&siteRef=WEB' })).json()[0].games;
    expect(en.find((g: { gameCode: string }) => g.gameCode === 'slot-lucky-cat')).toMatchObject({
      title: 'Fortune Cat',
      tags: ['FEATURED', 'SLOT'],
      isDemoAvailable: false,
    });
    expect(ja.find((g: { gameCode: string }) => g.gameCode === 'slot-lucky-cat').title).toBe('幸運の猫');
    expect((await admin('games:title', 'slot-lucky-cat', '-')).code).toBe(0);
    expect((await admin('games:disable', 'no-such-game')).code).toBe(1);
    expect((await admin('games:list')).text).toContain('slot-lucky-cat');
    expect((await admin('games:import')).code).toBe(0);
  });

  it('voids an unfinished blackjack hand by rolling its bet back, and refuses to void a settled round', async () => {
    const p = await createTestPlayer(t.testDb.db);
    await postMovement(t.testDb.db, {
      accountId: p.id,
      type: 'ADJUSTMENT',
      amount: 10_000,
      idempotencyKey: `f-${randomBytes(4).toString('hex')}`,
      reason: 'test',
    });
    const url = (await t.api({ method: 'GET', url: '/launchgame?gameCode=blackjack-classic', headers: p.headers })).json().url;
    const token = new URL(url, 'http://x').searchParams.get('token');
    const session = (await t.api({ method: 'POST', url: '/house/session', payload: { token } })).json().session;
    let open: string | null = null;
    let settled: string | null = null;
    // First a settled hand (a natural, or an open one stood on), then an open hand left open.
    for (let i = 0; i < 30 && !(open && settled); i++) {
      const r = PlayResponseSchema.parse(
        (
          await t.api({
            method: 'POST',
            url: '/house/play',
            payload: { session, input: { kind: 'blackjack', action: 'deal', bet: 100 }, requestId: randomUUID() },
          })
        ).json(),
      );
      if (r.status !== 'open') settled ??= r.roundId;
      else if (settled) open = r.roundId;
      else {
        const stood = PlayResponseSchema.parse(
          (
            await t.api({
              method: 'POST',
              url: '/house/play',
              payload: { session, input: { kind: 'blackjack', action: 'stand', roundId: r.roundId }, requestId: randomUUID() },
            })
          ).json(),
        );
        expect(stood.status).not.toBe('open');
        settled = r.roundId;
      }
    }
    expect(open).not.toBeNull();
    const before = (await t.testDb.db.selectFrom('wallets').select('balance').where('account_id', '=', p.id).executeTakeFirstOrThrow()).balance;
    const voided = await admin('games:void-round', open!);
    expect(voided.code).toBe(0);
    const after = (await t.testDb.db.selectFrom('wallets').select('balance').where('account_id', '=', p.id).executeTakeFirstOrThrow()).balance;
    expect(after).toBe(before + 100);
    expect((await admin('games:void-round', open!)).code).toBe(1);
    const history = (await t.api({ method: 'GET', url: '/get-bet-history?page=1', headers: p.headers })).json();
    expect(history.records.find((r: { roundId: string }) => r.roundId === open).status).toBe('refunded');

    // A settled round is refused: the command fails, the round stays settled, no coin moves.
    expect(settled).not.toBeNull();
    const beforeSettled = (await t.testDb.db.selectFrom('wallets').select('balance').where('account_id', '=', p.id).executeTakeFirstOrThrow()).balance;
    const refused = await admin('games:void-round', settled!);
    expect(refused.code).toBe(1);
    expect((await t.testDb.db.selectFrom('house_rounds').select('status').where('id', '=', settled!).executeTakeFirstOrThrow()).status).toBe('settled');
    expect((await t.testDb.db.selectFrom('wallets').select('balance').where('account_id', '=', p.id).executeTakeFirstOrThrow()).balance).toBe(beforeSettled);
  });
});
