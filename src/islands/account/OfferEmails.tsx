import { useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import type { MarketingPreferencesSchema, MarketingPreferences } from '../../../contracts/marketing';
import { apiCall } from '../../lib/api';
import { useT } from '../../lib/useT';
import { showToast } from '../../stores/toasts';
import Spinner from '../Spinner';
import { apiErrorMessage, ErrorBox, settingsHeading, settingsSection } from './forms';
import 'virtual:strings?marketing';

/**
 * Settings, "Offer emails" (docs/decisions/0011): daily bonus reminders and promotions by email,
 * off until the player turns them on here; every email also has a link that turns them off.
 */
export default function OfferEmails({ lang }: { lang: Language }) {
  const t = useT(lang, ['marketing', 'errors']);
  const [preferences, setPreferences] = useState<MarketingPreferences | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiCall<typeof MarketingPreferencesSchema>('/marketing/preferences', { isQuery: true })
      .then(setPreferences)
      .catch((e: unknown) => setError(`${t('marketing:loadFailed')} ${apiErrorMessage(t, e, lang)}`));
  }, [t, lang]);

  // The box shows the choice at once; a refusal puts it back and says why.
  const choose = async (emails: boolean) => {
    setBusy(true);
    setError(null);
    setPreferences({ emails });
    try {
      const saved = await apiCall<typeof MarketingPreferencesSchema>('/marketing/preferences', { method: 'POST', body: { emails } });
      setPreferences(saved);
      showToast(t(saved.emails ? 'marketing:turnedOn' : 'marketing:turnedOff'), 'success');
    } catch (e) {
      setPreferences({ emails: !emails });
      setError(apiErrorMessage(t, e, lang));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={settingsSection} aria-labelledby="settings-offer-emails" data-testid="offer-emails">
      <h2 id="settings-offer-emails" className={settingsHeading}>
        {t('marketing:title')}
      </h2>
      <p className="mb-3 text-sm text-cream/80">{t('marketing:hint')}</p>
      <ErrorBox message={error} />
      {preferences ? (
        <label className="flex cursor-pointer items-center gap-3 font-semibold">
          <input
            type="checkbox"
            className="h-5 w-5 shrink-0 accent-gold-400"
            data-testid="offer-emails-toggle"
            checked={preferences.emails}
            disabled={busy}
            onChange={(e) => void choose(e.target.checked)}
          />
          {t('marketing:optIn')}
        </label>
      ) : (
        !error && <Spinner lang={lang} />
      )}
    </section>
  );
}
