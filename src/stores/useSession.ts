import { useSyncExternalStore } from 'react';
import { $session, type SessionInfo } from './session';

const subscribe = (onChange: () => void) => $session.listen(onChange);
const current = () => $session.get();
// The prerendered HTML is the signed-out page (the build knows no visitor).
const atBuild = () => null;

/**
 * The session for an island's render. While hydrating React renders with the build's value (signed
 * out), so the markup matches the HTML (no error #418), then at once with the cookie's; the
 * signed-out parts are hidden before the first paint for a signed-in visitor (data-session on <html>,
 * set by the inline boot script, global.css), so the signed-out header never shows to a player.
 * useStore($session) would read the cookie during hydration and mismatch.
 */
export function useSession(): SessionInfo | null {
  return useSyncExternalStore(subscribe, current, atBuild);
}
