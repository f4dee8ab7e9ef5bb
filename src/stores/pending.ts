/**
 * An action the visitor chose before signing in (spec section 4: e.g. the launch of a chosen game),
 * run once sign-in succeeds. Kept in sessionStorage so it survives the full page loads between
 * choosing it and signing in, and dies with the tab.
 */
const PENDING_KEY = 'pendingAction';

export interface PendingAction {
  /** Today the only kind: go to a site path, e.g. `/game-launch/slot-lucky7`. */
  type: 'navigate';
  path: string;
}

/** Only same-origin paths: a stored value must never send the player to another site. */
export function isSitePath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** Remembers what to do after sign-in; a string is shorthand for navigating to that path. */
export function setPendingAction(action: PendingAction | string) {
  const value: PendingAction = typeof action === 'string' ? { type: 'navigate', path: action } : action;
  if (!isSitePath(value.path)) return;
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(value));
  } catch {
    // Storage disabled: the player simply chooses again after signing in.
  }
}

/** Takes the pending action out of storage, if any. */
export function takePendingAction(): PendingAction | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingAction>;
    return value.type === 'navigate' && isSitePath(value.path) ? { type: 'navigate', path: value.path } : null;
  } catch {
    return null;
  }
}

export function clearPendingAction() {
  try {
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // nothing stored
  }
}

/** Runs the pending action after sign-in. Returns true when it is navigating away. */
export function runPendingAction(): boolean {
  const action = takePendingAction();
  if (!action) return false;
  location.assign(action.path);
  return true;
}
