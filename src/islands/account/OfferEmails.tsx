import { useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import { useStore } from '@nanostores/react';
import { createOfferEmails } from '../../stores/offerEmails';
import { useT } from '../../lib/useT';
import { showToast } from '../../stores/toasts';
import Spinner from '../Spinner';
import { apiErrorMessage, ErrorBox, failureMessage, settingsHeading, settingsSection } from './forms';
import 'virtual:strings?marketing';

/**
 * Settings, "Offer emails" (docs/decisions/0011): daily bonus reminders and promotions by email,
 * off until the player turns them on here; every email also has a link that turns them off.
 */
export default function OfferEmails({ lang }: { lang: Language }) {
  const t = useT(lang, ['marketing', 'errors']);
  const [offers] = useState(createOfferEmails);
  const { preferences, loadFailure } = useStore(offers.$view);
  const form = useStore(offers.form.$state);
  const busy = form.submitting;
  const error = loadFailure ? `${t('marketing:loadFailed')} ${apiErrorMessage(t, loadFailure, lang)}` : failureMessage(t, form.failure, lang);

  useEffect(() => void offers.load(), [offers]);

  const choose = async (emails: boolean) => {
    const saved = await offers.choose(emails);
    if (saved) showToast(t(saved.emails ? 'marketing:turnedOn' : 'marketing:turnedOff'), 'success');
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
