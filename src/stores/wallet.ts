import { atom, onMount } from 'nanostores';
import { BALANCE_CACHE_MS, BONUS_CLAIM_GUARD_MS, DAILY_BONUS_INTERVAL_MS } from '../../contracts/constants';
import type {
  Balance,
  BalanceSchema,
  BonusResult,
  BonusResultSchema,
  PromotionBonus,
  PromotionBonusSchema,
  TransactionList,
  TransactionListSchema,
} from '../../contracts/wallet';
import { apiCall } from '../lib/api';
import { createFetcherStore } from './query';
import { $session, $signedInKey } from './session';

/**
 * The coin wallet on the site: the balance and daily-bonus status (cached BALANCE_CACHE_MS and
 * refetched on a tab's visibility change by the query layer and on window focus here), the daily bonus claim with its double-click guard,
 * promotion claims and the coin statement. No UI here, so it is tested without a browser.
 */

/** When the balance last arrived: a window focus within BALANCE_CACHE_MS of it asks nothing. */
let balanceFetchedAt = -Infinity;

export const $balance = createFetcherStore<Balance>(['/balance/', $signedInKey], {
  fetcher: async () => {
    const balance = await apiCall<typeof BalanceSchema>('/balance', { isQuery: true });
    balanceFetchedAt = Date.now();
    return balance;
  },
  dedupeTime: BALANCE_CACHE_MS,
  revalidateOnFocus: true,
});

/**
 * The query layer revalidates on a tab's visibility change only; the balance and bonus status also
 * refetch when the window itself gets focus back (another application, another browser window, out
 * of a game's frame), unless they arrived less than BALANCE_CACHE_MS ago. Answers the unsubscriber.
 */
export function refetchBalanceOnFocus(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>): () => void {
  const onFocus = () => {
    if ($session.get() && Date.now() - balanceFetchedAt >= BALANCE_CACHE_MS) refreshBalance();
  };
  target.addEventListener('focus', onFocus);
  return () => target.removeEventListener('focus', onFocus);
}

// While the balance is on screen (a listener), in the browser.
onMount($balance, () => (typeof window === 'undefined' ? undefined : refetchBalanceOnFocus(window)));

/** Refetch the balance (after a claim, a game round, a sign-in); the old value stays shown meanwhile. */
export function refreshBalance() {
  $balance.revalidate();
}

/**
 * A balance another part of the page has just shown (the game frame after a round's reveal): the
 * header shows the same amount at once, then refetches the rest (bonus status) from the server.
 */
export function showBalance(balance: number) {
  const current = $balance.get().data;
  if (current) $balance.mutate({ ...current, balance });
  refreshBalance();
}

/** Claimable when the server says so or when the countdown to nextClaim has ended (spec section 4). */
export function isBonusClaimable(balance: Pick<Balance, 'canClaimBonus' | 'nextClaim'>, now: number): boolean {
  if (balance.canClaimBonus) return true;
  return balance.nextClaim !== null && Date.parse(balance.nextClaim) <= now;
}

/** Milliseconds until nextClaim (0 when claimable or unknown). */
export function msUntilNextClaim(balance: Pick<Balance, 'canClaimBonus' | 'nextClaim'>, now: number): number {
  if (isBonusClaimable(balance, now) || balance.nextClaim === null) return 0;
  return Math.max(0, Date.parse(balance.nextClaim) - now);
}

/** hh:mm:ss, hours not wrapped (a 24 h window shows 23:59:59 at most). */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}

/** Share of the 24 h window already waited, 0..1 (1 = claimable): the mobile button's ring. */
export function bonusProgress(balance: Pick<Balance, 'canClaimBonus' | 'nextClaim'>, now: number): number {
  if (isBonusClaimable(balance, now) || balance.nextClaim === null) return 1;
  const left = Date.parse(balance.nextClaim) - now;
  return Math.min(1, Math.max(0, 1 - left / DAILY_BONUS_INTERVAL_MS));
}

/**
 * The double-click guard (spec section 4): set by the first click, released at once on failure and
 * BONUS_CLAIM_GUARD_MS after success. Shared by the header and the tab bar buttons.
 */
export const $bonusClaimGuard = atom(false);
let guardTimer: ReturnType<typeof setTimeout> | undefined;

/** Claims the daily bonus; null when the guard swallowed the click (nothing was sent). */
export async function claimDailyBonus(): Promise<BonusResult | null> {
  if ($bonusClaimGuard.get()) return null;
  $bonusClaimGuard.set(true);
  clearTimeout(guardTimer);
  try {
    const result = await apiCall<typeof BonusResultSchema>('/claimDailyBonus', { method: 'POST' });
    guardTimer = setTimeout(() => $bonusClaimGuard.set(false), BONUS_CLAIM_GUARD_MS);
    return result;
  } catch (error) {
    $bonusClaimGuard.set(false);
    throw error;
  } finally {
    // After success the new balance and nextClaim; after a refusal the server's current view.
    refreshBalance();
  }
}

/** Claims a promotion's bonus (once per player per promotion, checked by the server). */
export async function claimPromotionBonus(promoSlug: string): Promise<BonusResult> {
  try {
    return await apiCall<typeof BonusResultSchema>('/claimBonus', { method: 'POST', body: { promoSlug } });
  } finally {
    refreshBalance();
  }
}

export function fetchPromotionBonus(promoSlug: string): Promise<PromotionBonus> {
  return apiCall<typeof PromotionBonusSchema>('/promotionBonus', { query: { promoSlug }, isQuery: true });
}

/** One page of the coin statement, newest first. */
export function fetchStatement(page: number, pageSize: number): Promise<TransactionList> {
  return apiCall<typeof TransactionListSchema>('/transactions', { query: { page, pageSize }, isQuery: true });
}
