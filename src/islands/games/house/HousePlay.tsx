import { localizePath } from '../../../../contracts/languages';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import type { GameKind } from '../../../../contracts/game-kinds';
import type { DefinitionOf, HouseSessionResponse } from '../../../../contracts/games';
import { useT } from '../../../lib/useT';
import { $house, startHouseSession } from '../../../stores/gamesHouse';
import { $paytableOpen, closePaytable, openPaytable } from '../../../stores/paytable';
import Spinner from '../../Spinner';
import { FairnessLine } from './FairnessLine';
import RealityCheck from './RealityCheck';
import { formatCoins } from '../../../lib/formatCoins';
import './strings';

// The fairness panel loads the first time it is opened; then it stays (closing only hides it).
const FairnessDrawer = lazy(() => import('./FairnessDrawer'));

/** What a kind's game client is given (each takes the part it needs). */
interface ClientProps<K extends GameKind> {
  lang: Language;
  definition: DefinitionOf<K>;
  gameCode: string;
  openRound: HouseSessionResponse['openRound'];
}
/** Each kind's game client, loaded when a game of that kind opens (only that kind's code). */
const GAME_CLIENTS: { [K in GameKind]: LazyExoticComponent<ComponentType<ClientProps<K>>> } = {
  slot: lazy(() => import('./SlotGame')),
  roulette: lazy(() => import('./RouletteGame')),
  blackjack: lazy(() => import('./BlackjackGame')),
  baccarat: lazy(() => import('./BaccaratGame')),
};
// The paytable and rules load the first time they are opened.
const Paytable = lazy(() => import('./Paytable'));

/**
 * Where the Lobby button goes. Only a same-site path counts (the launch URL's `lobby` must not send
 * players elsewhere), and the launch page itself (the spec passes the launch page's URL as lobbyUrl)
 * would only start the game again, so that means the site's home.
 */
function safeLobby(url: string | null | undefined, lang: Language): string {
  const fallback = localizePath('/', lang);
  if (!url) return fallback;
  try {
    const parsed = new URL(url, location.origin);
    if (parsed.origin !== location.origin || parsed.pathname.includes('/game-launch/')) return fallback;
    return parsed.pathname + parsed.search;
  } catch {
    return fallback;
  }
}

/**
 * The house game client page (/house/play/?token=&lobby=&lang=): opens the play session from the
 * one-time launch token and renders the game's HTML5 client with its balance bar and fairness drawer.
 */
export default function HousePlay({ lang }: { lang: Language }) {
  const t = useT(lang, 'games');
  const house = useStore($house);
  const paytableOpen = useStore($paytableOpen);
  const [fairnessOpen, setFairnessOpen] = useState(false);
  const [fairnessLoaded, setFairnessLoaded] = useState(false);
  const openFairness = () => {
    setFairnessOpen(true);
    setFairnessLoaded(true);
  };
  const fairnessToggle = useRef<HTMLButtonElement>(null);
  const body = useRef<HTMLDivElement>(null);
  // Back to the game (the panel may have been below it) with the focus on the toggle.
  const closeFairness = () => {
    setFairnessOpen(false);
    body.current?.scrollTo({ top: 0 });
    fairnessToggle.current?.focus({ preventScroll: true });
  };

  useEffect(() => {
    const token = new URLSearchParams(location.search).get('token');
    if (!token) {
      $house.set({ status: 'failed', balance: 0, errorCode: 'NOT_FOUND' });
      return;
    }
    void startHouseSession(token);
  }, []);

  const lobby = safeLobby(house.info?.lobbyUrl ?? (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lobby')), lang);

  if (house.status === 'failed') {
    return (
      <div role="alert" data-testid="house-failed" className="m-auto max-w-md rounded-lg border border-red-500 bg-red-950/40 p-5 text-center">
        <p className="mb-4">{t(house.errorCode === 'MAINTENANCE' ? 'launch.maintenance' : 'house.sessionFailed')}</p>
        <a href={lobby} target="_top" className="btn-gold">
          {t('launch.backToLobby')}
        </a>
      </div>
    );
  }
  if (house.status !== 'ready' || !house.info) return <Spinner lang={lang} />;

  const { info } = house;
  const demo = info.mode === 'demo';
  const definition = info.game.definition;
  // The definition's kind picks the client, so the client takes that definition (the compiler cannot follow that across a union).
  const GameClient = GAME_CLIENTS[definition.kind] as LazyExoticComponent<ComponentType<ClientProps<GameKind>>>;
  return (
    <div className="relative flex h-full flex-col" data-testid="house-game" data-kind={definition.kind} data-mode={info.mode}>
      <header className="flex items-center gap-1.5 border-b border-brown-700 bg-brown-900 px-2 py-1.5 sm:gap-2 sm:px-3">
        {/* On a narrow frame the Lobby button is an arrow, leaving room for the balance and Provably fair. */}
        <a href={lobby} target="_top" className="btn-ghost shrink-0 px-2 py-1 text-xs">
          <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 min-[400px]:hidden">
            <path d="M10 3 5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="sr-only min-[400px]:not-sr-only">{t('house.lobby')}</span>
        </a>
        <h1 className="min-w-0 flex-1 truncate text-base font-bold text-gold-400">
          <span className="sr-only sm:not-sr-only">{info.game.title}</span>
        </h1>
        <p className="shrink-0 whitespace-nowrap rounded-full bg-brown-950 px-2 py-1 text-sm font-bold sm:px-3" aria-live="polite">
          <span className="sr-only">{t('house.balance')}: </span>
          <span data-testid="house-balance">{formatCoins(house.balance, lang)}</span>{' '}
          <span className="text-gold-400">{demo ? t('house.pts') : t('house.coins')}</span>
          {demo && <span className="ml-1 rounded bg-gold-500 px-1.5 text-[10px] uppercase text-brown-950">{t('house.demo')}</span>}
        </p>
        {/* Paytable and rules: an "i" on a narrow frame (its name stays for screen readers). */}
        <button type="button" className="btn-ghost shrink-0 px-2 py-1 text-xs" onClick={openPaytable} aria-haspopup="dialog" data-testid="paytable-open">
          <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 sm:hidden">
            <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M8 7v4.5M8 4.6v.1" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <span className="sr-only sm:not-sr-only">{t('house.paytable')}</span>
        </button>
        <button
          ref={fairnessToggle}
          type="button"
          className="btn-ghost shrink-0 px-2 py-1 text-xs"
          aria-expanded={fairnessOpen}
          aria-controls="fairness-drawer"
          onClick={() => (fairnessOpen ? closeFairness() : openFairness())}
          data-testid="fairness-toggle"
        >
          {/* A shield below 400 px: with the balance and the "i" there is no room for its words. */}
          <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4 min-[400px]:hidden">
            <path
              d="M8 1.5 13.5 3.5v4c0 3.4-2.3 5.8-5.5 7-3.2-1.2-5.5-3.6-5.5-7v-4z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
            <path d="m5.5 8 1.8 1.8L10.8 6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span className="sr-only min-[400px]:not-sr-only">{t('house.fairness')}</span>
        </button>
      </header>
      {/* The header and the fairness line stay in view. From 640 px the game and the fairness column
          share the height between them, each scrolling on its own if it must; below, the fairness
          panel opens under the game and the two scroll together. */}
      <div ref={body} className="relative flex min-h-0 flex-1 flex-col overflow-y-auto sm:flex-row sm:overflow-visible">
        {/* The backdrop in the game's colours (public/games/backdrops, drawn by scripts/generate-game-art.ts). */}
        <main
          className="flex flex-1 flex-col items-center justify-center-safe bg-brown-950 bg-cover bg-center p-2 sm:min-h-0 sm:overflow-y-auto sm:p-3"
          style={{ backgroundImage: `url(/games/backdrops/${info.game.gameCode}.svg)` }}
          data-testid="house-main"
        >
          <Suspense fallback={<Spinner lang={lang} />}>
            <GameClient lang={lang} definition={definition} gameCode={info.game.gameCode} openRound={info.openRound} />
          </Suspense>
        </main>
        {fairnessLoaded && (
          <Suspense fallback={<Spinner lang={lang} />}>
            <FairnessDrawer lang={lang} open={fairnessOpen} onClose={closeFairness} rtp={info.game.rtp} />
          </Suspense>
        )}
        {!demo && <RealityCheck lang={lang} balance={house.balance} lobby={lobby} />}
      </div>
      <FairnessLine lang={lang} />
      {paytableOpen && (
        <Suspense fallback={null}>
          <Paytable lang={lang} definition={definition} rtp={info.game.rtp} title={info.game.title} gameCode={info.game.gameCode} onClose={closePaytable} />
        </Suspense>
      )}
    </div>
  );
}
