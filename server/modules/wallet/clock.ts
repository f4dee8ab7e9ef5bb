/**
 * The wallet's clock. Bonus windows (24 h from the last daily claim, promotion dates) and journal
 * times are read from here, so tests can stand exactly on a boundary without faking global timers.
 */
let current: () => Date = () => new Date();

export const walletClock = {
  now: (): Date => current(),
  /** Tests only: make `now()` answer from `fn` until `reset()`. */
  set(fn: () => Date) {
    current = fn;
  },
  reset() {
    current = () => new Date();
  },
};
