import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_HIDE_MS, TOAST_MAX } from '../../contracts/constants';
import { ApiError } from '../../src/lib/api';
import { retryOnce } from '../../src/stores/query';
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

describe('query retries', () => {
  it('retries a failed query once, after 500 ms', () => {
    const error = new ApiError('TECHNICAL_ERROR', 503);
    expect(retryOnce({ error, key: 'k', retryCount: 0 })).toBe(500);
    expect(retryOnce({ error, key: 'k', retryCount: 1 })).toBe(false);
  });
  it('never retries a 4xx answer (401 goes to the sign-out hook instead)', () => {
    expect(retryOnce({ error: new ApiError('UNAUTHORIZED', 401), key: 'k', retryCount: 0 })).toBe(false);
    expect(retryOnce({ error: new ApiError('REQUEST_VALIDATION_ERROR', 400), key: 'k', retryCount: 0 })).toBe(false);
  });
  it('retries a network failure once', () => {
    expect(retryOnce({ error: new TypeError('fetch failed'), key: 'k', retryCount: 0 })).toBe(500);
  });
});
