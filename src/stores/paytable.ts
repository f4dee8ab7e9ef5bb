import { atom } from 'nanostores';

/**
 * Whether the game's paytable and rules dialog is open. Any button in the frame may open it (the
 * header's, the slot's own); closing gives the focus back to the button that opened it.
 */
export const $paytableOpen = atom(false);
let opener: HTMLElement | null = null;

export function openPaytable(): void {
  opener = typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null;
  $paytableOpen.set(true);
}

export function closePaytable(): void {
  $paytableOpen.set(false);
  opener?.focus({ preventScroll: true });
  opener = null;
}
