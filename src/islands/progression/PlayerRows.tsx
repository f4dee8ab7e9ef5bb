import { Suspense } from 'react';
import type { Language } from '../../../contracts/constants';
import { useSession } from '../../stores/useSession';
import { lazyForPlayer } from '../lazyForPlayer';

// The rows, their stores and strings load for a player only: a visitor's page never loads them.
const PlayerRowsList = lazyForPlayer(() => import('./PlayerRowsList'));

/**
 * How far below the screen the rows start loading (their code and the player's three lists): on a
 * phone they sit about two screens down, and a player scrolling at a reading pace has them in place
 * before they come into view, so what follows them does not move under the player's eyes.
 */
export const ROWS_AHEAD = '600px';

/**
 * A signed-in player's own rows on home and the categories: today's missions (home only),
 * Favourites and Recently played. Nothing for visitors. The pages hydrate it when it comes near the
 * screen (client:visible): the element is there even when empty, for the page to watch.
 */
export default function PlayerRows({ lang, missions = false }: { lang: Language; missions?: boolean }) {
  const session = useSession();
  return (
    <div data-testid="player-rows">
      {session && (
        <Suspense fallback={null}>
          <PlayerRowsList lang={lang} missions={missions} />
        </Suspense>
      )}
    </div>
  );
}
