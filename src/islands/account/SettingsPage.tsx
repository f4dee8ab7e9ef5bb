import { useStore } from '@nanostores/react';
import { LANGUAGES, languageInfo, type Language } from '../../../contracts/languages';
import { useT } from '../../lib/useT';
import { localizePath } from '../../lib/routes';
import type { MouseEvent } from 'react';
import { $account, switchLanguage } from '../../stores/auth';
import { openPopup } from '../../stores/popup';
import Spinner from '../Spinner';
import { apiErrorMessage, ErrorBox, settingsHeading, settingsSection } from './forms';
import LoginRequired from './LoginRequired';
import PhoneSettings from '../phone/PhoneSettings';
import PlaySafely from './PlaySafely';
import OfferEmails from './OfferEmails';
import 'virtual:strings?auth.settings,common.language';

const section = settingsSection;
const heading = settingsHeading;

/** Account details from GET /account: display name and email, read-only (decisions.md). */
function AccountDetails({ lang }: { lang: Language }) {
  const t = useT(lang, ['auth', 'errors']);
  const { data, loading, error } = useStore($account);
  return (
    <section className={section} aria-labelledby="settings-details">
      <h2 id="settings-details" className={heading}>
        {t('auth:settings.details')}
      </h2>
      {error ? (
        <ErrorBox message={`${t('auth:settings.loadFailed')} ${apiErrorMessage(t, error)}`} />
      ) : !data || loading ? (
        <Spinner lang={lang} />
      ) : (
        <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]" data-testid="account-details">
          <dt className="text-sm text-cream/70">{t('auth:settings.displayName')}</dt>
          <dd className="font-semibold" data-testid="account-display-name">
            {data.displayName}
          </dd>
          <dt className="text-sm text-cream/70">{t('auth:settings.email')}</dt>
          <dd className="break-all font-semibold" data-testid="account-email">
            {data.email}
          </dd>
        </dl>
      )}
    </section>
  );
}

function LanguageChoice({ lang }: { lang: Language }) {
  const t = useT(lang, ['auth', 'common']);
  // Stored on the account too (SMS codes and emails follow it), then the page changes.
  const choose = (event: MouseEvent<HTMLAnchorElement>, code: Language) => {
    if (code === lang || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void switchLanguage(code, event.currentTarget.href);
  };
  return (
    <section className={section} aria-labelledby="settings-language">
      <h2 id="settings-language" className={heading}>
        {t('auth:settings.language')}
      </h2>
      <p className="mb-3 text-sm text-cream/80">{t('auth:settings.languageHint')}</p>
      <ul className="flex gap-2">
        {LANGUAGES.map((code) => (
          <li key={code}>
            <a
              href={localizePath('/settings', code)}
              hrefLang={code}
              lang={code}
              aria-current={code === lang ? 'true' : undefined}
              onClick={(event) => choose(event, code)}
              data-testid={`settings-language-${code}`}
              className={code === lang ? 'btn-gold' : 'btn-ghost'}
            >
              {languageInfo(code).name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The settings page (login required): account details, password, phone, language, offer emails, play safely, delete account. */
export default function SettingsPage({ lang }: { lang: Language }) {
  const t = useT(lang, 'auth');
  return (
    <LoginRequired lang={lang}>
      <div data-testid="settings">
        <AccountDetails lang={lang} />
        <section className={section} aria-labelledby="settings-password">
          <h2 id="settings-password" className={heading}>
            {t('auth:settings.password')}
          </h2>
          <p className="mb-3 text-sm text-cream/80">{t('auth:settings.passwordHint')}</p>
          <button type="button" className="btn-ghost" onClick={() => openPopup('change-password')}>
            {t('auth:settings.changePassword')}
          </button>
        </section>
        <PhoneSettings lang={lang} />
        <LanguageChoice lang={lang} />
        <OfferEmails lang={lang} />
        <PlaySafely lang={lang} />
        <section className={section} aria-labelledby="settings-delete">
          <h2 id="settings-delete" className={heading}>
            {t('auth:settings.deleteAccount')}
          </h2>
          <p className="mb-3 text-sm text-cream/80">{t('auth:settings.deleteHint')}</p>
          <a href={localizePath('/delete-account', lang)} className="font-semibold text-red-300 underline hover:text-red-200">
            {t('auth:settings.deleteAccount')}
          </a>
        </section>
      </div>
    </LoginRequired>
  );
}
