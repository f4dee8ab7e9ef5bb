import { Suspense } from 'react';
import type { Language } from '../../../contracts/constants';
import { useSession } from '../../stores/useSession';
import { lazyForPlayer } from '../lazyForPlayer';

// The rows, their stores and strings load for a player only: a visitor's page never loads them.
const PlayerRowsList = lazyForPlayer(() => import('./PlayerRowsList'));

/**
 * A signed-in player's own rows on home and the categories: today's missions (home only),
 * Favourites and Recently played. Nothing for visitors.
 */
export default function PlayerRows({ lang, missions = false }: { lang: Language; missions?: boolean }) {
  const session = useSession();
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <PlayerRowsList lang={lang} missions={missions} />
    </Suspense>
  );
}
