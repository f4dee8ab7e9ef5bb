import { atom, map } from 'nanostores';
import type { OkSchema } from '../../contracts/common';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '../../contracts/fields';
import type { MarketingPreferences, MarketingPreferencesSchema } from '../../contracts/marketing';
import { ApiError, apiCall } from '../lib/api';
import { createForm } from './formSubmit';

/**
 * Settings, "Offer emails" (docs/decisions/0011) without its section: off until the player turns them
 * on. The box shows the choice at once; a refusal puts it back (and the form says why).
 */

export interface OfferEmailsView {
  preferences: MarketingPreferences | null;
  loadFailure: unknown;
}

export interface OfferEmailsApi {
  load(): Promise<MarketingPreferences>;
  save(emails: boolean): Promise<MarketingPreferences>;
}

const api: OfferEmailsApi = {
  load: () => apiCall<typeof MarketingPreferencesSchema>('/marketing/preferences', { isQuery: true }),
  save: (emails) => apiCall<typeof MarketingPreferencesSchema>('/marketing/preferences', { method: 'POST', body: { emails } }),
};

export function createOfferEmails(calls: OfferEmailsApi = api) {
  const form = createForm();
  const $view = map<OfferEmailsView>({ preferences: null, loadFailure: null });
  return {
    form,
    $view,
    async load() {
      form.reset();
      $view.set({ preferences: null, loadFailure: null });
      try {
        $view.setKey('preferences', await calls.load());
      } catch (error) {
        $view.setKey('loadFailure', error);
      }
    },
    /** The saved choice, or null when refused (the box is back to what it was). */
    async choose(emails: boolean): Promise<MarketingPreferences | null> {
      if (form.$state.get().submitting) return null;
      const before = $view.get().preferences;
      $view.setKey('preferences', { emails });
      const result = await form.submit(() => calls.save(emails));
      if (result.status === 'done') {
        $view.setKey('preferences', result.value);
        return result.value;
      }
      $view.setKey('preferences', before);
      return null;
    },
  };
}

/** The /unsubscribe page's steps: reading the link, asking, the link refused, done. */
export type UnsubscribePhase = 'loading' | 'ask' | 'invalid' | 'done';

export type UnsubscribeCall = (token: string) => Promise<unknown>;

const unsubscribeCall: UnsubscribeCall = (token) => apiCall<typeof OkSchema>('/marketing/unsubscribe', { method: 'POST', body: { token } });

/**
 * The /unsubscribe page (docs/decisions/0011) without its UI: the offer email's link carries the
 * token that says whose emails to stop; the player's press of a button stops them (a mail scanner
 * that opens the link stops nothing). A malformed token is refused before anything is sent.
 */
export function createUnsubscribe(call: UnsubscribeCall = unsubscribeCall) {
  const form = createForm();
  const $phase = atom<UnsubscribePhase>('loading');
  let token = '';
  return {
    form,
    $phase,
    /** Reads the link's query string (`location.search`). */
    start(search: string) {
      const found = new URLSearchParams(search).get('token') ?? '';
      token = UNSUBSCRIBE_TOKEN_PATTERN.test(found) ? found : '';
      $phase.set(token ? 'ask' : 'invalid');
    },
    /** Stops the emails; true when done (the page then drops the token from the address). */
    async confirm(): Promise<boolean> {
      if ($phase.get() !== 'ask') return false;
      const result = await form.submit(() => call(token));
      if (result.status === 'done') $phase.set('done');
      else if (result.status === 'failed' && result.failure.error instanceof ApiError && result.failure.error.code === 'INVALID_UNSUBSCRIBE_LINK')
        $phase.set('invalid');
      return result.status === 'done';
    },
  };
}
