import { describe, expect, it } from 'vitest';
import type { PlayInput, PlayResponse, RouletteDefinition } from '../../contracts/games';
import { playRoulette, pocketColor, RED_NUMBERS } from '../../contracts/house/roulette';
import { ApiError } from '../../src/lib/api';
import { createRouletteTable, WHEEL_ORDER, type HeldRound } from '../../src/stores/roulette';

const definition: RouletteDefinition = {
  kind: 'roulette',
  variant: 'european',
  minBet: 10,
  maxBet: 5000,
  betUnit: 10,
  chips: [10, 50, 100, 500, 1000],
  maxTotalBet: 20000,
};

/**
 * The house answers with the real engine on a pocket the test picks (the server is the only thing
 * stood in for); `revealed` counts the balance reveals the table asked for.
 */
function house(pockets: number[]) {
  const calls: PlayInput[] = [];
  let revealed = 0;
  const play: HeldRound = async (input) => {
    calls.push(input);
    if (input.kind !== 'roulette') throw new Error('not roulette');
    const pocket = pockets.shift() ?? 0;
    const outcome = playRoulette(definition, { int: () => pocket }, input.bets);
    const stake = input.bets.reduce((s, b) => s + b.amount, 0);
    const result = {
      roundId: 'r',
      nonce: calls.length,
      status: 'settled',
      stake,
      win: outcome.totalWin,
      balance: 0,
      currency: 'PTS',
      outcome,
    } as unknown as PlayResponse;
    return { result, reveal: () => void revealed++ };
  };
  return { play, calls, revealed: () => revealed };
}

describe('the European wheel', () => {
  it('has the 37 pockets once each, in the single-zero order, red and black alternating after zero', () => {
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    expect(WHEEL_ORDER.slice(0, 5)).toEqual([0, 32, 15, 19, 4]);
    expect(WHEEL_ORDER.at(-1)).toBe(26);
    for (let i = 1; i < WHEEL_ORDER.length; i++) {
      expect(pocketColor(WHEEL_ORDER[i])).toBe(i % 2 === 1 ? 'red' : 'black');
    }
    expect(RED_NUMBERS.size).toBe(18);
  });
});

describe('the roulette table (store)', () => {
  it('places chips of the chosen value, stacks them on a spot, undoes the newest and clears', () => {
    const table = createRouletteTable(definition, house([]).play);
    table.place({ type: 'straight', numbers: [17] });
    table.selectChip(50);
    table.place({ type: 'straight', numbers: [17] });
    table.place({ type: 'red' });
    expect(table.$table.get().bets).toEqual([
      { type: 'straight', numbers: [17], amount: 60 },
      { type: 'red', amount: 50 },
    ]);
    table.undo();
    expect(table.$table.get().bets).toEqual([{ type: 'straight', numbers: [17], amount: 60 }]);
    table.clear();
    expect(table.$table.get().bets).toEqual([]);
    expect(table.$table.get().placed).toEqual([]);
  });

  it('refuses an opposing even-chance bet and a chip over the limit, with a message, changing nothing', () => {
    const table = createRouletteTable(definition, house([]).play);
    table.place({ type: 'red' });
    table.place({ type: 'black' });
    expect(table.$table.get().error).toBe('house.error.opposing');
    expect(table.$table.get().bets).toEqual([{ type: 'red', amount: 10 }]);
    table.selectChip(1000);
    for (let i = 0; i < 5; i++) table.place({ type: 'straight', numbers: [5] });
    table.place({ type: 'straight', numbers: [5] });
    expect(table.$table.get().error).toBe('roulette.limit');
    expect(table.$table.get().bets.find((b) => b.type === 'straight')?.amount).toBe(5000);
  });

  it('spins: requesting, then spinning towards the drawn pocket; the result and balance wait for the ball to land', async () => {
    const h = house([17]);
    const table = createRouletteTable(definition, h.play);
    table.place({ type: 'straight', numbers: [17] });
    table.place({ type: 'black' });
    const spun = table.spin();
    expect(table.$table.get().phase).toBe('requesting');
    table.place({ type: 'odd' }); // nothing moves on the table while the round is on
    await spun;
    const spinning = table.$table.get();
    expect(spinning.phase).toBe('spinning');
    expect(spinning.target).toBe(17);
    expect(spinning.result).toBeNull();
    expect(h.revealed()).toBe(0);
    expect(h.calls).toEqual([
      {
        kind: 'roulette',
        bets: [
          { type: 'straight', numbers: [17], amount: 10 },
          { type: 'black', amount: 10 },
        ],
      },
    ]);

    table.landed();
    const settled = table.$table.get();
    expect(h.revealed()).toBe(1);
    expect(settled.phase).toBe('settled');
    expect(settled.result).toEqual({ number: 17, color: 'black', win: 360 + 20, staked: 20, winningKeys: ['straight:17', 'black'] });
    expect(settled.recent).toEqual([17]);
    expect(settled.bets).toEqual([]);
    table.landed(); // a second transition end changes nothing
    expect(h.revealed()).toBe(1);
  });

  it('repeats the last bets on an empty table, and a new chip starts the next round of bets', async () => {
    const table = createRouletteTable(definition, house([0, 3]).play);
    table.selectChip(100);
    table.place({ type: 'dozen', value: 1 });
    await table.spin();
    table.landed();
    expect(table.$table.get().result?.win).toBe(0);
    table.rebet();
    expect(table.$table.get().phase).toBe('betting');
    expect(table.$table.get().result).toBeNull();
    expect(table.$table.get().bets).toEqual([{ type: 'dozen', value: 1, amount: 100 }]);
    table.rebet(); // not on a table with chips: nothing doubles
    expect(table.$table.get().bets).toEqual([{ type: 'dozen', value: 1, amount: 100 }]);
    await table.spin();
    table.landed();
    expect(table.$table.get().result).toMatchObject({ number: 3, win: 300, winningKeys: ['dozen:1'] });
    expect(table.$table.get().recent).toEqual([3, 0]);
  });

  it('a refused round goes back to betting with the message, the chips still on the table', async () => {
    const table = createRouletteTable(definition, async () => {
      throw new ApiError('INSUFFICIENT_FUNDS', 400);
    });
    table.place({ type: 'even' });
    await table.spin();
    expect(table.$table.get()).toMatchObject({ phase: 'betting', error: 'house.error.insufficient', bets: [{ type: 'even', amount: 10 }] });
  });
});
