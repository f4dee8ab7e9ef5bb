import { showToast, type ToastKind } from './toasts';

/**
 * A toast that must outlive a full page load (sign out or account deletion then home, sign-in
 * then a redirect). Stored in sessionStorage and shown by the next page's first island.
 */
const FLASH_KEY = 'flashToast';

export function flashToast(message: string, kind: ToastKind = 'info') {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ message, kind }));
  } catch {
    // Storage disabled: the message is lost, the navigation still happens.
  }
}

/** Shows and forgets the flashed toast, if any. */
export function showFlashedToast() {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    const { message, kind } = JSON.parse(raw) as { message?: unknown; kind?: ToastKind };
    if (typeof message === 'string' && message) showToast(message, kind ?? 'info');
  } catch {
    // unreadable: ignore
  }
}
