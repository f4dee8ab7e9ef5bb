/**
 * The phone module's clock. Code expiry, the resend wait and the daily caps read the time from here
 * (never from the database's now()), so tests can move time without faking global timers.
 */
let current: () => Date = () => new Date();

export const phoneClock = {
  now: (): Date => current(),
  /** Tests only: make `now()` answer from `fn` until `reset()`. */
  set(fn: () => Date) {
    current = fn;
  },
  reset() {
    current = () => new Date();
  },
};
