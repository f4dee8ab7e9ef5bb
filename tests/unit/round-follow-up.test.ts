import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createRoundFollowUp, type PlayedRound } from '../../server/modules/progression/after-round';
import type { RoundWatch } from '../../server/modules/progression/service';

/**
 * Levels and missions after rounds (docs/decisions/0018): the server checks a player's progression
 * on the round that reaches a level or completes a mission, and otherwise only every `refreshMs`.
 */
describe('round follow-up (progression after rounds)', () => {
  const DAY_END = Date.now() + 60 * 60 * 1000;
  /** A check that answers `watch` (a fresh copy each time) and records when it ran. */
  function following(watch: () => RoundWatch, refreshMs = 60_000) {
    const checks: number[] = [];
    const errors: unknown[] = [];
    let round = 0;
    const followUp = createRoundFollowUp(
      async (id) => {
        if (id === 'broken') throw new Error('database down');
        checks.push(round);
        return watch();
      },
      refreshMs,
      (e) => errors.push(e),
    );
    const play = async (r: Partial<PlayedRound> = {}) => {
      round += 1;
      await followUp.after({ accountId: 'p', gameCode: 'slot-a', kind: 'slot', stake: 10, win: 0, settled: true, ...r });
    };
    return { checks, errors, play, followUp };
  }
  const quiet = (over: Partial<RoundWatch> = {}): RoundWatch => ({ dayEndsAt: DAY_END, open: [], gamesToday: ['slot-a'], coinsToLevel: 1_000_000, ...over });

  it('checks the first round, then the round that reaches the next level, not the ones between', async () => {
    let toLevel = 45;
    const { checks, play } = following(() => quiet({ coinsToLevel: toLevel }));
    await play(); // first round: nothing known yet
    toLevel = 500;
    for (let i = 0; i < 6; i++) await play({ stake: 10 }); // 45 coins left: the 5th round of 10 reaches it
    expect(checks).toEqual([1, 6]);
    // An open blackjack hand counts when it settles.
    const bj = following(() => quiet({ coinsToLevel: 15 }));
    await bj.play();
    await bj.play({ kind: 'blackjack', stake: 20, settled: false });
    expect(bj.checks).toEqual([1]);
    await bj.play({ kind: 'blackjack', stake: 20, settled: true });
    expect(bj.checks).toEqual([1, 3]);
  });

  it('checks the round that completes a mission, counting only the games the mission is on', async () => {
    const rounds = following(() => quiet({ open: [{ kind: 'ROUNDS', games: 'table', target: 3, progress: 1 }] }));
    await rounds.play();
    await rounds.play({ kind: 'slot' }); // a slot round: not counted
    await rounds.play({ kind: 'roulette' });
    expect(rounds.checks).toEqual([1]);
    await rounds.play({ kind: 'baccarat' });
    expect(rounds.checks).toEqual([1, 4]);

    const wagered = following(() => quiet({ open: [{ kind: 'WAGERED', games: 'any', target: 100, progress: 60 }] }));
    await wagered.play();
    await wagered.play({ stake: 30 });
    await wagered.play({ stake: 10 });
    expect(wagered.checks).toEqual([1, 3]);

    const bigWin = following(() => quiet({ open: [{ kind: 'BIG_WIN', games: 'slot', target: 5, progress: 0 }] }));
    await bigWin.play();
    await bigWin.play({ stake: 10, win: 40 });
    await bigWin.play({ kind: 'roulette', stake: 10, win: 360 });
    expect(bigWin.checks).toEqual([1]);
    await bigWin.play({ stake: 10, win: 50 });
    expect(bigWin.checks).toEqual([1, 4]);

    // Three games today: the one already played does not count again, two new ones do.
    const distinct = following(() => quiet({ open: [{ kind: 'DISTINCT_GAMES', games: 'any', target: 3, progress: 1 }] }));
    await distinct.play();
    await distinct.play({ gameCode: 'slot-a' });
    await distinct.play({ gameCode: 'slot-b' });
    await distinct.play({ gameCode: 'slot-b' });
    expect(distinct.checks).toEqual([1]);
    await distinct.play({ gameCode: 'roulette-european', kind: 'roulette' });
    expect(distinct.checks).toEqual([1, 5]);
  });

  it('checks again after refreshMs of play and when the day turns, and a failed check never fails the round', async () => {
    const { checks, play } = following(() => quiet(), 100);
    await play();
    await play();
    expect(checks).toEqual([1]);
    await sleep(120);
    await play();
    expect(checks).toEqual([1, 3]);

    const turning = following(() => quiet({ dayEndsAt: Date.now() + 50 }));
    await turning.play();
    await turning.play();
    await sleep(70);
    await turning.play();
    expect(turning.checks).toEqual([1, 3]);

    const broken = following(() => quiet());
    await expect(broken.followUp.after({ accountId: 'broken', gameCode: 'slot-a', kind: 'slot', stake: 10, win: 0, settled: true })).resolves.toBeUndefined();
    expect(broken.errors).toHaveLength(1);
  });
});
