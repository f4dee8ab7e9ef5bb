import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { openPopup } from '../../stores/popup';
import { apiErrorMessage, ErrorBox } from '../account/forms';
import Spinner from '../Spinner';
import { $phoneStatus, $setPhoneMode } from '../../stores/phoneStatus';
import 'virtual:strings?phone.settings,phone.verify';

/** The settings page's phone section: the number on file, and change or reset it (set-phone-number popup). */
export default function PhoneSettings({ lang }: { lang: Language }) {
  const t = useT(lang, ['phone', 'errors']);
  const { data, error } = useStore($phoneStatus);
  const open = (mode: 'change' | 'reset') => {
    $setPhoneMode.set(mode);
    openPopup('set-phone-number');
  };
  return (
    <section className="mb-4 rounded-lg border border-brown-600 bg-brown-800 p-5" aria-labelledby="settings-phone" data-testid="phone-settings">
      <h2 id="settings-phone" className="mb-3 text-lg font-bold text-gold-400">
        {t('phone:settings.title')}
      </h2>
      {error ? (
        <ErrorBox message={apiErrorMessage(t, error)} />
      ) : !data ? (
        <Spinner lang={lang} />
      ) : (
        <>
          <dl className="mb-3 grid gap-2 sm:grid-cols-[10rem_1fr]">
            <dt className="text-sm text-cream/70">{t('phone:settings.current')}</dt>
            <dd className="font-semibold" data-testid="phone-on-file">
              {data.phoneNumber ?? t('phone:settings.none')}
              {data.phoneNumber && (
                <span className={`ml-2 rounded px-2 py-0.5 text-xs ${data.isVerified ? 'bg-green-800 text-green-100' : 'bg-brown-700 text-cream/80'}`}>
                  {data.isVerified ? t('phone:settings.verified') : t('phone:settings.unverified')}
                </span>
              )}
            </dd>
          </dl>
          {!data.isVerified && <p className="mb-3 text-sm text-cream/80">{t('phone:settings.verifyFirst')}</p>}
          <div className="flex flex-wrap gap-2">
            {!data.isVerified && (
              <button type="button" className="btn-gold" onClick={() => openPopup('phone-number')} data-testid="verify-phone-button">
                {t('phone:verify.title')}
              </button>
            )}
            {data.isVerified && (
              <button type="button" className="btn-ghost" onClick={() => open('change')} data-testid="change-phone-button">
                {t('phone:settings.change')}
              </button>
            )}
            {data.phoneNumber && (
              <button type="button" className="btn-ghost" onClick={() => open('reset')} data-testid="reset-phone-button">
                {t('phone:settings.reset')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
