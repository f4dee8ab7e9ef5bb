import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import { localizePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import { createUnsubscribe } from '../../stores/offerEmails';
import Spinner from '../Spinner';
import { ErrorBox, failureMessage } from './forms';
import 'virtual:strings?marketing';

/**
 * The /unsubscribe page (docs/decisions/0011): an offer email's link. No sign-in: the link's token
 * says whose emails to stop. A button does it (a mail scanner that opens the link stops nothing).
 * The steps live in the store (src/stores/offerEmails.ts, createUnsubscribe).
 */
export default function UnsubscribePage({ lang }: { lang: Language }) {
  const t = useT(lang, ['marketing', 'errors']);
  const [unsubscribe] = useState(() => createUnsubscribe());
  const phase = useStore(unsubscribe.$phase);
  const form = useStore(unsubscribe.form.$state);

  useEffect(() => unsubscribe.start(location.search), [unsubscribe]);

  const stop = async () => {
    // Done: keep the token out of the address bar and history.
    if (await unsubscribe.confirm()) history.replaceState(null, '', location.pathname);
  };

  if (phase === 'loading') return <Spinner lang={lang} />;
  const box = 'max-w-md rounded-lg border border-brown-600 bg-brown-800 p-5';
  if (phase === 'invalid' || phase === 'done') {
    // The outcome, and the way to the settings (where the emails can be turned on or off again).
    const done = phase === 'done';
    return (
      <div className={box} data-testid={done ? 'unsubscribe-done' : 'unsubscribe-invalid'}>
        <p role={done ? 'status' : 'alert'} className={`mb-4 ${done ? 'font-semibold' : ''}`}>
          {done ? t('marketing:unsubscribed') : t('errors:INVALID_UNSUBSCRIBE_LINK')}
        </p>
        <a href={localizePath('/settings', lang)} className="font-semibold text-gold-400 underline hover:text-cream">
          {t('marketing:settingsLink')}
        </a>
      </div>
    );
  }
  return (
    <div className={box} data-testid="unsubscribe-ask">
      <ErrorBox message={failureMessage(t, form.failure, lang)} />
      <p className="mb-4">{t('marketing:unsubscribeQuestion')}</p>
      <button type="button" className="btn-gold" disabled={form.submitting} onClick={() => void stop()} data-testid="unsubscribe-confirm">
        {t('marketing:unsubscribeConfirm')}
      </button>
    </div>
  );
}
