import { queriesRun } from '../server/metrics';
/**
 * A bench target check that cannot pass by accident (docs/decisions/0020-numbers-anyone-can-check.md): a side that made no request, or a
 * ratio that is not a finite number (0/0 is NaN, x/0 is Infinity, and NaN < target is false), fails
 * instead of slipping past a `ratio < target` test.
 */
export function ratioProblem(name: string, ratio: number, target: number, counts: number[], want: 'at least' | 'at most' = 'at least'): string | null {
  const empty = counts.findIndex((c) => !(c > 0));
  if (empty >= 0) return `${name}: side ${empty + 1} made no request (count ${counts[empty]})`;
  if (!Number.isFinite(ratio)) return `${name}: the ratio is ${ratio}`;
  const ok = want === 'at least' ? ratio >= target : ratio <= target;
  return ok ? null : `${name}: ${ratio.toFixed(3)} (target ${want} ${target})`;
}

/** The median: the middle value, or the mean of the two middle ones (NaN for none). */
export function median(xs: number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Runs `rounds` rounds of the sides' windows, one window of each side a round, the order reversed
 * every other round (a b c, c b a, a b c, ...): a drift of the machine over the run (caches warming,
 * a checkpoint, another process) then favours no side.
 */
export async function alternate(rounds: number, sides: Array<() => Promise<unknown>>): Promise<void> {
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? [...sides].reverse() : sides;
    for (const side of order) await side();
  }
}

/**
 * The verdict of two sides measured in alternating rounds: the median of the rounds' ratios
 * a[i] / b[i] (rates of windows measured next to each other). One disturbed window moves it little,
 * where it would move a ratio of pooled rates by its whole weight. The rounds' ratios are answered
 * too, to print: their spread is the measurement's noise.
 */
export function pairedRatio(a: number[], b: number[]): { ratio: number; ratios: number[] } {
  if (a.length !== b.length) throw new Error(`pairedRatio: ${a.length} windows against ${b.length}`);
  const ratios = a.map((x, i) => x / b[i]);
  return { ratio: median(ratios), ratios };
}

/** A window's rate (operations per second). */
/**
 * What a throughput bench judges: its target, or under --short (CI) the floor under it where one is
 * given, for a target that sat within its rounds' spread on some machines (decisions 0020 and 0023,
 * "Floors in CI").
 */
export const judgedBar = (target: number, ciFloor = target): number => (process.env.BENCH_SHORT ? ciFloor : target);

/** The verdict's words for the bar judged: the target, and the floor when this run judges that. */
export const barText = (target: number, bar: number): string =>
  bar === target ? `target >= ${target}` : `target >= ${target}, judged by the full bench; the short one judges >= ${bar}`;

export const rateOf = (w: { count: number; seconds: number }) => w.count / w.seconds;

/** Statements sent, operations done and seconds spent over a bench's windows (countQueries adds to it). */
export interface QueryCount {
  queries: number;
  operations: number;
  seconds: number;
}
export const noQueries = (): QueryCount => ({ queries: 0, operations: 0, seconds: 0 });

/**
 * Runs a window and adds to `total` the statements the process sent meanwhile (server/metrics.ts
 * queriesRun: every handle, begin and commit included), the window's operations and its seconds.
 */
export async function countQueries<T extends { count: number; seconds: number }>(total: QueryCount, window: () => Promise<T>): Promise<T> {
  const before = queriesRun();
  const result = await window();
  total.queries += queriesRun() - before;
  total.operations += result.count;
  total.seconds += result.seconds;
  return result;
}

/**
 * Statements per operation of the measured side, less the server's own background (its clocks,
 * pollers and leases: a few to tens of statements a second) at the rate counted over `idle`, the
 * windows of the other side, when the server takes no request.
 */
export const queriesPerOperation = (c: QueryCount, idle: QueryCount): number => (c.queries - (idle.queries / idle.seconds) * c.seconds) / c.operations;

/**
 * A work verdict, where a rate cannot tell: statements per operation at most `budget`. The count
 * does not move with the machine's load, so a budget half a statement over what the code sends
 * fails on one statement (one round trip) more per operation, which a throughput floor misses.
 */
export function queryBudgetProblem(name: string, c: QueryCount, idle: QueryCount, budget: number): string | null {
  if (!(c.operations > 0) || !(idle.seconds > 0)) return `${name}: nothing was counted`;
  const per = queriesPerOperation(c, idle);
  return per <= budget ? null : `${name}: ${per.toFixed(2)} statements per operation (budget ${budget})`;
}

export const budgetText = (c: QueryCount, idle: QueryCount, budget: number): string => {
  const per = queriesPerOperation(c, idle);
  const background = `${(idle.queries / idle.seconds).toFixed(1)}/s of background taken off`;
  return `${per.toFixed(2)} statements per operation over ${c.operations.toLocaleString('en')} (${background}; budget <= ${budget}) ${per <= budget ? 'OK' : 'OVER BUDGET'}`;
};
