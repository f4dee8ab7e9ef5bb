import type { Language } from '../../../contracts/constants';
import type { Game } from '../../../contracts/games';
import { gamesInCategory, useGames } from '../../stores/games';
import { useSession } from '../../stores/useSession';
import { useT } from '../../lib/useT';
import Spinner from '../Spinner';
import GameTile, { FIRST_ROW } from './GameTile';
import 'virtual:strings?games.gameTag,games.grid';

/** 3 columns on small screens, 5 on medium, 7 on extra-large (spec sections 2 and 9). */
export const GRID_CLASSES = 'grid grid-cols-3 gap-2 md:grid-cols-5 md:gap-3 xl:grid-cols-7';

/** The tiles: the build's games in the page as built (src/build/catalogue.ts), then the server's; the session is read as useBuildFirst says. */
export function TileGrid({ games, lang, label }: { games: Game[]; lang: Language; label: string }) {
  const signedIn = useSession() !== null;
  return (
    <ul className={GRID_CLASSES} aria-label={label} data-testid="game-grid-list">
      {games.map((game, index) => (
        <li key={game.gameCode}>
          <GameTile game={game} lang={lang} signedIn={signedIn} eager={index < FIRST_ROW} />
        </li>
      ))}
    </ul>
  );
}

/** The category screen's grid: the catalogue filtered to games tagged with the category (upper-cased). */
export default function GameGrid({ lang, tag, games: atBuild }: { lang: Language; tag: string; games?: Game[] }) {
  const t = useT(lang, 'games');
  const { data, error, loading } = useGames(lang, atBuild);
  if (!data && (loading || !error)) return <Spinner lang={lang} />;
  if (!data) {
    return (
      <p role="alert" className="rounded border border-red-500 bg-red-950/40 p-3">
        {t('grid.loadFailed')}
      </p>
    );
  }
  const games = gamesInCategory(data, tag);
  if (games.length === 0) return <p className="text-cream/80">{t('grid.empty')}</p>;
  return <TileGrid games={games} lang={lang} label={t(`gameTag.${tag.toLowerCase()}`, { defaultValue: tag })} />;
}
