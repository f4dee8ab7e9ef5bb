import { pageLanguage } from '../../lib/i18n';
import { localizePath } from '../../lib/routes';
import { flashToast } from '../../stores/authFlash';
import { isSitePath, takePendingAction } from '../../stores/pending';
import { closePopup } from '../../stores/popup';
import { showToast, type ToastKind } from '../../stores/toasts';
import type { Language } from '../../../contracts/constants';

/** The page's language, for code that runs outside a component (hooks, stores). */
export { pageLanguage };

export const homePath = (lang: Language) => localizePath('/', lang);

/** The `redirect` query parameter when it is a path on this site (never another origin). */
export function redirectTarget(): string | null {
  const value = new URLSearchParams(location.search).get('redirect');
  return isSitePath(value) ? value : null;
}

/** The current page (path and query) without the popup parameters, for "come back here after sign-in". */
export function currentPathForRedirect(): string {
  const url = new URL(location.href);
  url.searchParams.delete('popup');
  url.searchParams.delete('redirect');
  return url.pathname + url.search;
}

/**
 * After a sign-in (login popup or sign-up step 3, spec section 4): the pending action saved before
 * it runs first (e.g. a game launch), then `?redirect=`, else the popup closes on the same page.
 * A toast that must survive the navigation is flashed to the next page.
 */
export function continueAfterSignIn(toast?: { message: string; kind: ToastKind }) {
  const pending = takePendingAction();
  const redirect = redirectTarget();
  const target = pending?.path ?? (redirect && redirect !== currentPathForRedirect() ? redirect : null);
  if (target) {
    if (toast) flashToast(toast.message, toast.kind);
    location.assign(target);
    return;
  }
  if (toast) showToast(toast.message, toast.kind);
  closePopup();
}
