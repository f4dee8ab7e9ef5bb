import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_HIDE_MS, TOAST_MAX } from '../../contracts/constants';
import { $toasts, dismissToast, showToast } from '../../src/stores/toasts';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of $toasts.get()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it(`shows at most ${TOAST_MAX}, dropping the oldest`, () => {
    for (const m of ['one', 'two', 'three', 'four']) showToast(m);
    expect($toasts.get().map((t) => t.message)).toEqual(['two', 'three', 'four']);
  });

  it(`hides each toast ${TOAST_HIDE_MS} ms after it appeared`, () => {
    showToast('first');
    vi.advanceTimersByTime(2000);
    showToast('second');
    vi.advanceTimersByTime(TOAST_HIDE_MS - 2000 - 1);
    expect($toasts.get().map((t) => t.message)).toEqual(['first', 'second']);
    vi.advanceTimersByTime(1);
    expect($toasts.get().map((t) => t.message)).toEqual(['second']);
    vi.advanceTimersByTime(2000);
    expect($toasts.get()).toEqual([]);
  });
});
