import { describe, expect, it } from 'vitest';
import { ratioProblem } from '../../bench/verdict';

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
});
