import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../lib/useT';
import { changePasswordForm, submitChangePassword } from '../../stores/accountForms';
import { closePopup, openPopup } from '../../stores/popup';
import { $session } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { ErrorBox, failureMessage, issueMessage, PasswordField, PopupTitle, SubmitButton, useForm } from '../account/forms';
import { currentPathForRedirect } from '../account/navigation';
import type { PopupProps } from './types';
import 'virtual:strings?auth.changePassword,auth.fields';

/** The change-password popup (spec section 5 messages). The server ends the player's other sessions. */
export default function ChangePasswordPopup({ lang }: PopupProps) {
  const t = useT(lang, ['auth', 'errors']);
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const form = useForm(changePasswordForm);
  const busy = form.submitting;
  const errors = form.fieldErrors;
  const failure = failureMessage(t, form.failure);
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  useEffect(() => {
    // Signed out: sign in first, then come back here.
    if (!$session.get()) openPopup('login', { redirect: currentPathForRedirect() });
  }, []);

  // The form's own prompts (current, new, confirm) first, then the shared rules (contracts/fields.ts);
  // ChangePasswordSchema checks the body again on the server.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await submitChangePassword(values))) return;
    showToast(t('auth:changePassword.success'), 'success');
    closePopup();
  };

  const passwordProps = { showLabel: t('auth:fields.showPassword'), hideLabel: t('auth:fields.hidePassword') };
  return (
    <form onSubmit={onSubmit} noValidate data-testid="change-password-form">
      <PopupTitle>{t('auth:changePassword.title')}</PopupTitle>
      <ErrorBox message={failure} />
      <PasswordField
        label={t('auth:fields.currentPassword')}
        autoComplete="current-password"
        value={values.currentPassword}
        onValueChange={set('currentPassword')}
        error={issueMessage(t, errors.currentPassword)}
        {...passwordProps}
      />
      <PasswordField
        label={t('auth:fields.newPassword')}
        autoComplete="new-password"
        value={values.newPassword}
        onValueChange={set('newPassword')}
        hint={t('auth:fields.passwordHint')}
        error={issueMessage(t, errors.newPassword)}
        {...passwordProps}
      />
      <PasswordField
        label={t('auth:fields.confirmPassword')}
        autoComplete="new-password"
        value={values.confirmPassword}
        onValueChange={set('confirmPassword')}
        error={issueMessage(t, errors.confirmPassword)}
        {...passwordProps}
      />
      <SubmitButton busy={busy}>{t('auth:changePassword.submit')}</SubmitButton>
    </form>
  );
}
