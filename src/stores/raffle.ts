import { formatDate, formatNumber } from '../../contracts/languages';
import { DEMO_CURRENCY } from '../../contracts/constants';
import type { RaffleHistoryEntry, RaffleListSchema, RaffleRecordSchema, RaffleStanding } from '../../contracts/raffle';
import { raffleBannerUrl, translationFor, translationOrDefault, translationOrFirst } from '../../contracts/tournament-helpers';
import type { Language } from '../../contracts/constants';
import type { Tournament } from '../../contracts/tournaments';
import { apiCall } from '../lib/api';
import { formatCoins } from '../lib/formatCoins';
import { siteConfig } from '../lib/config';

/**
 * The raffle on the site: the standing and history stores (stores/raffleStanding.ts, what the header
 * reads), the calls of the popup and the pages, and the pure helpers the islands show them with. No
 * UI here, so it is tested without a browser.
 */
export { $raffleStanding, raffleHistoryStore, refreshRaffleStanding } from './raffleStanding';

export const fetchRaffleRecord = (ref: string) => apiCall<typeof RaffleRecordSchema>(`/raffles/${encodeURIComponent(ref)}/record`, { isQuery: true });
export const fetchRaffles = () => apiCall<typeof RaffleListSchema>('/raffles', { isQuery: true });

/** The banner's address: the CDN (or the site itself) + /banners/<accountRef>/<bannerFileName>. */
export function bannerUrl(raffle: Pick<Tournament, 'account' | 'bannerFileName'>, cdnUrl = siteConfig.cdnUrl): string | null {
  return raffle.bannerFileName ? raffleBannerUrl(cdnUrl, raffle.account.accountRef, raffle.bannerFileName) : null;
}

/** The raffle popup's title and description: the current language, else the first translation. */
export function popupTranslation(raffle: Pick<Tournament, 'translations'>, lang: Language) {
  return translationOrFirst(raffle.translations, lang)!;
}

/** Raffle history's name: the current language, else 'default', else null (shown as N/A). */
export function historyTitle(entry: Pick<RaffleHistoryEntry, 'translations'>, lang: Language): string | null {
  return translationOrDefault(entry.translations, lang)?.title ?? null;
}

/** Countdown target: the start before it ('Starts in'), the end after ('Ends in'), nothing once ended. */
export function raffleCountdown(raffle: Pick<Tournament, 'startDateUtc' | 'endDateUtc'>, now: number): { kind: 'startsIn' | 'endsIn' | 'ended'; ms: number } {
  const start = Date.parse(raffle.startDateUtc);
  const end = Date.parse(raffle.endDateUtc);
  if (now < start) return { kind: 'startsIn', ms: start - now };
  if (now < end) return { kind: 'endsIn', ms: end - now };
  return { kind: 'ended', ms: 0 };
}

/** d hh:mm:ss (days only when there are some). */
export function formatRaffleCountdown(ms: number, daysLabel: (days: number) => string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86400);
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = `${two(Math.floor((total % 86400) / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
  return days > 0 ? `${daysLabel(days)} ${clock}` : clock;
}

/** Progress toward the next ticket, 0..1. */
export function nextTicketProgress(standing: Pick<RaffleStanding, 'wagerPerEntry' | 'amountLeftForNextEntry'>): number {
  if (standing.wagerPerEntry <= 0) return 0;
  return Math.min(1, Math.max(0, (standing.wagerPerEntry - standing.amountLeftForNextEntry) / standing.wagerPerEntry));
}

/** Amounts in the raffle's currency: PTS shows as Coins (spec section 9), others as a formatted currency. */
export function formatRaffleAmount(amount: number, currency: string, lang: Language, coinsLabel: (formatted: string) => string): string {
  if (currency === DEMO_CURRENCY || currency === 'COIN') return coinsLabel(formatCoins(amount, lang));
  try {
    return formatNumber(amount, lang, { style: 'currency', currency });
  } catch {
    return `${formatCoins(amount, lang)} ${currency}`;
  }
}

export const formatRaffleDate = (iso: string, lang: Language, withTime = true) =>
  formatDate(iso, lang, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });

export { translationFor };
