import type { Language } from '../../../contracts/constants';
import type { Game } from '../../../contracts/games';
import { localizePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import { GAME_CATEGORIES, gamesInCategory, useGames } from '../../stores/games';
import { useSession } from '../../stores/useSession';
import GameTile, { FIRST_ROW } from './GameTile';
import 'virtual:strings?common.loading,games.gameTag,games.grid,games.lobby';

/** How many tiles a home row shows before "See all". */
const ROW_SIZE = 7;
/** On small and medium screens only the first full row shows; the rest is one click away. */
const tileVisibility = (index: number) => (index >= 5 ? 'hidden xl:block' : index >= 3 ? 'hidden md:block' : undefined);
const ROW_CLASSES = 'grid grid-cols-3 gap-2 md:grid-cols-5 md:gap-3 xl:grid-cols-7';

/**
 * While the catalogue loads: each category's row with its heading and empty tiles of the real ones'
 * size, so the rows arriving move nothing below them (no layout shift).
 */
function LoadingRows({ lang }: { lang: Language }) {
  const t = useT(lang, 'games');
  return (
    <>
      <p role="status" className="sr-only">
        {t('common:loading')}
      </p>
      {GAME_CATEGORIES.map((category) => (
        <div key={category} aria-hidden="true" className="flex flex-col gap-3" data-testid="lobby-row-loading">
          <p className="text-xl font-bold text-gold-400">{t(`gameTag.${category}`)}</p>
          <ul className={ROW_CLASSES}>
            {Array.from({ length: ROW_SIZE }, (_, index) => (
              <li key={index} className={tileVisibility(index)}>
                <div className="aspect-[3/4] rounded-lg border border-brown-700 bg-brown-800/60 motion-safe:animate-pulse" />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/** One row per category with games: the build's games in the page as built, then the server's. */
function GameRows({ games: all, lang }: { games: Game[]; lang: Language }) {
  const t = useT(lang, 'games');
  const signedIn = useSession() !== null;
  return (
    <>
      {GAME_CATEGORIES.map((category, row) => {
        const games = gamesInCategory(all, category);
        if (games.length === 0) return null;
        const headingId = `lobby-row-${category}`;
        return (
          <section key={category} aria-labelledby={headingId} data-testid={`lobby-row-${category}`} className="flex flex-col gap-3">
            <div className="flex items-baseline justify-between gap-2">
              <h2 id={headingId} className="text-xl font-bold text-gold-400">
                {t(`gameTag.${category}`)}
              </h2>
              <a href={localizePath(`/category/${category}`, lang)} className="text-sm font-semibold text-gold-400 underline-offset-4 hover:underline">
                {t('lobby.seeAll', { n: games.length })}
              </a>
            </div>
            <ul className={ROW_CLASSES}>
              {games.slice(0, ROW_SIZE).map((game, index) => (
                <li key={game.gameCode} className={tileVisibility(index)}>
                  <GameTile game={game} lang={lang} signedIn={signedIn} eager={row === 0 && index < FIRST_ROW} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

/**
 * The home lobby's games: one row per game category with a link to its full grid, a teaser for the
 * tournaments lobby and the way to the fairness page. (The home page itself shows the promotions.)
 */
export default function Lobby({ lang, games: atBuild }: { lang: Language; games?: Game[] }) {
  const t = useT(lang, 'games');
  const { data, error } = useGames(lang, atBuild);

  return (
    <div className="flex flex-col gap-8" data-testid="lobby">
      {!data && !error && <LoadingRows lang={lang} />}
      {!data && error && (
        <p role="alert" className="rounded border border-red-500 bg-red-950/40 p-3">
          {t('grid.loadFailed')}
        </p>
      )}
      {data && <GameRows games={data} lang={lang} />}

      <section
        aria-labelledby="lobby-tournaments"
        className="rounded-xl border border-brown-600 bg-gradient-to-r from-brown-800 via-brown-700 to-brown-800 p-5"
      >
        <h2 id="lobby-tournaments" className="text-xl font-bold text-gold-400">
          {t('lobby.tournamentsTitle')}
        </h2>
        <p className="mt-1 mb-4 text-cream/90">{t('lobby.tournamentsText')}</p>
        <a href={localizePath('/tournaments', lang)} className="btn-gold" data-testid="tournaments-teaser">
          {t('lobby.tournamentsCta')}
        </a>
      </section>
      <p className="text-sm text-cream/80">
        {t('lobby.fairText')}{' '}
        <a href={localizePath('/fairness/', lang)} className="font-semibold text-gold-400 underline underline-offset-2">
          {t('lobby.fairLink')}
        </a>
      </p>
    </div>
  );
}
