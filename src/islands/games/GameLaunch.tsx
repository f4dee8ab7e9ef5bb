import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import type { Game } from '../../../contracts/games';
import { ApiError } from '../../lib/api';
import { localizePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import { gameCodeFromPath, gamesStore, launchGame } from '../../stores/games';
import { onGameMessage, requireSignInForLaunch } from '../../stores/gamesLaunch';
import { $session, clearSession } from '../../stores/session';
import { useSession } from '../../stores/useSession';
import Spinner from '../Spinner';
import { protectionMessage } from '../account/protectionText';
import 'virtual:strings?games.launch';

/** The page's URL when it first loaded: the lobby return address passed to the game (spec section 2). */
const INITIAL_URL = typeof location === 'undefined' ? '' : location.href;

type LaunchState =
  | { kind: 'loading' }
  | { kind: 'playing'; url: string; game: Game }
  | { kind: 'signIn'; game: Game }
  | { kind: 'error'; message: 'notAvailable' | 'maintenance' | 'failed'; text?: string };

/**
 * /game-launch/<code>: asks the API for the game's URL (real coins when signed in, the PTS demo for
 * a visitor) and shows it in an iframe in the game's orientation. A visitor on a game without a demo
 * gets the login popup, and the game launches as soon as the session appears.
 */
export default function GameLaunch({ lang }: { lang: Language }) {
  const t = useT(lang, ['games', 'errors', 'protection']);
  const session = useSession();
  const catalogue = useStore(gamesStore(lang));
  const [state, setState] = useState<LaunchState>({ kind: 'loading' });
  const frame = useRef<HTMLIFrameElement>(null);
  const launchedFor = useRef<string | null>(null);
  const gameCode = typeof location === 'undefined' ? null : gameCodeFromPath(location.pathname);

  useEffect(() => {
    if (!gameCode) {
      setState({ kind: 'error', message: 'notAvailable' });
      return;
    }
    if (!catalogue.data) {
      if (catalogue.error) setState({ kind: 'error', message: 'failed' });
      return;
    }
    const game = catalogue.data.find((g) => g.gameCode === gameCode);
    if (!game) {
      setState({ kind: 'error', message: 'notAvailable' });
      return;
    }
    const mode = session ? 'real' : game.isDemoAvailable ? 'demo' : null;
    if (!mode) {
      setState({ kind: 'signIn', game });
      requireSignInForLaunch(game.gameCode, lang);
      return;
    }
    // One launch per mode: the token in the URL is single-use.
    if (launchedFor.current === mode) return;
    launchedFor.current = mode;
    setState({ kind: 'loading' });
    launchGame({ gameCode, lang, lobbyUrl: INITIAL_URL, mode })
      .then((url) => setState({ kind: 'playing', url, game }))
      .catch((error: unknown) => {
        launchedFor.current = null;
        const code = error instanceof ApiError ? error.code : 'TECHNICAL_ERROR';
        if (code === 'UNAUTHORIZED') {
          clearSession();
          return;
        }
        if (code === 'DEMO_NOT_AVAILABLE') {
          setState({ kind: 'signIn', game });
          requireSignInForLaunch(game.gameCode, lang);
          return;
        }
        // A break, self-exclusion or daily limit (player protection): its own message, with until when.
        const protection = protectionMessage(t, lang, error);
        if (protection) setState({ kind: 'error', message: 'failed', text: protection });
        else if (code === 'MAINTENANCE') setState({ kind: 'error', message: 'maintenance' });
        else if (code === 'GAME_NOT_AVAILABLE' || code === 'NOT_FOUND') setState({ kind: 'error', message: 'notAvailable' });
        else setState({ kind: 'error', message: 'failed' });
      });
  }, [gameCode, catalogue.data, catalogue.error, session, lang]);

  // The game posts { type: 'balance' } after each round; only messages from our own frame count.
  useEffect(() => onGameMessage(() => frame.current?.contentWindow ?? null), []);

  const lobby = localizePath('/', lang);
  if (state.kind === 'loading') return <Spinner lang={lang} />;
  if (state.kind === 'error') {
    return (
      <div role="alert" data-testid="launch-error" className="mx-auto max-w-lg rounded-lg border border-red-500 bg-red-950/40 p-5 text-center">
        <p className="mb-4">{state.text ?? t(`launch.${state.message}`)}</p>
        <a href={lobby} className="btn-gold">{t('launch.backToLobby')}</a>
      </div>
    );
  }
  if (state.kind === 'signIn') {
    return (
      <div data-testid="launch-sign-in" className="mx-auto max-w-lg rounded-lg border border-brown-600 bg-brown-800 p-5 text-center">
        <h1 className="mb-2 text-xl font-bold text-gold-400">{state.game.title}</h1>
        <p className="mb-4">{t('launch.signInRequired')}</p>
        <button type="button" className="btn-gold" onClick={() => requireSignInForLaunch(state.game.gameCode, lang)}>
          {t('launch.signIn')}
        </button>
      </div>
    );
  }
  const portrait = state.game.orientation === 'portrait';
  return (
    <section aria-labelledby="game-title" data-orientation={state.game.orientation}>
      <div className="mb-2 flex h-9 items-center justify-between gap-2">
        <h1 id="game-title" className="truncate text-lg font-bold text-gold-400">{state.game.title}</h1>
        <a href={lobby} className="btn-ghost px-3 py-1 text-sm">{t('launch.backToLobby')}</a>
      </div>
      {!portrait && <p className="mb-2 hidden text-center text-xs text-cream/70 portrait:block md:portrait:hidden">{t('launch.rotateHint')}</p>}
      {/* The frame takes the height left under the header and title (and, below 1024 px, above the
          bottom tab bar), so a game's main action is on screen without scrolling the page; portrait
          games keep their 9:16 shape from 768 px. The clients fit themselves into it. */}
      <div
        data-testid="game-frame-box"
        className={
          portrait
            ? 'mx-auto h-[calc(100dvh-12.5rem)] min-h-80 w-full max-w-full md:aspect-[9/16] md:w-auto lg:h-[calc(100dvh-8.5rem)]'
            : // 1.5rem less on phones for the rotate hint above it.
              'mx-auto h-[calc(100dvh-14rem)] min-h-80 w-full lg:h-[calc(100dvh-8.5rem)]'
        }
      >
        <iframe
          ref={frame}
          src={state.url}
          title={t('launch.frameTitle', { title: state.game.title })}
          data-testid="game-frame"
          allow="fullscreen"
          className="h-full w-full rounded-lg border border-brown-700 bg-black"
        />
      </div>
    </section>
  );
}
