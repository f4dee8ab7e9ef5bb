import { describe, expect, it, vi } from 'vitest';
import { BONUS_CLAIM_GUARD_MS } from '../../contracts/constants';
import { DAILY_BONUS_INTERVAL_MS } from '../../contracts/wallet';
import { bonusProgress, formatCountdown, isBonusClaimable, msUntilNextClaim } from '../../src/stores/wallet';

const now = Date.parse('2026-11-21T12:00:00.000Z');
const waiting = (msLeft: number) => ({ canClaimBonus: false, nextClaim: new Date(now + msLeft).toISOString() });

describe('daily bonus button state', () => {
  it('is claimable when the server says so, whatever nextClaim says', () => {
    expect(isBonusClaimable({ canClaimBonus: true, nextClaim: null }, now)).toBe(true);
    expect(isBonusClaimable({ canClaimBonus: true, nextClaim: new Date(now + 5000).toISOString() }, now)).toBe(true);
  });

  it('becomes claimable when the countdown to nextClaim ends', () => {
    expect(isBonusClaimable(waiting(1), now)).toBe(false);
    expect(isBonusClaimable(waiting(0), now)).toBe(true);
    expect(msUntilNextClaim(waiting(90_000), now)).toBe(90_000);
    expect(msUntilNextClaim(waiting(-5), now)).toBe(0);
  });

  it('formats the countdown as hh:mm:ss, rounding up to the next whole second', () => {
    expect(formatCountdown(DAILY_BONUS_INTERVAL_MS)).toBe('24:00:00');
    expect(formatCountdown(DAILY_BONUS_INTERVAL_MS - 1000)).toBe('23:59:59');
    expect(formatCountdown(3_661_000)).toBe('01:01:01');
    expect(formatCountdown(1)).toBe('00:00:01');
    expect(formatCountdown(0)).toBe('00:00:00');
  });

  it('fills the progress ring as the 24 h wait passes', () => {
    expect(bonusProgress(waiting(DAILY_BONUS_INTERVAL_MS), now)).toBe(0);
    expect(bonusProgress(waiting(DAILY_BONUS_INTERVAL_MS / 4), now)).toBe(0.75);
    expect(bonusProgress(waiting(0), now)).toBe(1);
    expect(bonusProgress({ canClaimBonus: true, nextClaim: null }, now)).toBe(1);
  });
});

describe('daily bonus claim guard', () => {
  it('sends one claim for a double click, holds the guard 5 minutes after success, and releases it at once after a failure', async () => {
    vi.useFakeTimers();
    vi.resetModules();
    const apiCall = vi.fn();
    vi.doMock('../../src/lib/api', async (importOriginal) => ({ ...(await importOriginal<object>()), apiCall }));
    const wallet = await import('../../src/stores/wallet');
    try {
      apiCall.mockResolvedValueOnce({ bonus: 1000, currency: 'COIN' });
      const [first, second] = await Promise.all([wallet.claimDailyBonus(), wallet.claimDailyBonus()]);
      expect(first).toEqual({ bonus: 1000, currency: 'COIN' });
      expect(second).toBeNull();
      expect(apiCall.mock.calls.filter(([path]) => path === '/claimDailyBonus')).toHaveLength(1);

      expect(wallet.$bonusClaimGuard.get()).toBe(true);
      vi.advanceTimersByTime(BONUS_CLAIM_GUARD_MS - 1);
      expect(wallet.$bonusClaimGuard.get()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(wallet.$bonusClaimGuard.get()).toBe(false);

      apiCall.mockRejectedValueOnce(new Error('BONUS_CANNOT_BE_CLAIMED'));
      await expect(wallet.claimDailyBonus()).rejects.toThrow('BONUS_CANNOT_BE_CLAIMED');
      expect(wallet.$bonusClaimGuard.get()).toBe(false);
    } finally {
      vi.doUnmock('../../src/lib/api');
      vi.useRealTimers();
    }
  });
});
