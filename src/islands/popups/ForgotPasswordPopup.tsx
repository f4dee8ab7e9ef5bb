import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/useT';
import { forgotPasswordForm, submitForgotPassword } from '../../stores/accountForms';
import { openPopup } from '../../stores/popup';
import { ErrorBox, failureMessage, issueMessage, PopupTitle, SubmitButton, TextField, useForm } from '../account/forms';
import type { PopupProps } from './types';
import 'virtual:strings?auth.fields,auth.forgot';

/**
 * The forgot-password popup (`?popup=reset-password`, spec section 2): an email field, then
 * "Password Reset Email Sent" with the address. The server answers the same whether or not the
 * address has an account, so this shows the same either way.
 */
export default function ForgotPasswordPopup({ lang }: PopupProps) {
  const t = useT(lang, ['auth', 'errors']);
  const [email, setEmail] = useState('');
  const form = useForm(forgotPasswordForm);
  const busy = form.submitting;
  const errors = form.fieldErrors;
  const failure = failureMessage(t, form.failure);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const address = await submitForgotPassword(email, lang);
    if (address) setSentTo(address);
  };

  if (sentTo) {
    return (
      <div data-testid="reset-email-sent">
        <PopupTitle>{t('auth:forgot.sentTitle')}</PopupTitle>
        <p role="status" className="mb-4 text-sm leading-relaxed">
          {t('auth:forgot.sentBody', { email: sentTo })}
        </p>
        <button type="button" className="btn-gold w-full" onClick={() => openPopup('login')}>
          {t('auth:forgot.backToLogin')}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate data-testid="forgot-password-form">
      <PopupTitle>{t('auth:forgot.title')}</PopupTitle>
      <ErrorBox message={failure} />
      <p className="mb-4 text-sm text-cream/80">{t('auth:forgot.intro')}</p>
      <TextField
        label={t('auth:fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onValueChange={setEmail}
        error={issueMessage(t, errors.email)}
      />
      <SubmitButton busy={busy}>{t('auth:forgot.submit')}</SubmitButton>
      <p className="mt-4 text-center text-sm">
        <button type="button" className="text-gold-400 underline hover:text-gold-500" onClick={() => openPopup('login')}>
          {t('auth:forgot.backToLogin')}
        </button>
      </p>
    </form>
  );
}
