import { Fragment, Suspense, type MouseEvent } from 'react';
import type { Language } from '../../../contracts/constants';
import type { Game } from '../../../contracts/games';
import { gameImage, gameLaunchPath } from '../../stores/games';
import { requireSignInForLaunch } from '../../stores/gamesLaunch';
import { titleWords } from './titleWords';
import { useT } from '../../lib/useT';
import { lazyForPlayer } from '../lazyForPlayer';
import 'virtual:strings?games.tile';

// The heart (with the favourites store) loads for a player only: it sits over the art, so arriving moves nothing.
const FavouriteHeart = lazyForPlayer(() => import('../progression/FavouriteHeart'));

/** The tiles of a page's first row at 375 px (3 columns): their art is asked for with the page. */
export const FIRST_ROW = 3;

/**
 * One game tile: the art (or the local icon) with the title in the page's language always shown
 * over its bottom band (the art carries no words), and on hover or keyboard focus a play icon. A visitor cannot open a game without a demo: the click opens the login popup instead and
 * the launch runs after sign-in (spec section 2). `signedIn` comes from the grid, which follows the
 * session once for all its tiles (a subscription per tile made every tile render again with it).
 * `eager`: a tile of the page's first row, whose art the browser asks for as it reads the page
 * instead of after layout (the first tile's art is the page's largest paint: npm run perf).
 */
export default function GameTile({ game, lang, signedIn, eager = false }: { game: Game; lang: Language; signedIn: boolean; eager?: boolean }) {
  const t = useT(lang, 'games');
  const href = gameLaunchPath(game.gameCode, lang);
  const image = gameImage(game);
  const locked = !signedIn && !game.isDemoAvailable;

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!locked) return;
    event.preventDefault();
    requireSignInForLaunch(game.gameCode, lang);
  };

  return (
    <div className="relative">
      <a
        href={href}
        onClick={onClick}
        data-testid="game-tile"
        data-game-code={game.gameCode}
        data-demo={game.isDemoAvailable ? 'yes' : 'no'}
        aria-label={locked ? t('tile.signInToPlay', { title: game.title }) : t('tile.play', { title: game.title })}
        className="@container group relative block aspect-[3/4] overflow-hidden rounded-lg border border-brown-700 bg-brown-800 shadow focus-visible:outline-2"
      >
        <img
          src={image.src}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className={`h-full w-full object-cover transition-transform duration-200 group-hover:scale-105 ${image.local ? 'p-4' : ''}`}
        />
        <span aria-hidden="true" data-testid="tile-title" data-phrase="" className="tile-title">
          {/* A Japanese title wraps between its words only (titleWords.ts, `[data-phrase]` and `.tile-title` in global.css). */}
          {titleWords(game.title).map((word, i) => (
            <Fragment key={i}>
              {i > 0 && <wbr />}
              {word}
            </Fragment>
          ))}
        </span>
        {/* Badges from the catalogue's tags (NEW, HOT), top left; the coins-only badge top right. */}
        {(['NEW', 'HOT'] as const)
          .filter((tag) => game.tags.includes(tag))
          .slice(0, 1)
          .map((tag) => (
            <span
              key={tag}
              aria-hidden="true"
              data-testid="tile-badge"
              data-badge={tag}
              className={`absolute left-1 top-1 rounded px-1.5 py-0.5 text-[10px] font-black shadow ${tag === 'NEW' ? 'bg-emerald-500 text-brown-950' : 'bg-red-700 text-cream'}`}
            >
              {t(`tile.badge.${tag}`)}
            </span>
          ))}
        {!game.isDemoAvailable && (
          <span aria-hidden="true" className="absolute right-1 top-1 rounded bg-brown-950/80 px-1.5 py-0.5 text-[10px] font-bold uppercase text-gold-400">
            {t('tile.coinsOnly')}
          </span>
        )}
        <span
          aria-hidden="true"
          data-testid="tile-hover"
          className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/60 p-2 text-center opacity-0 transition-opacity duration-150 group-hover:opacity-100 group-focus-visible:opacity-100"
        >
          <svg viewBox="0 0 24 24" className="h-10 w-10 text-gold-400" fill="currentColor">
            <circle cx="12" cy="12" r="11" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M10 8l6 4-6 4z" />
          </svg>
        </span>
      </a>
      {signedIn && (
        <Suspense fallback={null}>
          <FavouriteHeart gameCode={game.gameCode} title={game.title} lang={lang} />
        </Suspense>
      )}
    </div>
  );
}
