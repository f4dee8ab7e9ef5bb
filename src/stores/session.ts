import { atom, computed } from 'nanostores';

export const SESSION_INFO_COOKIE = 'session_info';
/** On an https site the server sets it `__Host-` prefixed (Secure, host-only). */
const SESSION_INFO_NAMES = [`__Host-${SESSION_INFO_COOKIE}`, SESSION_INFO_COOKIE];

export interface SessionInfo {
  displayName: string;
}

/** Signed in means the readable `session_info` cookie is present (spec section 3). */
export function readSessionInfo(cookie: string = typeof document === 'undefined' ? '' : document.cookie): SessionInfo | null {
  const pairs = cookie.split(';').map((c) => c.trim());
  const raw = SESSION_INFO_NAMES.map((name) => pairs.find((c) => c.startsWith(`${name}=`))?.slice(name.length + 1)).find((v) => v !== undefined);
  if (raw === undefined) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<SessionInfo>;
    return typeof value.displayName === 'string' ? { displayName: value.displayName } : null;
  } catch {
    return null;
  }
}

export const $session = atom<SessionInfo | null>(readSessionInfo());

/** The key part of a player's own queries: 'me' while signed in, null (no fetch) while signed out. */
export const $signedInKey = computed($session, (session) => (session ? 'me' : null));

// Keeps <html data-session> (set by the inline boot script before the first paint) in step with the
// session, so signed-out parts show again once the player signs out or the session is found expired.
if (typeof document !== 'undefined') {
  $session.subscribe((session) => {
    if (session) document.documentElement.setAttribute('data-session', 'in');
    else document.documentElement.removeAttribute('data-session');
  });
}

export function refreshSession() {
  $session.set(readSessionInfo());
}

/** Forget the session on this side (the server cookie is cleared by /logout or has expired). */
export function clearSession() {
  document.cookie = `${SESSION_INFO_COOKIE}=; Max-Age=0; path=/`;
  if (location.protocol === 'https:') document.cookie = `__Host-${SESSION_INFO_COOKIE}=; Max-Age=0; path=/; secure`;
  $session.set(null);
}
