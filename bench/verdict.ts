/**
 * A bench target check that cannot pass by accident (issue #28): a side that made no request, or a
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
