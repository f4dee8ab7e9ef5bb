import { describe, expect, it } from 'vitest';
import { dailyBonusAmount, levelOf, nextLevelOf, tierForXp } from '../../contracts/progression-config';
import { dayBefore, dayOf } from '../../server/modules/progression/day';

describe('the player day and the progression table (issue #26)', () => {
  it('turns the day at midnight in Tokyo (15:00 UTC), whatever UTC says', () => {
    expect(dayOf(new Date('2030-03-01T14:59:59.999Z'), 'Asia/Tokyo').day).toBe('2030-03-01');
    const next = dayOf(new Date('2030-03-01T15:00:00.000Z'), 'Asia/Tokyo');
    expect(next).toEqual({ day: '2030-03-02', start: new Date('2030-03-01T15:00:00.000Z'), end: new Date('2030-03-02T15:00:00.000Z') });
    expect(dayOf(new Date('2030-03-01T15:00:00.000Z'), 'UTC').day).toBe('2030-03-01');
  });
  it('knows a summer-time day is 23 hours long where there is one', () => {
    const d = dayOf(new Date('2030-03-31T12:00:00Z'), 'Europe/Paris');
    expect(d.day).toBe('2030-03-31');
    expect(d.end.getTime() - d.start.getTime()).toBe(23 * 3600 * 1000);
  });
  it('steps back a day across months and years', () => {
    expect(dayBefore('2030-03-01')).toBe('2030-02-28');
    expect(dayBefore('2031-01-01')).toBe('2030-12-31');
  });
  it('reads levels, tiers and the streak bonus from the one table', () => {
    expect(levelOf(0).level).toBe(1);
    expect(levelOf(49).level).toBe(1);
    expect(levelOf(50).level).toBe(2);
    expect(levelOf(10_000_000).level).toBe(30);
    expect(nextLevelOf(30)).toBeNull();
    expect([0, 499, 500, 2_000, 8_000, 25_000].map(tierForXp)).toEqual([0, 0, 1, 2, 3, 4]);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map((d) => dailyBonusAmount(1000, d, 0))).toEqual([1000, 1100, 1200, 1300, 1500, 1750, 2000, 2000, 2000]);
    expect(dailyBonusAmount(1000, 7, 4)).toBe(4000);
  });
});
