import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/useT';
import { loginForm, submitLogin } from '../../stores/accountForms';
import { openPopup } from '../../stores/popup';
import { ErrorBox, failureMessage, issueMessage, PasswordField, PopupTitle, SubmitButton, TextField, useForm } from '../account/forms';
import { continueAfterSignIn } from '../account/navigation';
import type { PopupProps } from './types';
import 'virtual:strings?auth.fields,auth.login';

/** The login popup (spec section 2): email, password with show/hide, forgot-password and register links. */
export default function LoginPopup({ lang }: PopupProps) {
  const t = useT(lang, ['auth', 'errors']);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useForm(loginForm);
  const busy = form.submitting;
  const errors = form.fieldErrors;
  const failure = failureMessage(t, form.failure);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const player = await submitLogin(email, password);
    if (player) continueAfterSignIn({ message: t('auth:login.welcome', { name: player.displayName }), kind: 'success' });
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="login-form">
      <PopupTitle>{t('auth:login.title')}</PopupTitle>
      <ErrorBox message={failure} />
      <TextField
        label={t('auth:fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValueChange={setEmail}
        error={issueMessage(t, errors.email)}
      />
      <PasswordField
        label={t('auth:fields.password')}
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        error={issueMessage(t, errors.password)}
        showLabel={t('auth:fields.showPassword')}
        hideLabel={t('auth:fields.hidePassword')}
      />
      <div className="mb-3 text-right text-sm">
        <button type="button" className="text-gold-400 underline hover:text-gold-500" onClick={() => openPopup('reset-password')}>
          {t('auth:login.forgot')}
        </button>
      </div>
      <SubmitButton busy={busy} busyLabel={t('auth:login.submitting')}>
        {t('auth:login.submit')}
      </SubmitButton>
      <p className="mt-4 text-center text-sm">
        {t('auth:login.noAccount')}{' '}
        <button type="button" className="font-semibold text-gold-400 underline hover:text-gold-500" onClick={() => openPopup('signup')}>
          {t('auth:login.register')}
        </button>
      </p>
    </form>
  );
}
