import { map } from 'nanostores';
import type { MarketingPreferences, MarketingPreferencesSchema } from '../../contracts/marketing';
import { apiCall } from '../lib/api';
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
