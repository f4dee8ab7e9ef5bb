/**
 * The one clock of the server. Every module reads the time from here (never from the database's
 * now() or a bare `new Date()` where a rule depends on it: session and token expiry, lockouts,
 * bonus windows, code expiry, raffle and tournament windows), so a test can stand exactly on a
 * boundary, or move a day ahead, without sleeping or faking global timers.
 */
let current: () => Date = () => new Date();

export const clock = {
  now: (): Date => current(),
  /** Milliseconds since the epoch, as Date.now(). */
  ms: (): number => current().getTime(),
  /** Tests only: make `now()` answer from `fn` until `reset()`. */
  set(fn: () => Date) {
    current = fn;
  },
  /** Tests only: a fixed time, or the real time moved by `offsetMs`. */
  setAt(at: Date) {
    current = () => new Date(at.getTime());
  },
  shift(offsetMs: number) {
    current = () => new Date(Date.now() + offsetMs);
  },
  reset() {
    current = () => new Date();
  },
};
