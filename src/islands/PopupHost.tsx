import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../contracts/constants';
import { $popup, openPopup, SIGNED_IN_POPUPS, syncPopupFromUrl } from '../stores/popup';
import { useSession } from '../stores/useSession';
import { $session } from '../stores/session';
import { localizePath } from '../lib/routes';
import Spinner from './Spinner';

/** The dialog and the popups' registry load with the first popup: most visits never open one. */
const PopupDialog = lazy(() => import('./PopupDialog'));

/**
 * Opens the popup named by `?popup=` (PopupDialog.tsx), and follows the browser's back and forward.
 * It hydrates when the page is idle (MainLayout), so a popup may already be open by then (the header's
 * Sign in, the phone watcher, a 401): it hydrates with none, as the build rendered it, then shows it.
 */
export default function PopupHost({ lang }: { lang: Language }) {
  const popup = useStore($popup, { ssr: 'initial' });
  const session = useSession();

  useEffect(() => {
    syncPopupFromUrl();
    const onPop = () => syncPopupFromUrl();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // A signed-in player arriving on the login or sign-up popup goes home (spec section 2), on every
  // page. Only when the popup opens: signing in inside it moves on by its own way (continueAfterSignIn).
  useEffect(() => {
    if ((popup === 'login' || popup === 'signup') && $session.get()) location.assign(localizePath('/', lang));
  }, [popup, lang]);

  // A signed-in-only popup opened by a visitor asks them to sign in instead.
  useEffect(() => {
    if (popup && !session && SIGNED_IN_POPUPS.includes(popup)) openPopup('login');
  }, [popup, session]);

  if (!popup) return null;
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-3">
          <Spinner lang={lang} />
        </div>
      }
    >
      <PopupDialog lang={lang} popup={popup} />
    </Suspense>
  );
}
