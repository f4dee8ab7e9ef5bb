import { atom } from 'nanostores';
import type { BonusResultSchema } from '../../contracts/wallet';
import type {
  AppNotification,
  GameCodeList,
  GameCodeListSchema,
  MissionClaimSchema,
  MissionList,
  MissionListSchema,
  NotificationList,
  NotificationListSchema,
  Progression,
  ProgressionSchema,
} from '../../contracts/progression';
import { apiCall } from '../lib/api';
import { createFetcherStore } from './query';
import { $session, $signedInKey } from './session';
import { $balance, refreshBalance } from './wallet';

/**
 * Progression on the site (docs/decisions/0018): level and tier, missions, notifications,
 * favourites and recently played. Every store is idle while signed out. The balance changing (a
 * round, a claim) refreshes progression, missions and notifications: they move with the same play.
 */

export const $progression = createFetcherStore<Progression>(['/progression/', $signedInKey], {
  fetcher: () => apiCall<typeof ProgressionSchema>('/progression', { isQuery: true }),
});
export const $missions = createFetcherStore<MissionList>(['/missions/', $signedInKey], {
  fetcher: () => apiCall<typeof MissionListSchema>('/missions', { isQuery: true }),
});
export const $notifications = createFetcherStore<NotificationList>(['/notifications/', $signedInKey], {
  fetcher: () => apiCall<typeof NotificationListSchema>('/notifications', { isQuery: true }),
});
export const $favourites = createFetcherStore<GameCodeList>(['/favourites/', $signedInKey], {
  fetcher: () => apiCall<typeof GameCodeListSchema>('/favourites', { isQuery: true }),
  revalidateOnFocus: false,
});
export const $recentlyPlayed = createFetcherStore<GameCodeList>(['/recently-played/', $signedInKey], {
  fetcher: () => apiCall<typeof GameCodeListSchema>('/recently-played', { isQuery: true }),
});

/** How far the player is from their level's first XP to the next level's (0..1; 1 at the top level). */
export const levelShare = (p: Pick<Progression, 'xp' | 'levelXp' | 'nextLevelXp'>) =>
  p.nextLevelXp === null ? 1 : Math.min(1, Math.max(0, (p.xp - p.levelXp) / (p.nextLevelXp - p.levelXp)));

export function refreshProgress() {
  $progression.revalidate();
  $missions.revalidate();
  $notifications.revalidate();
}

let lastBalance: number | undefined;
let watching = false;
/** Follows the balance (each change is play or a payout) and polls notifications every 20 s while the page is visible. */
export function watchProgress() {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  $balance.subscribe(({ data }) => {
    if (data && lastBalance !== undefined && data.balance !== lastBalance) refreshProgress();
    lastBalance = data?.balance;
  });
  setInterval(() => {
    if (document.visibilityState === 'visible' && $session.get()) {
      $notifications.revalidate();
    }
  }, 20_000);
}

/** Sets a game's heart; the list comes back from the server. */
export async function setFavourite(gameCode: string, on: boolean): Promise<void> {
  const current = $favourites.get().data?.gameCodes ?? [];
  // Show it at once; the server's answer replaces it.
  $favourites.mutate({ gameCodes: on ? [gameCode, ...current.filter((c) => c !== gameCode)] : current.filter((c) => c !== gameCode) });
  try {
    const list = await apiCall<typeof GameCodeListSchema>(`/favourites/${encodeURIComponent(gameCode)}`, { method: on ? 'PUT' : 'DELETE' });
    $favourites.mutate(list);
  } catch (error) {
    $favourites.mutate({ gameCodes: current });
    throw error;
  }
}

export async function claimMission(id: string) {
  try {
    return await apiCall<typeof MissionClaimSchema>(`/missions/${encodeURIComponent(id)}/claim`, { method: 'POST' });
  } finally {
    refreshBalance();
    $missions.revalidate();
  }
}

export async function claimTierBonus() {
  try {
    return await apiCall<typeof BonusResultSchema>('/progression/tier-bonus', { method: 'POST' });
  } finally {
    refreshBalance();
    $progression.revalidate();
  }
}

export async function markNotificationsRead(upTo: number) {
  await apiCall('/notifications/read', { method: 'POST', body: { upTo } });
  $notifications.revalidate();
}

/** The newest notification id already toasted in this browser (a win announced once, not at every page). */
const TOASTED_KEY = 'cc-toasted-notification';
export const $toastedUpTo = atom<number>(0);
export function readToasted(): number {
  try {
    return Number(localStorage.getItem(TOASTED_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}
export function writeToasted(id: number) {
  $toastedUpTo.set(id);
  try {
    localStorage.setItem(TOASTED_KEY, String(id));
  } catch {
    /* private mode: toasts may repeat on the next page, nothing else */
  }
}

/** The unread notifications not toasted yet, oldest first (at most 3). */
export function toToast(list: AppNotification[], upTo: number): AppNotification[] {
  return list
    .filter((n) => !n.read && n.id > upTo)
    .sort((a, b) => a.id - b.id)
    .slice(-3);
}
