import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useT } from '../../lib/useT';
import { closePopup, openPopup } from '../../stores/popup';
import { $session } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { apiErrorMessage, ErrorBox, PasswordField, PopupTitle, SubmitButton, TextField } from '../account/forms';
import { currentPathForRedirect } from '../account/navigation';
import type { PopupProps } from '../popups/types';
import { CodeField, linkButton, phoneIssue, phoneMessageText, ResendButton } from './parts';
import { phoneChange } from '../../stores/phoneChange';
import { $phoneStatus, $setPhoneMode } from '../../stores/phoneStatus';
import 'virtual:strings?auth.fields,phone';

/**
 * The set-phone-number popup (settings): change the verified number (password and new number, then the
 * code sent to the new number), or reset it (password), after which the verification popup asks again.
 */
export default function SetPhoneNumberPopup({ lang }: PopupProps) {
  const t = useT(lang, ['phone', 'auth', 'errors']);
  const mode = useStore($setPhoneMode);
  const status = useStore($phoneStatus);
  const flow = useStore(phoneChange.$flow);
  const form = useStore(phoneChange.form.$state);
  const secondsLeft = useStore(phoneChange.$resendLeft);
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [token, setToken] = useState('');
  const { phoneNumber } = flow;
  const busy = form.submitting;
  const errors = form.fieldErrors;
  const failure = phoneMessageText(t, flow.message).wait ?? (form.failure && apiErrorMessage(t, form.failure.error));

  useEffect(() => {
    if (!$session.get()) openPopup('login', { redirect: currentPathForRedirect() });
    return () => phoneChange.reset();
  }, []);

  const switchMode = (next: 'change' | 'reset') => {
    phoneChange.form.reset();
    $setPhoneMode.set(next);
  };

  const onSendCode = (event: FormEvent) => {
    event.preventDefault();
    void phoneChange.sendCode(password, typed);
  };

  const onChange = async (event: FormEvent) => {
    event.preventDefault();
    const result = await phoneChange.confirm(password, token);
    if (!result) return;
    showToast(t('phone:change.changed', { phone: result.phoneNumber }), 'success');
    closePopup();
  };

  const onReset = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await phoneChange.resetNumber(password))) return;
    showToast(t('phone:change.resetDone'), 'success');
    // The verification popup (phone watcher) takes over from here.
    closePopup();
  };

  const passwordField = (
    <PasswordField
      label={t('phone:fields.password')}
      autoComplete="current-password"
      value={password}
      onValueChange={setPassword}
      error={phoneIssue(t, 'password', errors.password)}
      showLabel={t('auth:fields.showPassword')}
      hideLabel={t('auth:fields.hidePassword')}
      data-testid="phone-password"
    />
  );

  if (mode === 'reset') {
    return (
      <form onSubmit={onReset} noValidate data-testid="reset-phone-form">
        <PopupTitle>{t('phone:change.resetTitle')}</PopupTitle>
        <ErrorBox message={failure} />
        <p className="mb-3 text-sm text-cream/80">{t('phone:change.resetIntro', { phone: status.data?.phoneNumber ?? '' })}</p>
        {passwordField}
        <SubmitButton busy={busy}>{t('phone:change.resetSubmit')}</SubmitButton>
        <div className="mt-4">
          <button type="button" className={linkButton} onClick={() => switchMode('change')}>
            {t('phone:change.toChange')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <div data-testid="change-phone">
      <PopupTitle>{t('phone:change.title')}</PopupTitle>
      <ErrorBox message={failure} />
      {phoneNumber === null ? (
        <form onSubmit={onSendCode} noValidate data-testid="change-phone-form">
          <p className="mb-3 text-sm text-cream/80">{t('phone:change.intro')}</p>
          {passwordField}
          <TextField
            label={t('phone:fields.newPhone')}
            hint={t('phone:fields.phoneHint')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+819012345678"
            value={typed}
            onValueChange={setTyped}
            error={phoneIssue(t, 'phoneNumber', errors.phoneNumber)}
            data-testid="new-phone-number"
          />
          <SubmitButton busy={busy}>{t('phone:change.sendCode')}</SubmitButton>
          <div className="mt-4">
            <button type="button" className={linkButton} onClick={() => switchMode('reset')}>
              {t('phone:change.toReset')}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={onChange} noValidate data-testid="change-phone-code-form">
          <p className="mb-3 text-sm text-cream/80">{t('phone:change.codeIntro', { phone: phoneNumber })}</p>
          <CodeField t={t} value={token} onValueChange={setToken} error={phoneIssue(t, 'token', errors.token)} />
          <SubmitButton busy={busy}>{t('phone:change.submit')}</SubmitButton>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <button
              type="button"
              className={linkButton}
              onClick={() => {
                setToken('');
                phoneChange.otherNumber();
              }}
            >
              {t('phone:change.otherNumber')}
            </button>
            <ResendButton t={t} secondsLeft={secondsLeft} busy={busy} onResend={() => void phoneChange.resend(password)} />
          </div>
        </form>
      )}
    </div>
  );
}
