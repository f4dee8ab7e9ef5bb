import type { RaffleHistoryEntry, RaffleHistorySchema, RaffleStanding, RaffleStandingSchema } from '../../contracts/raffle';
import type { Language } from '../../contracts/constants';
import { apiCall } from '../lib/api';
import { createFetcherStore } from './query';
import { $signedInKey } from './session';

/**
 * The raffle's stores a signed-in header reads (its button, the account menu's history entry): the
 * standing and the player's history, fetched only while signed in through the cached query layer
 * (refetched on focus). Apart from stores/raffle.ts (the popup's and the pages' calls and helpers)
 * so a player's every page does not carry those.
 */

export const $raffleStanding = createFetcherStore<RaffleStanding>(['/currentRaffle/', $signedInKey], {
  fetcher: () => apiCall<typeof RaffleStandingSchema>('/currentRaffle', { isQuery: true }),
  revalidateOnFocus: true,
});

/** Refetch the standing (after a game round: the ticket count may have moved). */
export function refreshRaffleStanding() {
  $raffleStanding.revalidate();
}

const historyStores = new Map<Language, ReturnType<typeof makeHistoryStore>>();
const makeHistoryStore = (lang: Language) =>
  createFetcherStore<RaffleHistoryEntry[]>(['/raffle-history/', $signedInKey, `/${lang}`], {
    fetcher: () => apiCall<typeof RaffleHistorySchema>('/raffle-history', { query: { languageCode: lang }, isQuery: true }),
    revalidateOnFocus: true,
  });
/** The player's raffle history (result links in the page's language); one store per language. */
export function raffleHistoryStore(lang: Language) {
  let store = historyStores.get(lang);
  if (!store) historyStores.set(lang, (store = makeHistoryStore(lang)));
  return store;
}
