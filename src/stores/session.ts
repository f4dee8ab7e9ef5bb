import { atom } from 'nanostores';

export const SESSION_INFO_COOKIE = 'session_info';

export interface SessionInfo {
  displayName: string;
}

/** Signed in means the readable `session_info` cookie is present (spec section 3). */
export function readSessionInfo(cookie: string = typeof document === 'undefined' ? '' : document.cookie): SessionInfo | null {
  const raw = cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SESSION_INFO_COOKIE}=`));
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw.slice(SESSION_INFO_COOKIE.length + 1))) as Partial<SessionInfo>;
    return typeof value.displayName === 'string' ? { displayName: value.displayName } : null;
  } catch {
    return null;
  }
}

export const $session = atom<SessionInfo | null>(readSessionInfo());

export function refreshSession() {
  $session.set(readSessionInfo());
}

/** Forget the session on this side (the server cookie is cleared by /logout or has expired). */
export function clearSession() {
  document.cookie = `${SESSION_INFO_COOKIE}=; Max-Age=0; path=/`;
  $session.set(null);
}
