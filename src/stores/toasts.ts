import { atom } from 'nanostores';
import { TOAST_HIDE_MS, TOAST_MAX } from '../../contracts/constants';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

/** At most TOAST_MAX toasts at once, each hidden after TOAST_HIDE_MS (spec sections 4 and 9). */
export const $toasts = atom<Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export function showToast(message: string, kind: ToastKind = 'info'): number {
  const id = nextId++;
  const kept = [...$toasts.get(), { id, kind, message }];
  // The oldest goes first when a fourth arrives.
  while (kept.length > TOAST_MAX) {
    const dropped = kept.shift()!;
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  $toasts.set(kept);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_HIDE_MS),
  );
  return id;
}
