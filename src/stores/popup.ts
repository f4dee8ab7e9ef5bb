import { atom } from 'nanostores';
import { POPUPS, UNCLOSABLE_POPUPS, type PopupName } from '../../contracts/constants';

/** The open popup mirrors the `popup` query parameter (spec section 2): the URL is the source of truth. */
export const $popup = atom<PopupName | null>(null);

const isPopup = (v: string | null): v is PopupName => POPUPS.includes(v as PopupName);

export function readPopupFromUrl(): PopupName | null {
  if (typeof location === 'undefined') return null;
  const value = new URLSearchParams(location.search).get('popup');
  return isPopup(value) ? value : null;
}

export function syncPopupFromUrl() {
  $popup.set(readPopupFromUrl());
}

/** Opens a popup by pushing `?popup=name`, so browser back closes it. Extra params ride along (e.g. redirect). */
export function openPopup(name: PopupName, params: Record<string, string> = {}) {
  const url = new URL(location.href);
  url.searchParams.set('popup', name);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const replace = $popup.get() !== null; // moving between popups does not stack history
  history[replace ? 'replaceState' : 'pushState']({ popup: name }, '', url);
  $popup.set(name);
}

/** Closes the open popup by removing the parameter. */
export function closePopup({ force = false } = {}) {
  const current = $popup.get();
  if (!current) return;
  if (!force && UNCLOSABLE_POPUPS.includes(current)) return;
  const url = new URL(location.href);
  url.searchParams.delete('popup');
  url.searchParams.delete('redirect');
  history.replaceState(null, '', url);
  $popup.set(null);
}

export const isClosable = (name: PopupName) => !UNCLOSABLE_POPUPS.includes(name);

/**
 * Popups that only make sense for a signed-in player. A visitor who opens one by its URL
 * (`?popup=phone-number`, an old link) gets the login popup instead of a spinner that never ends.
 */
export const SIGNED_IN_POPUPS: readonly PopupName[] = ['change-password', 'delete-account', 'phone-number', 'set-phone-number'];
