/**
 * The parts of `npm run perf`'s verdict that must not pass by accident (docs/decisions/0020-numbers-anyone-can-check.md), pure so a unit
 * test can hold them (tests/unit/perf-verdict.test.ts): PERF_ONLY naming a page that does not exist
 * (a typo measured nothing and printed "OK"), and a Lighthouse run whose result lacks a category it
 * was asked to audit, or scored it null (a budget compared with `undefined` is never breached).
 */

/** The targets PERF_ONLY (comma-separated page labels) picks; every target without it. Throws on a name no target has, or when nothing is left to measure. */
export function pickTargets<T extends { label: string }>(targets: readonly T[], only: string | undefined): T[] {
  if (only === undefined || only.trim() === '') return [...targets];
  const names = only.split(',').map((name) => name.trim());
  const known = new Set(targets.map((t) => t.label));
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(`PERF_ONLY names no such page: ${unknown.map((n) => JSON.stringify(n)).join(', ')} (pages: ${[...known].join(', ')})`);
  }
  return targets.filter((t) => names.includes(t.label));
}

/**
 * A run's category scores (0-100) for the categories it was asked for, and the ones it lacks: absent
 * from the result, or without a score (Lighthouse could not compute it). A missing one is a breach.
 */
export function categoryScores(
  categories: Readonly<Record<string, { score: number | null } | undefined>>,
  wanted: readonly string[],
): { scores: Record<string, number>; missing: string[] } {
  const scores: Record<string, number> = {};
  const missing: string[] = [];
  for (const id of wanted) {
    const score = categories[id]?.score;
    if (typeof score !== 'number' || !Number.isFinite(score)) missing.push(id);
    else scores[id] = Math.round(score * 100);
  }
  return { scores, missing };
}
