import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/useT';
import { $favourites, setFavourite } from '../../stores/progression';
import { showToast } from '../../stores/toasts';
import 'virtual:strings?progress.heart';

/** The heart on a game tile (signed in): adds or removes the game from the player's favourites. */
export default function FavouriteHeart({ gameCode, title, lang }: { gameCode: string; title: string; lang: Language }) {
  const t = useT(lang, 'progress');
  const { data } = useStore($favourites);
  const on = data?.gameCodes.includes(gameCode) ?? false;
  const toggle = async () => {
    try {
      await setFavourite(gameCode, !on);
    } catch (error) {
      showToast(t(`errors:${error instanceof ApiError ? error.displayCode : 'TECHNICAL_ERROR'}`), 'error');
    }
  };
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? t('heart.remove', { title }) : t('heart.add', { title })}
      data-testid="favourite-heart"
      data-game-code={gameCode}
      onClick={() => void toggle()}
      className="absolute left-1 top-1 z-10 flex h-8 w-8 items-center justify-center rounded-full bg-brown-950/75 hover:bg-brown-950 focus-visible:outline-2"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`h-5 w-5 ${on ? 'text-red-500' : 'text-cream'}`}
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 20s-7-4.4-9-8.6C1.6 8.3 3.6 5 6.8 5c2 0 3.4 1.1 4.2 2.4C11.8 6.1 13.2 5 15.2 5c3.2 0 5.2 3.3 3.8 6.4C19 15.6 12 20 12 20z" />
      </svg>
    </button>
  );
}
