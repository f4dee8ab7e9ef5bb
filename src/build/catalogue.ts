import { gameDisplayTitle, type Game, type GameTitles } from '../../contracts/games';
import type { Language } from '../../contracts/constants';
import catalogue from '../../server/modules/games/catalogue.json';

interface Entry {
  gameCode: string;
  titles: GameTitles | null;
  tags: string[];
  orientation: string;
  isDemoAvailable: boolean;
  isEnabled: boolean;
  imagePath: string | null;
  sortOrder: number;
  definition: { kind: string };
}

/**
 * The catalogue as the site is built with it (build time only: never imported by an island, it
 * would carry every game's maths): the enabled games of the data file the server seeds, in the
 * server's order and shape (server/modules/games/service.ts listGames). Home and the categories
 * render their tiles from it, so a page's first paint shows its games and their art is asked for
 * with the page; the server's catalogue replaces it once it answers (an operator's change since the
 * build shows then).
 */
export function catalogueAtBuild(lang: Language): Game[] {
  return (catalogue as Entry[])
    .filter((e) => e.isEnabled)
    .sort((a, b) => a.sortOrder - b.sortOrder || (a.gameCode < b.gameCode ? -1 : 1))
    .map((e) => ({
      gameCode: e.gameCode,
      title: gameDisplayTitle(e.gameCode, lang, e.titles),
      tags: e.tags.map((t) => t.toUpperCase()),
      gameType: e.definition.kind,
      orientation: e.orientation === 'portrait' ? 'portrait' : 'landscape',
      isDemoAvailable: e.isDemoAvailable,
      imagePath: e.imagePath,
    }));
}
