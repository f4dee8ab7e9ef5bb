/**
 * How the site's JavaScript is split into files (Vite's output.codeSplitting groups), beyond the
 * automatic split by entry: fewer, larger shared files compress better and carry less import glue
 * than dozens of small ones (bench/site-bytes shows the effect per page).
 * - react: React and its DOM renderer, on every page with an island and in the game frame.
 * - core: what every island uses (API client, strings, config, stores' base): pages and the game frame.
 * - layout: the main layout's islands (header, tab bar, toasts, popup host, maintenance banner) and
 *   what they import statically (the group takes a module's imports with it), on every main-layout
 *   page but not in the game frame. Not every store: one that only a popup, the settings page or a
 *   game uses stays with them (the account forms' store and its API calls, the offer
 *   emails and play controls were on every page when the group took all of src/stores).
 * - house: the game frame's store and the parts its games share (one file instead of two).
 * Only modules a page loads up front ($initial) are grouped: popups and games stay lazy.
 */
const paths = (...list: string[]) => new RegExp(`(${list.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\//g, '[\\\\/]')).join('|')})`);

const REACT = paths('node_modules/react/', 'node_modules/react-dom/', 'node_modules/scheduler/');
const CORE = paths(
  'src/lib/',
  'src/islands/Spinner.',
  'node_modules/nanostores/',
  'node_modules/@nanostores/react/',
  'contracts/constants.',
  'contracts/errors.',
);
const LAYOUT = paths(
  'src/islands/HeaderAccount.',
  'src/islands/Toaster.',
  'src/islands/PopupHost.',
  'src/islands/MaintenanceBanner.',
  'src/islands/layoutStrings.',
  'src/islands/lazyForPlayer.',
  'src/islands/wallet/TabBarBonus.',
  'src/islands/progression/GameSearch.',
  'src/islands/account/navigation.',
  'src/islands/account/sessionHooks.',
  'node_modules/@nanostores/query/',
  'node_modules/nanoevents/',
);
/** What the house game frame and each of its games share: the frame's store and the games' parts. */
const HOUSE = paths('src/islands/games/house/common.', 'src/stores/gamesHouse.', 'src/stores/paytable.', 'src/stores/roundErrors.');

export const codeSplitting = {
  groups: [
    { name: 'react', test: REACT, priority: 3 },
    { name: 'core', tags: ['$initial' as const], test: CORE, priority: 2 },
    { name: 'layout', tags: ['$initial' as const], test: LAYOUT, priority: 1 },
    { name: 'house', test: HOUSE, priority: 1 },
  ],
};
