import type { Language } from '../../contracts/constants';
import { openPopup } from './popup';
import { setPendingAction } from './pending';
import { gameLaunchPath } from './games';

/**
 * A visitor chose a game that needs coins: open the login popup and remember the launch, so it runs
 * after sign-in (spec section 4). The pending action survives page loads (sessionStorage). Every game
 * tile imports this: the frame's messages (gameMessages.ts) and the stores they refresh stay with the
 * game launch page.
 */
export function requireSignInForLaunch(gameCode: string, lang: Language) {
  setPendingAction(gameLaunchPath(gameCode, lang));
  openPopup('login');
}
