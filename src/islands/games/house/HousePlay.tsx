import { lazy, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import { useT } from '../../../lib/useT';
import { $house, startHouseSession } from '../../../stores/gamesHouse';
import Spinner from '../../Spinner';
import FairnessDrawer from './FairnessDrawer';
import RealityCheck from './RealityCheck';
import { formatAmount } from './common';
import './strings';

const SlotGame = lazy(() => import('./SlotGame'));
const RouletteGame = lazy(() => import('./RouletteGame'));
const BlackjackGame = lazy(() => import('./BlackjackGame'));
const BaccaratGame = lazy(() => import('./BaccaratGame'));

/**
 * Where the Lobby button goes. Only a same-site path counts (the launch URL's `lobby` must not send
 * players elsewhere), and the launch page itself (the spec passes the launch page's URL as lobbyUrl)
 * would only start the game again, so that means the site's home.
 */
function safeLobby(url: string | null | undefined, lang: Language): string {
  const fallback = lang === 'en' ? '/en/' : '/';
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
  const [fairnessOpen, setFairnessOpen] = useState(false);

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
        <a href={lobby} target="_top" className="btn-gold">{t('launch.backToLobby')}</a>
      </div>
    );
  }
  if (house.status !== 'ready' || !house.info) return <Spinner lang={lang} />;

  const { info } = house;
  const demo = info.mode === 'demo';
  const definition = info.game.definition;
  return (
    <div className="flex min-h-full flex-col" data-testid="house-game" data-kind={definition.kind} data-mode={info.mode}>
      <header className="flex items-center gap-2 border-b border-brown-700 bg-brown-900 px-2 py-1.5 sm:px-3">
        <a href={lobby} target="_top" className="btn-ghost shrink-0 px-2 py-1 text-xs">{t('house.lobby')}</a>
        <h1 className="min-w-0 flex-1 truncate text-base font-bold text-gold-400"><span className="sr-only sm:not-sr-only">{info.game.title}</span></h1>
        <p className="shrink-0 whitespace-nowrap rounded-full bg-brown-950 px-3 py-1 text-sm font-bold" aria-live="polite">
          <span className="sr-only">{t('house.balance')}: </span>
          <span data-testid="house-balance">{formatAmount(house.balance, lang)}</span>{' '}
          <span className="text-gold-400">{demo ? t('house.pts') : t('house.coins')}</span>
          {demo && <span className="ml-2 rounded bg-gold-500 px-1.5 text-[10px] uppercase text-brown-950">{t('house.demo')}</span>}
        </p>
        <button
          type="button"
          className="btn-ghost shrink-0 px-2 py-1 text-xs"
          aria-expanded={fairnessOpen}
          aria-controls="fairness-drawer"
          onClick={() => setFairnessOpen((open) => !open)}
          data-testid="fairness-toggle"
        >
          {t('house.fairness')}
        </button>
      </header>
      <div className="relative flex flex-1">
        <main className="flex flex-1 flex-col items-center justify-center p-2 sm:p-3">
          <Suspense fallback={<Spinner lang={lang} />}>
            {definition.kind === 'slot' && <SlotGame lang={lang} definition={definition} />}
            {definition.kind === 'roulette' && <RouletteGame lang={lang} definition={definition} />}
            {definition.kind === 'blackjack' && <BlackjackGame lang={lang} definition={definition} openRound={info.openRound} />}
            {definition.kind === 'baccarat' && <BaccaratGame lang={lang} definition={definition} />}
          </Suspense>
        </main>
        <FairnessDrawer lang={lang} open={fairnessOpen} onClose={() => setFairnessOpen(false)} rtp={info.game.rtp} />
        {!demo && <RealityCheck lang={lang} balance={house.balance} lobby={lobby} />}
      </div>
    </div>
  );
}
