import { atom, computed } from 'nanostores';
import type { PhoneStatusSchema, PhoneStatus } from '../../contracts/phone-status';
import { apiCall } from '../lib/api';
import { $session } from './session';
import { createFetcherStore } from './query';

/**
 * The signed-in player's phone status, read by the header's watcher and the settings section. Kept free
 * of contracts/phone.ts (libphonenumber-js metadata) so every page's header stays small.
 */

/** Fetched only while signed in; a new session (another player) fetches again. */
const $statusKey = computed($session, (session) => (session ? session.displayName : null));
export const $phoneStatus = createFetcherStore<PhoneStatus>(['/IsPhoneNumberVerified', $statusKey], {
  fetcher: () => apiCall<typeof PhoneStatusSchema>('/IsPhoneNumberVerified', { isQuery: true }),
});

/** Which form the set-phone-number popup shows: set by the settings section before opening it. */
export const $setPhoneMode = atom<'change' | 'reset'>('change');
