import { Suspense, type MouseEvent } from 'react';
import type { Language } from '../../contracts/constants';
import { useSession } from '../stores/useSession';
import { openPopup } from '../stores/popup';
import { useT } from '../lib/useT';
import GameSearch from './progression/GameSearch';
import { lazyForPlayer } from './lazyForPlayer';
// Installs the 401 hook (sign out, open login) and shows toasts flashed by the previous page.
import './account/sessionHooks';
import './layoutStrings';

// A player's header (balance, daily bonus, raffle, level, bell, account menu) loads for a player only:
// a visitor's pages never load it, a player's page asks for it as this module runs.
const PlayerHeader = lazyForPlayer(() => import('./PlayerHeader'));

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
  // Until it arrives the area stays empty, as it is until hydration: then it shows whole, at once.
  return (
    <Suspense fallback={null}>
      <PlayerHeader lang={lang} displayName={session.displayName} />
    </Suspense>
  );
}
