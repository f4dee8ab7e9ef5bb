import { listedGame, type Game } from '../../contracts/games';
import type { Language } from '../../contracts/constants';
import type { CatalogueEntry } from '../../server/modules/games/catalogue';
import catalogue from '../../server/modules/games/catalogue.json';

/**
 * The catalogue as the site is built with it (build time only: never imported by an island, it
 * would carry every game's maths): the enabled games of the data file the server seeds, in the
 * server's order and shape (server/modules/games/service.ts listGames). Home and the categories
 * render their tiles from it, so a page's first paint shows its games and their art is asked for
 * with the page; the server's catalogue replaces it once it answers (an operator's change since the
 * build shows then).
 */
export function catalogueAtBuild(lang: Language): Game[] {
  return (catalogue as CatalogueEntry[])
    .filter((e) => e.isEnabled)
    .sort((a, b) => a.sortOrder - b.sortOrder || (a.gameCode < b.gameCode ? -1 : 1))
    .map((e) => listedGame({ ...e, kind: e.definition.kind }, lang));
}
