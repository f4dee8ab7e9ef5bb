import { Suspense, useEffect, useRef, type KeyboardEvent } from 'react';
import type { Language, PopupName } from '../../contracts/constants';
import { closePopup, isClosable } from '../stores/popup';
import { useT } from '../lib/useT';
import { popupViews } from './popups/registry';
import Spinner from './Spinner';
// The dialog's own words and every popup's title (its accessible name, shown while the popup loads).
import 'virtual:strings?auth.captcha,auth.changePassword,auth.deleteAccount,auth.forgot,auth.login,auth.signup,common.popup,phone.change,phone.verify,raffle.popup';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The open popup over a dimmed overlay (loaded with the first popup a page opens, PopupHost.tsx):
 * the page behind is inert, focus is trapped in the dialog and goes back where it was on closing,
 * Escape closes it.
 */
export default function PopupDialog({ lang, popup }: { lang: Language; popup: PopupName }) {
  const t = useT(lang);
  const dialogRef = useRef<HTMLDivElement>(null);
  // Where focus was when the first popup opened: it goes back there once the last one closes.
  const opener = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);

  useEffect(() => {
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = '';
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
  }, []);

  useEffect(() => {
    // The page behind is inert while a popup is open: no focus, clicks or screen reader reach it,
    // so focus stays trapped even when the pointer or assistive tech tries to leave the dialog.
    // Other islands placed directly in <body> (toasts) stay live.
    const host = dialogRef.current?.closest('astro-island') ?? dialogRef.current?.parentElement;
    const made: Element[] = [];
    for (const el of Array.from(document.body.children)) {
      if (el === host || el.contains(dialogRef.current) || el.tagName === 'ASTRO-ISLAND' || el.tagName === 'SCRIPT' || el.hasAttribute('inert')) continue;
      el.setAttribute('inert', '');
      made.push(el);
    }
    // Focus the first field; popups load lazily, so keep looking for it for a second unless the
    // player has already moved focus themselves.
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const focusFirst = () => {
      const dialog = dialogRef.current;
      if (!dialog) return;
      const field = dialog.querySelector<HTMLElement>('[autofocus]') ?? dialog.querySelector<HTMLElement>('input:not([disabled]), select, textarea');
      if (field) return field.focus();
      if (!dialog.contains(document.activeElement)) (dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog).focus();
      const waiting = document.activeElement === dialog || document.activeElement?.hasAttribute('data-popup-close');
      if (waiting && ++tries < 20) timer = setTimeout(focusFirst, 50);
    };
    timer = setTimeout(focusFirst, 30);
    // Escape works wherever focus is (on the overlay, or still on the opener right after opening).
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && isClosable(popup)) closePopup();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onEscape);
      for (const el of made) el.removeAttribute('inert');
    };
  }, [popup]);

  const view = popupViews[popup];
  const closable = isClosable(popup);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const PopupBody = view?.component;
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-3"
      data-testid="popup-overlay"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && closable) closePopup();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-label={view ? t(view.titleKey) : t('popup.dialog')}
        data-popup={popup}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="relative max-h-[95vh] w-full max-w-md overflow-y-auto rounded-xl border border-brown-600 bg-brown-800 p-5 shadow-2xl"
        style={view?.size ? { width: view.size.width, height: view.size.height, maxWidth: '100%' } : undefined}
      >
        {closable && (
          <button
            type="button"
            onClick={() => closePopup()}
            aria-label={t('popup.close')}
            data-popup-close
            className="absolute right-2 top-2 rounded p-2 text-cream/80 hover:bg-brown-700"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        )}
        <Suspense fallback={<Spinner lang={lang} />}>{PopupBody ? <PopupBody lang={lang} /> : <Spinner lang={lang} />}</Suspense>
      </div>
    </div>
  );
}
