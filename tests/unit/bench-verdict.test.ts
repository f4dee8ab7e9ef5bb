import { describe, expect, it } from 'vitest';
import { afterEach, vi } from 'vitest';
import { alternate, barText, judgedBar, median, pairedRatio, ratioProblem } from '../../bench/verdict';

describe('bench verdicts cannot pass by accident', () => {
  it('passes a measured ratio on the right side of its target', () => {
    expect(ratioProblem('x', 0.5, 0.3, [100, 200])).toBeNull();
    expect(ratioProblem('x', 1.5, 2, [10, 10], 'at most')).toBeNull();
  });
  it('fails below target, a NaN or infinite ratio, and a side with no request', () => {
    expect(ratioProblem('x', 0.2, 0.3, [100, 200])).toContain('target at least 0.3');
    expect(ratioProblem('x', Number.NaN, 0.3, [100, 200])).toContain('NaN');
    expect(ratioProblem('x', Number.POSITIVE_INFINITY, 0.3, [100, 200])).toContain('Infinity');
    expect(ratioProblem('x', 5, 0.3, [100, 0])).toContain('no request');
    expect(ratioProblem('x', 0 / 0, 2, [0, 0], 'at most')).toContain('no request');
  });
  it('a paired verdict is the median of the rounds, so one disturbed window cannot flip it', () => {
    // Four rounds at 0.35 and one where the app side stalled: pooled, the stall would take the
    // ratio to 0.29; the median of the rounds stays at 0.35.
    const bare = [1000, 1000, 1000, 1000, 1000];
    const app = [350, 350, 50, 350, 350];
    expect(app.reduce((a, b) => a + b) / bare.reduce((a, b) => a + b)).toBeLessThan(0.3);
    const { ratio, ratios } = pairedRatio(app, bare);
    expect(ratio).toBeCloseTo(0.35);
    expect(ratios).toEqual([0.35, 0.35, 0.05, 0.35, 0.35]);
    // ...but a side that is slow in most rounds fails.
    expect(pairedRatio([350, 250, 250, 250, 350], bare).ratio).toBeCloseTo(0.25);
    // No round, no number: ratioProblem then fails it.
    expect(ratioProblem('x', pairedRatio([], []).ratio, 0.3, [1, 1])).toContain('NaN');
    expect(() => pairedRatio([1, 2], [1])).toThrow();
  });
  it('median: middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
  it('alternate reverses the order of the sides every other round', async () => {
    const seen: string[] = [];
    const side = (name: string) => async () => void seen.push(name);
    await alternate(3, [side('a'), side('b'), side('c')]);
    expect(seen.join('')).toBe('abccbaabc');
  });
});

describe('floors in CI (bench/verdict.ts judgedBar, barText)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('judges the target in the full bench and the floor under --short, and says which', () => {
    vi.stubEnv('BENCH_SHORT', '');
    expect(judgedBar(0.8, 0.65)).toBe(0.8);
    expect(barText(0.8, judgedBar(0.8, 0.65))).toBe('target >= 0.8');
    vi.stubEnv('BENCH_SHORT', '1');
    expect(judgedBar(0.8, 0.65)).toBe(0.65);
    expect(judgedBar(0.05)).toBe(0.05);
    expect(barText(0.8, 0.65)).toBe('target >= 0.8, judged by the full bench; the short one judges >= 0.65');
  });
});
