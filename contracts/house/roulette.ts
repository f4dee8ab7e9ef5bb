import type { RouletteBet, RouletteBetType, RouletteDefinition } from '../games';
import { invalidBets, opposingBets, type BetsProblem } from './problems';
import type { RandomSource } from './random';

/** Single-zero roulette. The wheel's pocket is one uniform draw in [0, 37). */

export const RED_NUMBERS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const POCKETS = 37;

/** Profit multiple of each bet type (a winning bet also gets its stake back). */
export const ROULETTE_PAYOUTS: Record<RouletteBetType, number> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  line: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

const EVEN_CHANCES = new Set<RouletteBetType>(['red', 'black', 'odd', 'even', 'low', 'high']);

const key = (numbers: number[]) => [...numbers].sort((a, b) => a - b).join(',');

/** Every legal inside-bet group on the standard layout (3 columns, 12 rows, 0 above 1-2-3); the boards offer exactly these (tests/unit/roulette-board.test.ts). */
export const GROUPS: Record<'split' | 'street' | 'corner' | 'line', Set<string>> = (() => {
  const split = new Set<string>(),
    street = new Set<string>(),
    corner = new Set<string>(),
    line = new Set<string>();
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) split.add(key([n, n + 1]));
    if (n + 3 <= 36) split.add(key([n, n + 3]));
    if (n % 3 !== 0 && n + 4 <= 36) corner.add(key([n, n + 1, n + 3, n + 4]));
  }
  for (const n of [1, 2, 3]) split.add(key([0, n]));
  for (let row = 0; row < 12; row++) street.add(key([row * 3 + 1, row * 3 + 2, row * 3 + 3]));
  street.add(key([0, 1, 2]));
  street.add(key([0, 2, 3]));
  corner.add(key([0, 1, 2, 3]));
  for (let row = 0; row < 11; row++) line.add(key([1, 2, 3, 4, 5, 6].map((x) => x + row * 3)));
  return { split, street, corner, line };
})();

const SIZES = { straight: 1, split: 2, street: 3, corner: 4, line: 6 } as const;

/** The numbers a bet covers, or null when the bet is not a legal bet on the layout. */
export function coveredNumbers(bet: Pick<RouletteBet, 'type' | 'numbers' | 'value'>): number[] | null {
  const all = Array.from({ length: 36 }, (_, i) => i + 1);
  switch (bet.type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'line': {
      const nums = bet.numbers;
      if (!nums || bet.value !== undefined || nums.length !== SIZES[bet.type] || new Set(nums).size !== nums.length) return null;
      if (bet.type === 'straight') return nums[0] >= 0 && nums[0] <= 36 ? [...nums] : null;
      return GROUPS[bet.type].has(key(nums)) ? [...nums].sort((a, b) => a - b) : null;
    }
    case 'dozen':
      if (bet.numbers !== undefined || bet.value === undefined) return null;
      return all.filter((n) => Math.ceil(n / 12) === bet.value);
    case 'column':
      if (bet.numbers !== undefined || bet.value === undefined) return null;
      return all.filter((n) => ((n - 1) % 3) + 1 === bet.value);
    default: {
      if (bet.numbers !== undefined || bet.value !== undefined) return null;
      const test: Record<string, (n: number) => boolean> = {
        red: (n) => RED_NUMBERS.has(n),
        black: (n) => !RED_NUMBERS.has(n),
        odd: (n) => n % 2 === 1,
        even: (n) => n % 2 === 0,
        low: (n) => n <= 18,
        high: (n) => n >= 19,
      };
      return all.filter(test[bet.type]);
    }
  }
}

/** Why a set of bets is refused at this table, or null when it may be played. */
export function rouletteBetsProblem(def: RouletteDefinition, bets: RouletteBet[]): BetsProblem | null {
  let total = 0;
  for (const bet of bets) {
    if (!coveredNumbers(bet)) return invalidBets(`not a legal ${bet.type} bet`);
    if (bet.amount < def.minBet || bet.amount > def.maxBet || bet.amount % def.betUnit !== 0) return invalidBets('amount outside the table limits');
    total += bet.amount;
  }
  if (total > def.maxTotalBet) return invalidBets('total above the table limit');
  const opposed = rouletteOpposingBet(bets.map((b) => b.type));
  return opposed ? opposingBets(`${opposed.join(' and ')} in one round`) : null;
}

/** The even-chance pairs that cover each other: one side wins on every pocket but zero. */
export const OPPOSING_ROULETTE_BETS: ReadonlyArray<readonly [RouletteBetType, RouletteBetType]> = [
  ['red', 'black'],
  ['even', 'odd'],
  ['low', 'high'],
];

/** The first opposing pair among these bet types, or null. */
export function rouletteOpposingBet(types: readonly RouletteBetType[]): readonly [RouletteBetType, RouletteBetType] | null {
  return OPPOSING_ROULETTE_BETS.find(([a, b]) => types.includes(a) && types.includes(b)) ?? null;
}

export const pocketColor = (n: number) => (n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black') as 'green' | 'red' | 'black';

/** What one bet returns (stake included) when the ball lands on `pocket`. */
export function rouletteBetReturn(def: RouletteDefinition, bet: RouletteBet, covered: number[], pocket: number): number {
  if (covered.includes(pocket)) return bet.amount * (ROULETTE_PAYOUTS[bet.type] + 1);
  // La partage: an even-chance bet gets half its stake back when zero comes up.
  if (def.variant === 'french' && pocket === 0 && EVEN_CHANCES.has(bet.type)) return Math.floor(bet.amount / 2);
  return 0;
}

export function playRoulette(def: RouletteDefinition, rng: RandomSource, bets: RouletteBet[]) {
  const pocket = rng.int(POCKETS);
  let totalWin = 0;
  const settled = bets.map((bet) => {
    const numbers = coveredNumbers(bet) ?? [];
    const win = rouletteBetReturn(def, bet, numbers, pocket);
    totalWin += win;
    return { ...bet, numbers, win };
  });
  return { kind: 'roulette' as const, number: pocket, color: pocketColor(pocket), bets: settled, totalWin };
}
