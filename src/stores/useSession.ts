import { $session, type SessionInfo } from './session';
import { useBuildFirst } from './useBuildFirst';

/**
 * The session for an island's render. The prerendered HTML is the signed-out page (the build knows
 * no visitor): while hydrating React renders signed out, then at once with the cookie's session;
 * the signed-out parts are hidden before the first paint for a signed-in visitor (data-session on
 * <html>, set by the inline boot script, global.css), so the signed-out header never shows to a player.
 */
export function useSession(): SessionInfo | null {
  return useBuildFirst($session, null);
}
