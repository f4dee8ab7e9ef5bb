import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { logOut } from '../../stores/auth';
import { flashToast } from '../../stores/authFlash';
import { clearPendingAction } from '../../stores/pending';
import { closePopup, openPopup } from '../../stores/popup';
import { showToast } from '../../stores/toasts';
import { apiErrorMessage, ErrorBox, PopupTitle, SubmitButton, TextField } from '../account/forms';
import { homePath } from '../account/navigation';
import type { PopupProps } from '../popups/types';
import Spinner from '../Spinner';
import { CodeField, linkButton, phoneIssue, phoneMessageText, PopupLanguageSwitcher, ResendButton } from './parts';
import { phoneVerification } from '../../stores/phoneVerification';
import { $phoneStatus } from '../../stores/phoneStatus';
import 'virtual:strings?auth.menu,phone';

/** The popup's header menu (spec section 2): logout and delete account, as a disclosure list. */
function VerificationMenu({ lang }: { lang: Language }) {
  const t = useT(lang, ['phone', 'auth']);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };
  const onLogout = async () => {
    try {
      await logOut();
    } catch {
      // The session is forgotten on this side whatever the server answered.
    }
    clearPendingAction();
    flashToast(t('auth:menu.signedOut'), 'info');
    closePopup({ force: true });
    location.assign(homePath(lang));
  };
  // Delete account stays reachable from the unclosable popup: it takes this popup's place.
  const onDelete = () => openPopup('delete-account');

  const item = 'block w-full rounded px-3 py-2 text-left text-sm hover:bg-brown-700 focus-visible:bg-brown-700';
  return (
    <div className="relative" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
        className="rounded-md border border-brown-600 p-2 hover:bg-brown-700"
        data-testid="phone-menu-button"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span className="sr-only">{t('phone:verify.menu')}</span>
      </button>
      <ul id={listId} hidden={!open} className="absolute right-0 z-10 mt-1 w-48 rounded-md border border-brown-600 bg-brown-900 p-1 shadow-lg">
        <li>
          <button type="button" className={item} onClick={onLogout}>
            {t('phone:verify.logout')}
          </button>
        </li>
        <li>
          <button type="button" className={`${item} text-red-300`} onClick={onDelete}>
            {t('phone:verify.deleteAccount')}
          </button>
        </li>
      </ul>
    </div>
  );
}

/**
 * The phone verification popup (spec sections 2 and 4). It cannot be closed: it leaves only when the
 * number is verified (toast, then closed), by logout, or for delete account. Step 1 asks for the
 * number; step 2 for the code, with change-number, resend (30 s countdown) and a language switcher.
 * With a number already on file but unverified it opens at step 2.
 */
export default function PhoneNumberPopup({ lang }: PopupProps) {
  const t = useT(lang, ['phone', 'errors', 'common', 'auth']);
  const status = useStore($phoneStatus);
  const flow = useStore(phoneVerification.$flow);
  const form = useStore(phoneVerification.form.$state);
  const secondsLeft = useStore(phoneVerification.$resendLeft);
  const [typed, setTyped] = useState('');
  const [token, setToken] = useState('');
  const headingRef = useRef<HTMLDivElement>(null);
  const { step, phoneNumber } = flow;
  const busy = form.submitting;
  const errors = form.fieldErrors;
  const lines = phoneMessageText(t, flow.message);
  const failure = lines.wait ?? (form.failure && apiErrorMessage(t, form.failure.error));

  // The first step once the status is known: a number on file but unverified starts at the code.
  useEffect(() => {
    if (status.data) phoneVerification.start(status.data);
  }, [status.data]);
  useEffect(() => () => phoneVerification.reset(), []);
  useEffect(() => {
    if (step === 2 && phoneNumber) setTyped((v) => v || phoneNumber);
  }, [step, phoneNumber]);

  // Move focus to the new step's first field, so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (step === null) return;
    const timer = setTimeout(() => headingRef.current?.parentElement?.querySelector<HTMLElement>('form input')?.focus(), 30);
    return () => clearTimeout(timer);
  }, [step]);

  const onSendCode = (event: FormEvent) => {
    event.preventDefault();
    const before = phoneVerification.$flow.get().phoneNumber;
    void phoneVerification.sendCode(typed).then(() => {
      if (phoneVerification.$flow.get().phoneNumber !== before) setToken('');
    });
  };
  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    if (await phoneVerification.verify(token)) {
      showToast(t('phone:verify.verified'), 'success');
      closePopup({ force: true });
    }
  };

  return (
    <div data-testid="phone-verification">
      <div ref={headingRef} className="mb-1 flex items-start justify-between gap-3">
        <PopupTitle>{t('phone:verify.title')}</PopupTitle>
        <VerificationMenu lang={lang} />
      </div>
      {step === null ? (
        status.error ? (
          <ErrorBox message={apiErrorMessage(t, status.error)} />
        ) : (
          <Spinner lang={lang} />
        )
      ) : (
        <>
          <p className="mb-3 text-xs text-cream/70">{t('phone:verify.steps', { step })}</p>
          <ErrorBox message={failure} />
          {lines.notice && (
            <p role="status" className="mb-3 text-sm text-green-300" data-testid="phone-notice">
              {lines.notice}
            </p>
          )}
          {step === 1 ? (
            <form onSubmit={onSendCode} noValidate data-testid="phone-number-form">
              <p className="mb-3 text-sm text-cream/80">{t('phone:verify.numberIntro')}</p>
              <TextField
                label={t('phone:fields.phone')}
                hint={t('phone:fields.phoneHint')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+819012345678"
                value={typed}
                onValueChange={setTyped}
                error={phoneIssue(t, 'phoneNumber', errors.phoneNumber)}
                data-testid="phone-number"
              />
              <SubmitButton busy={busy} busyLabel={t('phone:verify.sending')}>
                {t('phone:verify.sendCode')}
              </SubmitButton>
              {secondsLeft > 0 && (
                <p className="mt-2 text-xs text-cream/70" data-testid="send-wait">
                  {t('phone:verify.waitToSend', { seconds: secondsLeft })}
                </p>
              )}
            </form>
          ) : (
            <form onSubmit={onVerify} noValidate data-testid="phone-code-form">
              <p className="mb-3 text-sm text-cream/80">{t('phone:verify.codeIntro', { phone: phoneNumber })}</p>
              <CodeField t={t} value={token} onValueChange={setToken} error={phoneIssue(t, 'token', errors.token)} />
              <SubmitButton busy={busy} busyLabel={t('phone:verify.verifying')}>
                {t('phone:verify.submit')}
              </SubmitButton>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <button type="button" className={linkButton} onClick={() => phoneVerification.changeNumber()} data-testid="change-number">
                  {t('phone:verify.changeNumber')}
                </button>
                <ResendButton t={t} secondsLeft={secondsLeft} busy={busy} onResend={() => void phoneVerification.resend()} />
              </div>
              <div className="mt-4 border-t border-brown-600 pt-3">
                <PopupLanguageSwitcher t={t} lang={lang} />
              </div>
            </form>
          )}
        </>
      )}
    </div>
  );
}
