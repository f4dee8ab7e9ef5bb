import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Language } from '../../../contracts/constants';
import { searchGames } from '../../../contracts/game-search';
import { useT } from '../../lib/useT';
import { gameLaunchPath, useGames } from '../../stores/games';
import './strings';

/**
 * The header's game search: an accessible combobox (ARIA 1.2 pattern, list autocomplete). Results
 * as you type, by title in either language, folding kana and width (contracts/game-search.ts).
 * Arrow keys move through the results, Enter opens one, Escape clears and closes. Below 1536 px
 * the field hides behind a search button (the header's tabs keep their room) and opens under the header.
 */
export default function GameSearch({ lang }: { lang: Language }) {
  const t = useT(lang, 'progress');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const games = useGames(lang).data;
  const results = useMemo(() => (games ? searchGames(games, query) : []), [games, query]);
  const showList = open && query.trim().length > 0;

  useEffect(() => {
    if (expanded) inputRef.current?.focus();
  }, [expanded]);
  useEffect(() => {
    const onDocumentClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setExpanded(false);
      }
    };
    document.addEventListener('mousedown', onDocumentClick);
    return () => document.removeEventListener('mousedown', onDocumentClick);
  }, []);

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
        go(active >= 0 ? active : 0);
      }
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      if (query) setQuery('');
      setOpen(false);
      setExpanded(false);
    }
  };

  const optionId = (i: number) => `${listId}-o${i}`;
  return (
    // Below 480 px the full header has no room for it.
    <div ref={rootRef} className="relative hidden md:block" data-testid="game-search">
      <button
        type="button"
        className={`flex h-9 w-8 items-center justify-center rounded-md sm:w-9 hover:bg-brown-700 2xl:hidden ${expanded ? 'bg-brown-700' : ''}`}
        aria-label={t('search.open')}
        aria-expanded={expanded}
        data-testid="game-search-open"
        onClick={() => setExpanded((e) => !e)}
      >
        <SearchIcon />
      </button>
      <div className={`${expanded ? 'fixed inset-x-0 top-14 z-40 border-b border-brown-700 bg-brown-900 p-2 sm:left-auto sm:right-2 sm:w-80 sm:rounded-b-lg sm:border-x' : 'hidden'} 2xl:static 2xl:block 2xl:w-auto 2xl:border-0 2xl:bg-transparent 2xl:p-0`}>
        <div className="relative">
          <span className="pointer-events-none absolute left-2 top-1/2 -translate-y-1/2 text-cream/60"><SearchIcon small /></span>
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
            className="h-9 w-full rounded-md border border-brown-600 bg-brown-950 pl-7 pr-2 text-sm text-cream placeholder:text-cream/50 2xl:w-44"
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
          className="absolute inset-x-2 z-40 mt-1 max-h-80 overflow-y-auto rounded-lg border border-brown-600 bg-brown-900 p-1 shadow-xl 2xl:inset-x-auto 2xl:right-0 2xl:w-64"
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
          {results.length === 0 && <li role="presentation" className="px-2 py-1.5 text-sm text-cream/80">{t('search.none', { query: query.trim() })}</li>}
        </ul>
        <span className="sr-only" role="status" aria-live="polite">{showList ? (results.length ? t('search.results', { count: results.length }) : t('search.none', { query: query.trim() })) : ''}</span>
      </div>
    </div>
  );
}

function SearchIcon({ small = false }: { small?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={small ? 'h-4 w-4' : 'h-5 w-5 text-cream'} fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4" />
    </svg>
  );
}
