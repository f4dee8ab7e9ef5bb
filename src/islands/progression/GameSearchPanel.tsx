import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Language } from '../../../contracts/constants';
import { searchGames } from '../../../contracts/game-search';
import { useT } from '../../lib/useT';
import SearchIcon from './SearchIcon';
import { gameLaunchPath, useGames } from '../../stores/games';
import 'virtual:strings?progress.search';

/**
 * The header's game search, opened by its button (GameSearch.tsx loads this module on the first
 * press, with the catalogue): an accessible combobox (ARIA 1.2 pattern, list autocomplete). Results
 * as you type, by title in either language, folding kana and width (contracts/game-search.ts).
 * Arrow keys move through the results, Enter opens one, Escape clears and closes.
 */
export default function GameSearchPanel({ lang, onClose }: { lang: Language; onClose: () => void }) {
  const t = useT(lang, 'progress');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const games = useGames(lang).data;
  const results = useMemo(() => (games ? searchGames(games, query) : []), [games, query]);
  const showList = open && query.trim().length > 0;

  useEffect(() => inputRef.current?.focus(), []);

  const go = (index: number) => {
    const game = results[index];
    if (game) location.assign(gameLaunchPath(game.gameCode, lang));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (results.length ? (i + 1) % results.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (results.length ? (i <= 0 ? results.length - 1 : i - 1) : -1));
    } else if (event.key === 'Enter') {
      if (results.length) {
        event.preventDefault();
        go(Math.max(active, 0));
      }
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      if (query) setQuery('');
      setOpen(false);
      onClose();
    }
  };

  const optionId = (i: number) => `${listId}-o${i}`;
  return (
    <div className="fixed inset-x-0 top-14 z-40 border-b border-brown-700 bg-brown-900 p-2 sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-80 sm:rounded-lg sm:border">
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute left-2 top-1/2 h-4 w-4 -translate-y-1/2 text-cream/60" />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label={t('search.label')}
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="go"
          data-testid="game-search-input"
          className="h-9 w-full rounded-md border border-brown-600 bg-brown-950 pl-7 pr-2 text-sm text-cream placeholder:text-cream/50"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('search.label')}
        hidden={!showList}
        data-testid="game-search-results"
        className="absolute inset-x-2 z-40 mt-1 max-h-80 overflow-y-auto rounded-lg border border-brown-600 bg-brown-900 p-1 shadow-xl"
      >
        {results.map((game, i) => (
          <li
            key={game.gameCode}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            data-game-code={game.gameCode}
            className={`flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm ${i === active ? 'bg-brown-700 text-gold-400' : 'text-cream hover:bg-brown-800'}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(i)}
          >
            {game.imagePath && <img src={game.imagePath} alt="" className="h-8 w-6 shrink-0 rounded object-cover" loading="lazy" />}
            <span>{game.title}</span>
          </li>
        ))}
        {results.length === 0 && (
          <li role="presentation" className="px-2 py-1.5 text-sm text-cream/80">
            {t('search.none', { query: query.trim() })}
          </li>
        )}
      </ul>
      <span className="sr-only" role="status" aria-live="polite">
        {showList ? (results.length ? t('search.results', { count: results.length }) : t('search.none', { query: query.trim() })) : ''}
      </span>
    </div>
  );
}
