import { describe, expect, it } from 'vitest';
import { categoryScores, pickTargets } from '../../scripts/perf-verdict';

const targets = [{ label: 'home' }, { label: 'category' }, { label: 'bet history' }, { label: 'house frame' }, { label: 'house frame' }];

describe('npm run perf cannot pass by measuring nothing', () => {
  it('PERF_ONLY picks the named pages, all of them without it', () => {
    expect(pickTargets(targets, undefined)).toHaveLength(5);
    expect(pickTargets(targets, '')).toHaveLength(5);
    expect(pickTargets(targets, 'home,bet history').map((t) => t.label)).toEqual(['home', 'bet history']);
    expect(pickTargets(targets, 'house frame')).toHaveLength(2);
  });
  it('fails on a page name no target has', () => {
    expect(() => pickTargets(targets, 'hme')).toThrow(/"hme"/);
    expect(() => pickTargets(targets, 'home,bet-history')).toThrow(/no such page: "bet-history"/);
    expect(() => pickTargets(targets, ',')).toThrow(/no such page/);
  });
  it('a category missing from the result, or without a score, is reported missing', () => {
    const all = ['performance', 'accessibility', 'best-practices', 'seo'];
    expect(categoryScores({ performance: { score: 0.97 }, accessibility: { score: 1 }, 'best-practices': { score: 0.5 }, seo: { score: 1 } }, all)).toEqual({
      scores: { performance: 97, accessibility: 100, 'best-practices': 50, seo: 100 },
      missing: [],
    });
    const partial = categoryScores({ performance: { score: 0.97 }, seo: { score: null } }, all);
    expect(partial.missing).toEqual(['accessibility', 'best-practices', 'seo']);
    expect(partial.scores).toEqual({ performance: 97 });
    expect(categoryScores({}, ['performance']).missing).toEqual(['performance']);
  });
});
