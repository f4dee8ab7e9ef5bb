import { setUnauthorizedHook } from '../../lib/api';
import { translatorFor } from '../../lib/i18n';
import { showFlashedToast } from '../../stores/authFlash';
import { clearPendingAction } from '../../stores/pending';
import { $popup, openPopup } from '../../stores/popup';
import { $session, clearSession } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { homePath, pageLanguage } from './navigation';
import '../layoutStrings';

/**
 * Installed once per page by the header island (spec section 4): a 401 on any query means the
 * session is gone, so the site signs out and opens the login popup with a return to home.
 * Also shows a toast flashed by the previous page (sign out, account deleted, welcome).
 */
let installed = false;

export function installSessionHooks() {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  setUnauthorizedHook(() => {
    const lang = pageLanguage();
    const wasSignedIn = $session.get() !== null;
    clearSession();
    if (wasSignedIn) showToast(translatorFor(lang)('auth:session.expired'), 'info');
    openPopup('login', { redirect: homePath(lang) });
  });
  // A visitor who closes the sign-in popups without signing in gives up the pending action
  // (e.g. a game launch): it must not run after some later, unrelated sign-in.
  let previous = $popup.get();
  $popup.listen((popup) => {
    const authPopups = ['login', 'signup', 'captcha', 'reset-password'];
    if (popup === null && previous !== null && authPopups.includes(previous) && !$session.get()) clearPendingAction();
    previous = popup;
  });
  showFlashedToast();
}

installSessionHooks();
