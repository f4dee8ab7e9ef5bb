import { GAME_KINDS } from '../../contracts/game-kinds';
import { nanoquery, type FetcherValue } from '@nanostores/query';
import type { Language } from '../../contracts/constants';
import { DEMO_CURRENCY, GAMES_STALE_MS } from '../../contracts/constants';
import type { GamesResponseSchema, LaunchResultSchema, Game } from '../../contracts/games';
import { apiCall } from '../lib/api';
import { siteConfig } from '../lib/config';
import { localizePath } from '../lib/routes';
import { useBuildFirst } from './useBuildFirst';

/**
 * The game catalogue and game launch. The catalogue has its own query layer: it is cached for
 * GAMES_STALE_MS and never refetched on window focus (spec sections 7 and 9), unlike balances.
 */
const [createGamesFetcherStore] = nanoquery({
  dedupeTime: GAMES_STALE_MS,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  // Retried once in the API client (src/lib/api.ts), not again here.
  onErrorRetry: false,
});

const catalogueStores = new Map<Language, ReturnType<typeof createGamesFetcherStore<Game[]>>>();

/** The catalogue in a language: one store per language, shared by every island on the page. */
export function gamesStore(lang: Language) {
  let store = catalogueStores.get(lang);
  if (!store) {
    store = createGamesFetcherStore<Game[]>(['/games', lang], {
      fetcher: async () => {
        const [first] = await apiCall<typeof GamesResponseSchema>('/games', {
          query: { languageCode: lang, siteRef: siteConfig.channel },
          isQuery: true,
        });
        return first.games;
      },
    });
    catalogueStores.set(lang, store);
  }
  return store;
}

/** What the build rendered with when it had no catalogue: a loading grid. */
const CATALOGUE_AT_BUILD: FetcherValue<Game[]> = { loading: true };

/** The build's catalogue as a loaded value, one object per list (useSyncExternalStore wants the same one each time). */
const builtValues = new WeakMap<Game[], FetcherValue<Game[]>>();
function builtValue(games: Game[]): FetcherValue<Game[]> {
  let value = builtValues.get(games);
  if (!value) builtValues.set(games, (value = { data: games, loading: false }));
  return value;
}

/**
 * The catalogue for an island's render: the build's while hydrating, so the markup matches the HTML
 * even when another island (the header's search) fetched it first. `atBuild`: the games the page
 * was built with (home and the categories, src/build/catalogue.ts); they stand until the server's
 * catalogue answers, and stay if it fails (they are the same games, each launch asks the server).
 * Without it the build rendered a loading grid.
 */
export function useGames(lang: Language, atBuild?: Game[]): FetcherValue<Game[]> {
  const built = atBuild ? builtValue(atBuild) : CATALOGUE_AT_BUILD;
  const value = useBuildFirst(gamesStore(lang), built);
  return atBuild && !value.data ? built : value;
}

/** The games whose tags include the upper-cased category tag (spec section 2). */
export function gamesInCategory(games: readonly Game[], tag: string): Game[] {
  const wanted = tag.toUpperCase();
  return games.filter((game) => game.tags.includes(wanted));
}

/** The categories the site shows, in tab order (spec: featured, slot, live). */
export const GAME_CATEGORIES = ['featured', 'slot', 'live'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export const gameLaunchPath = (gameCode: string, lang: Language) => localizePath(`/game-launch/${encodeURIComponent(gameCode)}`, lang);

/** The game code of a /game-launch/<code> (or /en/game-launch/<code>) path, or null. */
export function gameCodeFromPath(pathname: string): string | null {
  const match = pathname.match(/\/game-launch\/([^/?#]+)\/?$/);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** Art from the catalogue when it has any, else the local icon for the game's kind. */
export function gameImage(game: Pick<Game, 'imagePath' | 'gameCode' | 'gameType'>): { src: string; local: boolean } {
  if (game.imagePath) return { src: game.imagePath, local: false };
  return { src: localGameIcon(game.gameCode, game.gameType), local: true };
}

const ICON_KINDS = GAME_KINDS;

/** The bundled fallback icon by game code: the code names its kind (roulette-…, slot-…), else its gameType does. */
export function localGameIcon(gameCode: string, gameType = ''): string {
  const haystack = `${gameCode} ${gameType}`.toLowerCase();
  const kind = ICON_KINDS.find((k) => haystack.includes(k)) ?? 'game';
  return `/games/icons/${kind}.svg`;
}

export type LaunchMode = 'real' | 'demo';

/**
 * Asks the API for the game's URL: /launchgame when signed in, /launch-demo (PTS) for a visitor.
 * `lobbyUrl` is where the game's lobby button returns to (the launch page's initial URL).
 */
export async function launchGame(opts: { gameCode: string; lang: Language; lobbyUrl: string; mode: LaunchMode }): Promise<string> {
  const { gameCode, lang, lobbyUrl, mode } = opts;
  if (mode === 'real') {
    const result = await apiCall<typeof LaunchResultSchema>('/launchgame', { query: { gameCode, lobbyUrl, language: lang } });
    return result.url;
  }
  const result = await apiCall<typeof LaunchResultSchema>('/launch-demo', {
    query: { gameCode, currency: DEMO_CURRENCY, language: lang, lobbyUrl, brand: siteConfig.brandRef },
  });
  return result.url;
}
