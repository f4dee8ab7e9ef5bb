/**
 * How the site's JavaScript is split into files (Vite's output.codeSplitting groups), beyond the
 * automatic split by entry: fewer, larger shared files compress better and carry less import glue
 * than dozens of small ones (bench/site-bytes shows the effect per page).
 * - react: React and its DOM renderer, on every page with an island and in the game frame.
 * - core: what every island uses (API client, strings, config, stores' base): pages and the game frame.
 * - layout: the main layout's islands and their stores (header, tab bar, toasts, popup host,
 *   maintenance banner), on every main-layout page but not in the game frame.
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
  'src/islands/wallet/TabBarBonus.',
  'src/islands/wallet/DailyBonusButton.',
  'src/islands/wallet/HeaderBalance.',
  'src/islands/wallet/useDailyBonus.',
  'src/islands/wallet/useCountUp.',
  'src/islands/wallet/CoinIcon.',
  'src/islands/wallet/GiftIcon.',
  'src/islands/raffle/RaffleButton.',
  'src/islands/account/AccountMenu.',
  'src/islands/account/navigation.',
  'src/islands/account/sessionHooks.',
  'src/islands/account/protectionText.',
  'src/islands/phone/PhoneWatcher.',
  'node_modules/@nanostores/query/',
  'node_modules/nanoevents/',
  'contracts/tournament-helpers.',
);
/** The stores, but the game frame's own (its session, the paytable dialog's flag, round error keys). */
const STORES = /src[\\/]stores[\\/](?!gamesHouse\.|paytable\.|roundErrors\.)/;
/** What the house game frame and each of its games share: the frame's store and the games' parts. */
const HOUSE = paths('src/islands/games/house/common.', 'src/stores/gamesHouse.', 'src/stores/paytable.', 'src/stores/roundErrors.');

export const codeSplitting = {
  groups: [
    { name: 'react', test: REACT, priority: 3 },
    { name: 'core', tags: ['$initial' as const], test: CORE, priority: 2 },
    { name: 'layout', tags: ['$initial' as const], test: (id: string) => LAYOUT.test(id) || STORES.test(id), priority: 1 },
    { name: 'house', test: HOUSE, priority: 1 },
  ],
};
