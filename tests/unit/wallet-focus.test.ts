import { afterEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_CACHE_MS } from '../../contracts/constants';
import { $session } from '../../src/stores/session';
import { $balance, refetchBalanceOnFocus } from '../../src/stores/wallet';

/**
 * The balance and bonus status refetch when the window gets focus back, not only on a tab's
 * visibility change (issue #24). fetch is stubbed: the network is the boundary.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  $session.set(null);
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('balance on window focus', () => {
  it(`refetches on focus once the last answer is ${BALANCE_CACHE_MS} ms old, not before, and not signed out`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-11-27T08:00:00Z'));
    let coins = 100;
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(String(url));
      return new Response(JSON.stringify({ balance: coins++, currency: 'PTS', canClaimBonus: false, nextClaim: null }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const window = new EventTarget();
    const stopFocus = refetchBalanceOnFocus(window);
    $session.set({ displayName: 'Player1' });
    const stopBalance = $balance.listen(() => {});
    await settle();
    expect(asked).toHaveLength(1);
    expect($balance.get().data?.balance).toBe(100);

    // Focus within the cache window: the answer just shown stands.
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(asked).toHaveLength(1);

    vi.setSystemTime(Date.now() + BALANCE_CACHE_MS);
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(asked).toHaveLength(2);
    expect(asked[1]).toMatch(/\/balance$/);
    expect($balance.get().data?.balance).toBe(101);

    // Signed out, a focus asks nothing.
    stopBalance();
    $session.set(null);
    vi.setSystemTime(Date.now() + BALANCE_CACHE_MS);
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(asked).toHaveLength(2);
    stopFocus();
  });
});
