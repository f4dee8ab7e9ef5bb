import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { localizePath } from '../../lib/routes';
import { flashToast } from '../../stores/authFlash';
import { clearPendingAction } from '../../stores/pending';
import { clearSession } from '../../stores/session';
import { homePath } from './navigation';
import { useStore } from '@nanostores/react';
import { raffleHistoryStore } from '../../stores/raffleStanding';
import '../playerStrings';

/**
 * The signed-in header's account menu (spec section 2): a disclosure button with the display name
 * and a list of bet history, settings and logout. Escape or a click outside closes it.
 * Raffle history leads the list only when the player has some. Below 768 px, where the header has
 * no room for the level, the button's icon is the level ring and the list starts with the level
 * (`icon` and `levelItem`, from the progression chunk a player's header loads: the person icon at
 * 768 px and up).
 */
export default function AccountMenu({ lang, displayName, icon, levelItem }: { lang: Language; displayName: string; icon: ReactNode; levelItem: ReactNode }) {
  const t = useT(lang, ['auth', 'raffle']);
  const { data: raffleHistory } = useStore(raffleHistoryStore(lang));
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDocumentClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDocumentClick);
    return () => document.removeEventListener('mousedown', onDocumentClick);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  // Logout calls the server, then clears state and returns home (spec section 4).
  const onLogout = async () => {
    if (busy) return;
    setBusy(true);
    try {
      // The account calls load with the first press (the store's other calls are the account forms').
      const { logOut } = await import('../../stores/auth');
      await logOut();
    } catch {
      // The session is forgotten on this side whatever the server answered (logOut does it; here too
      // should the call itself not load).
      clearSession();
    }
    clearPendingAction();
    flashToast(t('auth:menu.signedOut'), 'info');
    location.assign(homePath(lang));
  };

  const item = 'block w-full rounded px-3 py-2 text-left text-sm hover:bg-brown-700 focus-visible:bg-brown-700';
  return (
    <div ref={rootRef} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('auth:menu.open', { name: displayName })}
        onClick={() => setOpen((v) => !v)}
        className="flex shrink-0 items-center gap-1 whitespace-nowrap rounded-md border border-brown-600 px-1.5 py-1.5 text-sm font-semibold hover:bg-brown-700 min-[400px]:px-2"
        data-testid="account-menu-button"
      >
        {icon}
        {/* Only from 768 to 1023 px: below (with the search, balance, raffle button and bell, the name
            made the page scroll sideways at 412 px) and beside the desktop tabs (the header is at most
            1280 px wide; 「トーナメント」 was clipped at 1280 px) it gives its room to the others; the
            button's label still names the player. */}
        <span className="hidden max-w-[8rem] truncate md:inline lg:hidden" data-testid="display-name">
          {displayName}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute right-0 z-40 mt-1 w-48 rounded-md border border-brown-600 bg-brown-800 p-1 shadow-xl"
        data-testid="account-menu"
      >
        {levelItem}
        {raffleHistory && raffleHistory.length > 0 && (
          <li>
            <a className={item} href={localizePath('/transactions/raffle', lang)} data-testid="menu-raffle-history">
              {t('raffle:menu.raffleHistory')}
            </a>
          </li>
        )}
        <li>
          <a className={item} href={localizePath('/bet-history', lang)}>
            {t('auth:menu.betHistory')}
          </a>
        </li>
        <li>
          <a className={item} href={localizePath('/settings', lang)}>
            {t('auth:menu.settings')}
          </a>
        </li>
        <li>
          <button type="button" className={item} onClick={() => void onLogout()} disabled={busy}>
            {t('auth:menu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
