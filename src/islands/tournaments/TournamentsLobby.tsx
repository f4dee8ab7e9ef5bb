import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import { siteConfig } from '../../lib/config';
import { useT } from '../../lib/useT';
import { $account } from '../../stores/auth';
import { gameLaunchPath } from '../../stores/games';
import { requireSignInForLaunch } from '../../stores/gamesLaunch';
import { $session } from '../../stores/session';
import { useSession } from '../../stores/useSession';
import Spinner from '../Spinner';
import 'virtual:strings?tournaments';

/** What the launcher script exposes (docs/lobby-launcher.md). */
interface LobbyLauncher {
  mount(
    host: HTMLElement,
    options: { accountRef: string | null; brandRef: string; languageCode: string; apiUrl: string; channel: string },
  ): { unmount(): void };
}
declare global {
  interface Window {
    CoinCasinoLobby?: LobbyLauncher;
  }
}

/** The launcher script is loaded once per page, however often the lobby is re-mounted. */
let loading: Promise<LobbyLauncher> | null = null;
function loadLauncher(src: string): Promise<LobbyLauncher> {
  if (window.CoinCasinoLobby) return Promise.resolve(window.CoinCasinoLobby);
  loading ??= new Promise<LobbyLauncher>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.CoinCasinoLobby ? resolve(window.CoinCasinoLobby) : reject(new Error('no CoinCasinoLobby')));
    script.onerror = () => reject(new Error('launcher did not load'));
    document.head.append(script);
  }).catch((error: Error) => {
    loading = null;
    throw error;
  });
  return loading;
}

const GAME_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * /tournaments (spec section 2): loads the lobby launcher script into its host element with the
 * account reference, brand reference and language. On the lobby's game-launch message a signed-in
 * player goes to the game's launch address; a visitor gets the login popup and the launch runs
 * after sign-in (the pending action).
 */
export default function TournamentsLobby({ lang }: { lang: Language }) {
  const t = useT(lang, 'tournaments');
  const host = useRef<HTMLDivElement>(null);
  // The build's value (signed out) while hydrating, then the cookie's: no hydration mismatch.
  const session = useSession();
  const account = useStore($account);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // Signed in: wait for the account reference, so the lobby shows the player's own rank from the start.
  const accountRef = session ? (account.data?.accountRef ?? null) : null;
  const ready = !session || Boolean(account.data) || Boolean(account.error);

  useEffect(() => {
    if (!ready || !host.current) return;
    let handle: { unmount(): void } | null = null;
    let cancelled = false;
    setFailed(false);
    loadLauncher(siteConfig.lobbyLauncherUrl)
      .then((launcher) => {
        if (cancelled || !host.current) return;
        handle = launcher.mount(host.current, {
          accountRef,
          brandRef: siteConfig.brandRef,
          languageCode: lang,
          apiUrl: siteConfig.apiUrl,
          channel: siteConfig.channel,
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      handle?.unmount();
    };
  }, [ready, accountRef, lang, attempt]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== window) return;
      const data = event.data as { type?: unknown; gameCode?: unknown } | null;
      if (data?.type !== 'game-launch' || typeof data.gameCode !== 'string' || !GAME_CODE.test(data.gameCode)) return;
      if ($session.get()) location.assign(gameLaunchPath(data.gameCode, lang));
      else requireSignInForLaunch(data.gameCode, lang);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [lang]);

  return (
    <>
      {failed && (
        <p role="alert" className="mb-4">
          {t('lobby.failed')}{' '}
          <button type="button" className="btn-ghost ml-2 px-3 py-1 text-sm" onClick={() => setAttempt((n) => n + 1)}>
            {t('lobby.retry')}
          </button>
        </p>
      )}
      {!ready && <Spinner lang={lang} />}
      <div ref={host} data-testid="lobby-host" />
    </>
  );
}
