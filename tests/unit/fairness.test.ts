import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fairRandom, hmacSha256, playRound, pureHmac, recomputeRound, serverSeedHash, sha256, toHex } from '../../contracts/fairness';
import { coveredNumbers, playRoulette } from '../../contracts/house/roulette';
import { playBlackjack } from '../../contracts/house/blackjack';
import { handTotal } from '../../contracts/house/cards';
import { bankerDraws } from '../../contracts/house/baccarat';
import type { BlackjackDefinition, RouletteDefinition, VerifyRoundResponse } from '../../contracts/games';
import { nodeHmac } from '../../server/modules/house/provider';

const enc = (s: string) => new TextEncoder().encode(s);

describe('provably fair randomness (contracts/house/random.ts)', () => {
  it('the pure SHA-256 and HMAC-SHA256 give the same bytes as Node crypto', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 100 }), (key, msg) => {
        expect(toHex(sha256(enc(msg)))).toBe(createHash('sha256').update(msg).digest('hex'));
        expect(toHex(hmacSha256(enc(key), enc(msg)))).toBe(createHmac('sha256', key).update(msg).digest('hex'));
        expect(toHex(pureHmac(key, msg))).toBe(toHex(nodeHmac(key, msg)));
      }),
      { numRuns: 300 },
    );
    expect(toHex(sha256(enc('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('draws from HMAC-SHA256(serverSeed, "clientSeed:nonce"), 8 big-endian words a block, then "clientSeed:nonce:i"', () => {
    const rng = fairRandom('server', 'client', 7);
    const block0 = createHmac('sha256', 'server').update('client:7').digest();
    const block1 = createHmac('sha256', 'server').update('client:7:1').digest();
    const n = 2 ** 32; // no rejection possible at this range: each draw is the word itself
    for (let i = 0; i < 8; i++) expect(rng.int(n)).toBe(block0.readUInt32BE(i * 4));
    expect(rng.int(n)).toBe(block1.readUInt32BE(0));
  });

  it('rejects words above the largest multiple of n, so there is no modulo bias', () => {
    // With n = 3 * 2^30, 2^32 % n = 2^30: words >= 3 * 2^30 are skipped.
    const n = 3 * 2 ** 30;
    const words: number[] = [];
    const block = createHmac('sha256', 's').update('c:0').digest();
    for (let i = 0; i < 8; i++) words.push(block.readUInt32BE(i * 4));
    const expected = words.filter((w) => w < n).map((w) => w % n);
    const rng = fairRandom('s', 'c', 0);
    for (const e of expected) expect(rng.int(n)).toBe(e);
  });

  it('is uniform: a chi-square test over 37 pockets and 370,000 draws passes', () => {
    const rng = fairRandom('uniformity', 'seed', 1, nodeHmac);
    const counts = new Array(37).fill(0);
    const N = 370_000;
    for (let i = 0; i < N; i++) counts[rng.int(37)]++;
    const expected = N / 37;
    const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 36 degrees of freedom: the 99.9th percentile is 67.99.
    expect(chi2).toBeLessThan(67.99);
  });

  it('hashes the server seed text with SHA-256 for the commitment', () => {
    expect(serverSeedHash('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });
});

describe('game rules', () => {
  const roulette: RouletteDefinition = { kind: 'roulette', variant: 'french', minBet: 10, maxBet: 1000, betUnit: 10, chips: [10], maxTotalBet: 5000 };

  it('roulette accepts only legal layout groups', () => {
    expect(coveredNumbers({ type: 'split', numbers: [1, 2] })).toEqual([1, 2]);
    expect(coveredNumbers({ type: 'split', numbers: [3, 4] })).toBeNull();
    expect(coveredNumbers({ type: 'corner', numbers: [5, 6, 8, 9] })).toEqual([5, 6, 8, 9]);
    expect(coveredNumbers({ type: 'line', numbers: [31, 32, 33, 34, 35, 36] })).not.toBeNull();
    expect(coveredNumbers({ type: 'dozen', value: 3 })).toHaveLength(12);
    expect(coveredNumbers({ type: 'column', value: 1 })).toContain(34);
    expect(coveredNumbers({ type: 'red', numbers: [1] })).toBeNull();
  });

  it('French roulette returns half of an even-chance bet on zero (la partage)', () => {
    const zero = { int: () => 0 };
    const r = playRoulette(roulette, zero, [
      { type: 'red', amount: 100 },
      { type: 'straight', numbers: [0], amount: 10 },
    ]);
    expect(r.bets.map((b) => b.win)).toEqual([50, 360]);
  });

  it('baccarat banker third-card rule follows the tableau', () => {
    expect(bankerDraws(3, { rank: '8', suit: 'S' })).toBe(false);
    expect(bankerDraws(6, { rank: '7', suit: 'S' })).toBe(true);
    expect(bankerDraws(5, null)).toBe(true);
    expect(bankerDraws(6, null)).toBe(false);
  });

  it('blackjack refuses a double after a hit and replays identically from the same stream', () => {
    const def: BlackjackDefinition = { kind: 'blackjack', decks: 6, dealerHitsSoft17: false, minBet: 10, maxBet: 1000, betUnit: 10, chips: [10] };
    for (let nonce = 0; nonce < 50; nonce++) {
      const hand = playBlackjack(def, fairRandom('s', 'c', nonce), 10, []);
      if (hand.result !== null) continue;
      const hit = playBlackjack(def, fairRandom('s', 'c', nonce), 10, ['hit']);
      if (hit.result === null) expect(() => playBlackjack(def, fairRandom('s', 'c', nonce), 10, ['hit', 'double'])).toThrow();
      const stood = playBlackjack(def, fairRandom('s', 'c', nonce), 10, ['stand']);
      expect(stood.playerCards).toEqual(hand.playerCards);
      expect(handTotal(stood.dealerCards).total).toBeGreaterThanOrEqual(17);
    }
  });

  it('recomputeRound reproduces a played round and detects a tampered outcome or seed', () => {
    const def = { ...roulette, variant: 'european' as const };
    const input = { kind: 'roulette' as const, bets: [{ type: 'red' as const, amount: 10 }] };
    const serverSeed = 'f'.repeat(64);
    const played = playRound(def, fairRandom(serverSeed, 'player', 3), input);
    const record: VerifyRoundResponse = {
      roundId: '00000000-0000-4000-8000-000000000000',
      gameCode: 'roulette-european',
      gameTitle: 'European Roulette',
      createdAt: new Date().toISOString(),
      status: 'settled',
      serverSeed,
      serverSeedHash: serverSeedHash(serverSeed),
      clientSeed: 'player',
      nonce: 3,
      definition: def,
      input,
      actions: [],
      stake: played.stake,
      win: played.win,
      outcome: played.outcome,
    };
    expect(recomputeRound(record)).toMatchObject({ hashMatches: true, outcomeMatches: true });
    const other = played.outcome.kind === 'roulette' ? (played.outcome.number + 1) % 37 : 0;
    expect(recomputeRound({ ...record, outcome: { ...played.outcome, number: other } as typeof played.outcome }).outcomeMatches).toBe(false);
    expect(recomputeRound({ ...record, serverSeedHash: serverSeedHash('other') }).hashMatches).toBe(false);
  });
});
