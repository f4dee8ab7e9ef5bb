import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import SearchIcon from './SearchIcon';
import 'virtual:strings?progress.search';

// The combobox and the catalogue load on the first press: no page needs them before.
const GameSearchPanel = lazy(() => import('./GameSearchPanel'));

/** The header's search button: it opens the game search under the header (GameSearchPanel.tsx). */
export default function GameSearch({ lang }: { lang: Language }) {
  const t = useT(lang, 'progress');
  const [expanded, setExpanded] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!expanded) return;
    const onDocumentClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setExpanded(false);
    };
    document.addEventListener('mousedown', onDocumentClick);
    return () => document.removeEventListener('mousedown', onDocumentClick);
  }, [expanded]);

  const close = () => {
    setExpanded(false);
    buttonRef.current?.focus();
  };
  return (
    <div ref={rootRef} className="relative" data-testid="game-search">
      <button
        ref={buttonRef}
        type="button"
        className={`flex h-9 w-8 items-center justify-center rounded-md sm:w-9 hover:bg-brown-700 ${expanded ? 'bg-brown-700' : ''}`}
        aria-label={t('search.open')}
        aria-expanded={expanded}
        data-testid="game-search-open"
        onClick={() => setExpanded((e) => !e)}
      >
        <SearchIcon className="h-5 w-5 text-cream" />
      </button>
      {expanded && (
        <Suspense fallback={null}>
          <GameSearchPanel lang={lang} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
