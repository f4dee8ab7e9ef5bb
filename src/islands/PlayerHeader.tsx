import { lazy, Suspense } from 'react';
import type { Language } from '../../contracts/constants';
import AccountMenu from './account/AccountMenu';
import PhoneWatcher from './phone/PhoneWatcher';
import HeaderBalance from './wallet/HeaderBalance';
import DailyBonusButton from './wallet/DailyBonusButton';
import RaffleButton from './raffle/RaffleButton';
import GameSearch from './progression/GameSearch';
import './playerStrings';

// The level and bell load once this part shows, each with its own strings.
const HeaderProgress = lazy(() => import('./progression/HeaderProgress'));
const NotificationBell = lazy(() => import('./progression/NotificationBell'));

/**
 * The header's right side for a signed-in player (HeaderAccount.tsx loads it for a player only): the
 * search, level, daily bonus, balance, raffle button, bell and account menu.
 */
export default function PlayerHeader({ lang, displayName }: { lang: Language; displayName: string }) {
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
        displayName={displayName}
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
