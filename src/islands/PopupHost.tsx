import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../contracts/constants';
import { $popup, openPopup, SIGNED_IN_POPUPS, syncPopupFromUrl } from '../stores/popup';
import { useSession } from '../stores/useSession';
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
