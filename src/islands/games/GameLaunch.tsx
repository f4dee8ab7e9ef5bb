import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Language } from '../../../contracts/constants';
import { ApiError } from '../../lib/api';
import { localizePath } from '../../lib/routes';
import { pageLanguage } from '../../lib/i18n';
import { useT } from '../../lib/useT';
import { gameCodeFromPath, gamesStore, useGames, launchGame, type LaunchMode } from '../../stores/games';
import { requireSignInForLaunch } from '../../stores/gamesLaunch';
import { onGameMessage } from '../../stores/gameMessages';
import { $session, clearSession } from '../../stores/session';
import { useSession } from '../../stores/useSession';
import Spinner from '../Spinner';
import { protectionMessage } from '../account/protectionText';
import 'virtual:strings?games.launch';

/** The page's URL when it first loaded: the lobby return address passed to the game (spec section 2). */
const INITIAL_URL = typeof location === 'undefined' ? '' : location.href;
const GAME_CODE = typeof location === 'undefined' ? null : gameCodeFromPath(location.pathname);

/**
 * The launch and the catalogue are asked for as this module loads, before React hydrates the page
 * (on a phone hydration takes a while, and the game can only appear once both have answered): the
 * launch in the mode of the session the page loaded with, taken by the island's first launch.
 */
let early: { mode: LaunchMode; url: Promise<string> } | null = null;
if (GAME_CODE) {
  const lang = pageLanguage();
  const mode: LaunchMode = $session.get() ? 'real' : 'demo';
  const url = launchGame({ gameCode: GAME_CODE, lang, lobbyUrl: INITIAL_URL, mode });
  url.catch(() => {}); // answered to the island when it takes it, not reported as unhandled before
  early = { mode, url };
  gamesStore(lang).listen(() => {});
}

/** The launch asked for early when its mode is still the one wanted, or a new one. */
function launchIn(mode: LaunchMode, gameCode: string, lang: Language): Promise<string> {
  const taken = early?.mode === mode ? early.url : null;
  early = null;
  return taken ?? launchGame({ gameCode, lang, lobbyUrl: INITIAL_URL, mode });
}

/** Where the launch call stands; the game's title and orientation come from the catalogue. */
type Launch =
  | { kind: 'pending' }
  | { kind: 'launched'; url: string }
  | { kind: 'signIn' }
  | { kind: 'error'; message: 'notAvailable' | 'maintenance' | 'failed'; text?: string };

/**
 * /game-launch/<code>: asks the API for the game's URL (real coins when signed in, the PTS demo for
 * a visitor) and shows it in an iframe in the game's orientation. The launch and the catalogue are
 * asked for at once (neither needs the other: the API refuses a game without a demo or not on the
 * channel itself). A visitor on a game without a demo gets the login popup, and the game launches
 * as soon as the session appears.
 */
export default function GameLaunch({ lang }: { lang: Language }) {
  const t = useT(lang, ['games', 'errors', 'protection']);
  const session = useSession();
  // The catalogue may have answered before hydration (it is asked for as the module loads): the
  // first render must still be the build's (the spinner), so it is read once the island has mounted.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const loaded = useGames(lang);
  const catalogue = mounted ? loaded : { data: undefined, error: undefined };
  const [launch, setLaunch] = useState<Launch>({ kind: 'pending' });
  const frame = useRef<HTMLIFrameElement>(null);
  const launchedFor = useRef<string | null>(null);
  const gameCode = GAME_CODE;

  useEffect(() => {
    if (!gameCode) {
      setLaunch({ kind: 'error', message: 'notAvailable' });
      return;
    }
    // The store, not `session`: while hydrating, `session` is the build's (signed out).
    const mode: LaunchMode = $session.get() ? 'real' : 'demo';
    // One launch per mode: the token in the URL is single-use.
    if (launchedFor.current === mode) return;
    launchedFor.current = mode;
    setLaunch({ kind: 'pending' });
    launchIn(mode, gameCode, lang)
      .then((url) => setLaunch({ kind: 'launched', url }))
      .catch((error: unknown) => {
        launchedFor.current = null;
        const code = error instanceof ApiError ? error.code : 'TECHNICAL_ERROR';
        if (code === 'UNAUTHORIZED') {
          clearSession();
          return;
        }
        if (code === 'DEMO_NOT_AVAILABLE') {
          setLaunch({ kind: 'signIn' });
          requireSignInForLaunch(gameCode, lang);
          return;
        }
        // A break, self-exclusion or daily limit (player protection): its own message, with until when.
        const protection = protectionMessage(t, lang, error);
        if (protection) setLaunch({ kind: 'error', message: 'failed', text: protection });
        else if (code === 'MAINTENANCE') setLaunch({ kind: 'error', message: 'maintenance' });
        else if (code === 'GAME_NOT_AVAILABLE' || code === 'NOT_FOUND') setLaunch({ kind: 'error', message: 'notAvailable' });
        else setLaunch({ kind: 'error', message: 'failed' });
      });
  }, [gameCode, session, lang]);

  // The game posts { type: 'balance' } after each round; only messages from our own frame count.
  useEffect(() => onGameMessage(() => frame.current?.contentWindow ?? null), []);

  const lobby = localizePath('/', lang);
  const game = catalogue.data?.find((g) => g.gameCode === gameCode);
  const state: Launch =
    catalogue.data && !game
      ? { kind: 'error', message: 'notAvailable' }
      : launch.kind !== 'error' && !catalogue.data && catalogue.error
        ? { kind: 'error', message: 'failed' }
        : launch;
  if (state.kind === 'error') {
    return (
      <div role="alert" data-testid="launch-error" className="mx-auto max-w-lg rounded-lg border border-red-500 bg-red-950/40 p-5 text-center">
        <p className="mb-4">{state.text ?? t(`launch.${state.message}`)}</p>
        <a href={lobby} className="btn-gold">
          {t('launch.backToLobby')}
        </a>
      </div>
    );
  }
  // Until the catalogue names the game, the page as built: a landscape game's place (most games),
  // its rotate hint included, so the page's first paint is the game page and not a late one; a game
  // the build knew as portrait gets its shape from the page's first script (launch-orientation.js).
  if (!game) return <LaunchView lang={lang} hint={t('launch.rotateHint')} portrait={false} shell />;
  // A visitor's launch of a game without a demo is refused (DEMO_NOT_AVAILABLE): no game page meanwhile.
  if (state.kind === 'pending' && !session && !game.isDemoAvailable) return <Spinner lang={lang} />;
  if (state.kind === 'signIn') {
    return (
      <div data-testid="launch-sign-in" className="mx-auto max-w-lg rounded-lg border border-brown-600 bg-brown-800 p-5 text-center">
        <h1 className="mb-2 text-xl font-bold text-gold-400">{game.title}</h1>
        <p className="mb-4">{t('launch.signInRequired')}</p>
        <button type="button" className="btn-gold" onClick={() => requireSignInForLaunch(game.gameCode, lang)}>
          {t('launch.signIn')}
        </button>
      </div>
    );
  }
  return (
    <LaunchView lang={lang} title={game.title} hint={t('launch.rotateHint')} portrait={game.orientation === 'portrait'}>
      {state.kind === 'launched' ? (
        <iframe
          ref={frame}
          src={state.url}
          title={t('launch.frameTitle', { title: game.title })}
          data-testid="game-frame"
          allow="fullscreen"
          className="h-full w-full rounded-lg border border-brown-700 bg-black"
        />
      ) : undefined}
    </LaunchView>
  );
}

/** The game's place on the page: its title for screen readers, the rotate hint and the frame's box (a spinner until the frame is given). */
function LaunchView({
  lang,
  title,
  hint,
  portrait,
  shell = false,
  children,
}: {
  lang: Language;
  title?: string;
  hint: string;
  portrait: boolean;
  shell?: boolean;
  children?: ReactNode;
}) {
  // The page as built (`shell`) takes a portrait game's shape under html[data-launch=portrait].
  const asPortrait = shell ? ' portrait:in-data-[launch=portrait]:hidden' : '';
  const boxAsPortrait = shell
    ? ' in-data-[launch=portrait]:h-[calc(100dvh-9.75rem)] md:in-data-[launch=portrait]:aspect-[9/16] md:in-data-[launch=portrait]:w-auto lg:in-data-[launch=portrait]:h-[calc(100dvh-5.75rem)]'
    : '';
  return (
    <section aria-labelledby={title ? 'game-title' : undefined} data-orientation={portrait ? 'portrait' : 'landscape'}>
      {/* One title bar: the game's own (title, Lobby, balance) inside the frame. The page keeps its
          heading for screen readers and search, out of sight. */}
      {title ? (
        <h1 id="game-title" className="sr-only">
          {title}
        </h1>
      ) : null}
      {!portrait && <p className={`mb-2 hidden text-center text-xs text-cream/70 portrait:block md:portrait:hidden${asPortrait}`}>{hint}</p>}
      {/* The frame takes the height left under the header (and, below 1024 px, above the
          bottom tab bar), so a game's main action is on screen without scrolling the page; portrait
          games keep their 9:16 shape from 768 px. The clients fit themselves into it. */}
      <div
        data-testid="game-frame-box"
        className={
          portrait
            ? 'mx-auto h-[calc(100dvh-9.75rem)] min-h-80 w-full max-w-full md:aspect-[9/16] md:w-auto lg:h-[calc(100dvh-5.75rem)]'
            : // 1.5rem less on phones for the rotate hint above it.
              `mx-auto h-[calc(100dvh-10.5rem)] min-h-80 w-full lg:h-[calc(100dvh-5.75rem)]${boxAsPortrait}`
        }
      >
        {children ?? <Spinner lang={lang} />}
      </div>
    </section>
  );
}
