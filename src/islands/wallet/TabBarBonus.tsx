import { Suspense } from 'react';
import type { Language } from '../../../contracts/constants';
import { useSession } from '../../stores/useSession';
import { lazyForPlayer } from '../lazyForPlayer';

// The button, its countdown and the wallet's store load for a player only (a visitor's page never does).
const TabBarBonusButton = lazyForPlayer(() => import('./TabBarBonusButton'));

/**
 * The mobile tab bar's circular progress daily bonus button; signed-in only (spec section 2). Its tab
 * keeps its place from the first paint for a player (TabBar.astro), so the button arriving moves nothing.
 */
export default function TabBarBonus({ lang }: { lang: Language }) {
  const session = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <TabBarBonusButton lang={lang} />
    </Suspense>
  );
}
