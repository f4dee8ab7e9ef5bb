import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import type { Game } from '../../../contracts/games';
import { useT } from '../../lib/useT';
import { useGames } from '../../stores/games';
import { $favourites, $recentlyPlayed } from '../../stores/progression';
import GameTile from '../games/GameTile';
import 'virtual:strings?progress.rows';
import { lazy, Suspense } from 'react';

// Home only.
const MissionsPanel = lazy(() => import('./MissionsPanel'));

const ROW_CLASSES = 'grid grid-cols-3 gap-2 md:grid-cols-5 md:gap-3 xl:grid-cols-7';
const ROW_SIZE = 7;
const tileVisibility = (index: number) => (index >= 5 ? 'hidden xl:block' : index >= 3 ? 'hidden md:block' : undefined);

function Row({ id, title, codes, games, lang }: { id: string; title: string; codes: string[]; games: Game[]; lang: Language }) {
  const byCode = new Map(games.map((g) => [g.gameCode, g]));
  const shown = codes.map((c) => byCode.get(c)).filter((g): g is Game => Boolean(g));
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby={`row-${id}`} data-testid={`player-row-${id}`} className="flex flex-col gap-3">
      <h2 id={`row-${id}`} className="text-xl font-bold text-gold-400">
        {title}
      </h2>
      <ul className={ROW_CLASSES}>
        {shown.slice(0, ROW_SIZE).map((game, index) => (
          <li key={game.gameCode} className={tileVisibility(index)}>
            <GameTile game={game} lang={lang} signedIn />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A signed-in player's own rows (PlayerRows.tsx loads them for a player only). */
export default function PlayerRowsList({ lang, missions }: { lang: Language; missions: boolean }) {
  const t = useT(lang, 'progress');
  const games = useGames(lang).data;
  const favourites = useStore($favourites).data;
  const recent = useStore($recentlyPlayed).data;
  return (
    <div className="mb-8 flex flex-col gap-8 empty:hidden">
      {missions && (
        <Suspense fallback={null}>
          <MissionsPanel lang={lang} />
        </Suspense>
      )}
      {games && favourites && <Row id="favourites" title={t('rows.favourites')} codes={favourites.gameCodes} games={games} lang={lang} />}
      {games && recent && <Row id="recent" title={t('rows.recent')} codes={recent.gameCodes} games={games} lang={lang} />}
    </div>
  );
}
