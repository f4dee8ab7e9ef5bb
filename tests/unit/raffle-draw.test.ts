import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RAFFLE_ALGORITHM_CODE, drawWinners, seedCommitment, ticketListHash, ticketListText, verifyRaffleRecord } from '../../contracts/raffle-draw';

const list = [
  { holder: 'c3', tickets: 5 },
  { holder: 'a1', tickets: 1 },
  { holder: 'b2', tickets: 12 },
  { holder: 'd4', tickets: 3 },
  { holder: 'zero', tickets: 0 },
];
const prizes = [{ amount: 500 }, { amount: 100, count: 2 }];
const seed = 'f'.repeat(64);

describe('the raffle draw (contracts/raffle-draw.ts)', () => {
  it('hashes the ticket list in canonical order, whatever order it comes in, leaving out empty holdings', () => {
    expect(ticketListText(list)).toBe('a1 1\nb2 12\nc3 5\nd4 3\n');
    expect(ticketListHash(list)).toBe(ticketListHash([...list].reverse()));
    expect(ticketListHash(list)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('draws the same winners from the same record, Node HMAC or the pure one', () => {
    const pure = drawWinners(seed, list, prizes);
    const node = drawWinners(seed, list, prizes, (k, m) => createHmac('sha256', k).update(m).digest());
    expect(node).toEqual(pure);
    expect(pure.map((w) => w.place)).toEqual([1, 2, 3]);
    expect(pure.map((w) => w.amount)).toEqual([500, 100, 100]);
    expect(new Set(pure.map((w) => w.holder)).size).toBe(3);
  });

  it('never names a holder twice and gives no more places than there are holders', () => {
    for (let i = 0; i < 50; i++) {
      const winners = drawWinners(`seed-${i}`, list, [{ amount: 1, count: 10 }]);
      expect(winners).toHaveLength(4);
      expect(new Set(winners.map((w) => w.holder)).size).toBe(4);
    }
    expect(drawWinners(seed, [], prizes)).toEqual([]);
  });

  it('draws tickets uniformly: each holder wins first place in proportion to their tickets', () => {
    const few = [
      { holder: 'a', tickets: 1 },
      { holder: 'b', tickets: 3 },
    ];
    const wins = { a: 0, b: 0 } as Record<string, number>;
    for (let i = 0; i < 4000; i++) wins[drawWinners(`s${i}`, few, [{ amount: 1 }])[0].holder]++;
    expect(wins.a / 4000).toBeGreaterThan(0.22);
    expect(wins.a / 4000).toBeLessThan(0.28);
  });

  it('the published standalone code (Web Crypto) gives the winners drawWinners gives', async () => {
    const standalone = new Function(`${RAFFLE_ALGORITHM_CODE}; return drawWinners;`)() as (s: string, t: unknown, p: unknown) => Promise<unknown>;
    for (const s of [seed, 'another seed', 'a'.repeat(100)]) expect(await standalone(s, list, prizes)).toEqual(drawWinners(s, list, prizes));
  });

  it('verifies a record and catches a changed winner, list or seed', () => {
    const winners = drawWinners(seed, list, prizes);
    const record = {
      commitment: seedCommitment(seed),
      serverSeed: seed,
      ticketListHash: ticketListHash(list),
      tickets: list.filter((h) => h.tickets > 0),
      prizes,
      winners,
    };
    expect(verifyRaffleRecord(record)).toMatchObject({ commitmentMatches: true, ticketListHashMatches: true, winnersMatch: true });
    expect(verifyRaffleRecord({ ...record, winners: [{ ...winners[0], holder: 'd4' }, ...winners.slice(1)] }).winnersMatch).toBe(false);
    expect(verifyRaffleRecord({ ...record, serverSeed: 'e'.repeat(64) }).commitmentMatches).toBe(false);
  });
});
