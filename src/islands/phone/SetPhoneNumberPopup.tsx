import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { checkLoginPassword, checkOtpToken } from '../../../contracts/fields';
import { normalisePhoneNumber } from '../../../contracts/phone-number';
import { useT } from '../../lib/useT';
import { closePopup, openPopup } from '../../stores/popup';
import { $session } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { apiErrorMessage, ErrorBox, PasswordField, PopupTitle, SubmitButton, TextField, validate, type FieldErrors } from '../account/forms';
import { currentPathForRedirect } from '../account/navigation';
import type { PopupProps } from '../popups/types';
import { CodeField, linkButton, phoneIssue, ResendButton, sendDecision, useResendCountdown } from './parts';
import { changePhoneNumber, requestChangeCode, resetPhoneNumber } from './phoneStore';
import { $phoneStatus, $setPhoneMode } from './phoneStatus';
import 'virtual:strings?auth.fields,phone';

/**
 * The set-phone-number popup (settings): change the verified number (password and new number, then the
 * code sent to the new number), or reset it (password), after which the verification popup asks again.
 */
export default function SetPhoneNumberPopup({ lang }: PopupProps) {
  const t = useT(lang, ['phone', 'auth', 'errors']);
  const mode = useStore($setPhoneMode);
  const status = useStore($phoneStatus);
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [phoneNumber, setPhoneNumber] = useState<string | null>(null);
  const [token, setToken] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const secondsLeft = useResendCountdown('change');

  useEffect(() => {
    if (!$session.get()) openPopup('login', { redirect: currentPathForRedirect() });
  }, []);

  const switchMode = (next: 'change' | 'reset') => {
    setErrors({});
    setFailure(null);
    $setPhoneMode.set(next);
  };
  const fail = (error: unknown) => {
    setFailure(apiErrorMessage(t, error));
    setBusy(false);
  };

  const onSendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setFailure(null);
    const number = normalisePhoneNumber(phoneNumber ?? typed);
    const invalid = validate({ password: checkLoginPassword(password), phoneNumber: 'issue' in number ? number.issue : null });
    setErrors(invalid ?? {});
    if (invalid || 'issue' in number) return;
    const wanted = number.phoneNumber;
    const decision = sendDecision('change', wanted);
    if (decision === 'code') {
      setPhoneNumber(wanted);
      return;
    }
    if (decision === 'wait') {
      setFailure(t('phone:verify.waitToSend', { seconds: secondsLeft }));
      return;
    }
    setBusy(true);
    try {
      const sent = await requestChangeCode(password, wanted);
      setPhoneNumber(sent.phoneNumber);
      setBusy(false);
    } catch (error) {
      fail(error);
    }
  };

  const onChange = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !phoneNumber) return;
    setFailure(null);
    const invalid = validate({ token: checkOtpToken(token) });
    setErrors(invalid ?? {});
    if (invalid) return;
    setBusy(true);
    try {
      const result = await changePhoneNumber(password, phoneNumber, token);
      showToast(t('phone:change.changed', { phone: result.phoneNumber }), 'success');
      closePopup();
    } catch (error) {
      fail(error);
    }
  };

  const onReset = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const invalid = validate({ password: checkLoginPassword(password) });
    setErrors(invalid ?? {});
    if (invalid) return;
    setBusy(true);
    try {
      await resetPhoneNumber(password);
      showToast(t('phone:change.resetDone'), 'success');
      // The verification popup (phone watcher) takes over from here.
      closePopup();
    } catch (error) {
      fail(error);
    }
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
                setPhoneNumber(null);
                setToken('');
                setFailure(null);
              }}
            >
              {t('phone:change.otherNumber')}
            </button>
            <ResendButton t={t} secondsLeft={secondsLeft} busy={busy} onResend={() => void onSendCode()} />
          </div>
        </form>
      )}
    </div>
  );
}
