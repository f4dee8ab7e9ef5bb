import { lazy, Suspense, type MouseEvent } from 'react';
import type { Language } from '../../contracts/constants';
import { useSession } from '../stores/useSession';
import { openPopup } from '../stores/popup';
import { useT } from '../lib/useT';
import AccountMenu from './account/AccountMenu';
import PhoneWatcher from './phone/PhoneWatcher';
import HeaderBalance from './wallet/HeaderBalance';
import DailyBonusButton from './wallet/DailyBonusButton';
import RaffleButton from './raffle/RaffleButton';
import GameSearch from './progression/GameSearch';

// A player's level and bell load once the session is known: a visitor's pages never load them.
const HeaderProgress = lazy(() => import('./progression/HeaderProgress'));
const NotificationBell = lazy(() => import('./progression/NotificationBell'));
// Installs the 401 hook (sign out, open login) and shows toasts flashed by the previous page.
import './account/sessionHooks';
import './layoutStrings';

function openFromLink(event: MouseEvent<HTMLAnchorElement>, popup: 'login' | 'signup') {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return; // new tab keeps working
  event.preventDefault();
  openPopup(popup);
}

/** The header's right side: Sign in and Register when signed out; the account area when signed in. */
export default function HeaderAccount({ lang }: { lang: Language }) {
  const t = useT(lang);
  const session = useSession();
  if (!session) {
    return (
      // data-signed-out: hidden before the first paint when the session cookie says signed in (global.css).
      <div className="flex items-center gap-2" data-signed-out="">
        <GameSearch lang={lang} />
        {/* Links, so they work even before the island hydrates: the popup host opens ?popup= on load. */}
        <a href="?popup=login" className="btn-ghost px-3 py-1.5 text-sm" onClick={(event) => openFromLink(event, 'login')}>
          {t('header.signIn')}
        </a>
        <a href="?popup=signup" className="btn-gold px-3 py-1.5 text-sm" onClick={(event) => openFromLink(event, 'signup')}>
          {t('header.register')}
        </a>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      {/* Progression (docs/decisions/0018): search, level, bell; each compact, in its own component. */}
      <GameSearch lang={lang} />
      <Suspense fallback={null}>
        <HeaderProgress lang={lang} />
      </Suspense>
      <DailyBonusButton lang={lang} />
      <HeaderBalance lang={lang} />
      {/* Only while a current raffle exists. */}
      <RaffleButton lang={lang} />
      <Suspense fallback={null}>
        <NotificationBell lang={lang} />
      </Suspense>
      {/* Opens the unclosable phone verification popup while the phone is not verified (spec section 2). */}
      <PhoneWatcher />
      {/* Below 768 px the level is the menu button's ring and the menu's first entry (no room beside it). */}
      <AccountMenu
        lang={lang}
        displayName={session.displayName}
        icon={
          <Suspense fallback={<span className="block h-5 w-5" />}>
            <HeaderProgress lang={lang} variant="ring" />
          </Suspense>
        }
        levelItem={
          <Suspense fallback={null}>
            <HeaderProgress lang={lang} variant="item" />
          </Suspense>
        }
      />
    </div>
  );
}
