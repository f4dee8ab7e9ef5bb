import { useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import type { OkSchema } from '../../../contracts/common';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '../../../contracts/fields';
import { ApiError, apiCall } from '../../lib/api';
import { localizePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import Spinner from '../Spinner';
import { apiErrorMessage, ErrorBox } from './forms';
import 'virtual:strings?marketing';

type State = 'loading' | 'ask' | 'invalid' | 'done';

/**
 * The /unsubscribe page (docs/decisions/0011): an offer email's link. No sign-in: the link's token
 * says whose emails to stop. A button does it (a mail scanner that opens the link stops nothing).
 */
export default function UnsubscribePage({ lang }: { lang: Language }) {
  const t = useT(lang, ['marketing', 'errors']);
  const [state, setState] = useState<State>('loading');
  const [token, setToken] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const found = new URLSearchParams(location.search).get('token') ?? '';
    const valid = UNSUBSCRIBE_TOKEN_PATTERN.test(found);
    if (valid) setToken(found);
    setState(valid ? 'ask' : 'invalid');
  }, []);

  const stop = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await apiCall<typeof OkSchema>('/marketing/unsubscribe', { method: 'POST', body: { token } });
      // Done: keep the token out of the address bar and history.
      history.replaceState(null, '', location.pathname);
      setState('done');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_UNSUBSCRIBE_LINK') setState('invalid');
      else setFailure(apiErrorMessage(t, error, lang));
    } finally {
      setBusy(false);
    }
  };

  if (state === 'loading') return <Spinner lang={lang} />;
  const box = 'max-w-md rounded-lg border border-brown-600 bg-brown-800 p-5';
  if (state === 'invalid' || state === 'done') {
    // The outcome, and the way to the settings (where the emails can be turned on or off again).
    const done = state === 'done';
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
      <ErrorBox message={failure} />
      <p className="mb-4">{t('marketing:unsubscribeQuestion')}</p>
      <button type="button" className="btn-gold" disabled={busy} onClick={() => void stop()} data-testid="unsubscribe-confirm">
        {t('marketing:unsubscribeConfirm')}
      </button>
    </div>
  );
}
