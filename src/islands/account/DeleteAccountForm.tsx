import { useState, type FormEvent } from 'react';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { deleteAccountForm, submitDeleteAccount } from '../../stores/accountForms';
import { flashToast } from '../../stores/authFlash';
import { clearPendingAction } from '../../stores/pending';
import { ErrorBox, failureMessage, issueMessage, PasswordField, useForm } from './forms';
import { homePath } from './navigation';
import 'virtual:strings?auth.deleteAccount,auth.fields';

/**
 * Delete account (decisions.md): asks for the password; tester accounts are refused with
 * TESTER_ACCOUNT_DELETION_FORBIDDEN. On success the player is signed out and sent home with a toast.
 * Used by the `delete-account` popup and the /delete-account page.
 */
export default function DeleteAccountForm({ lang }: { lang: Language }) {
  const t = useT(lang, ['auth', 'errors']);
  const [password, setPassword] = useState('');
  const form = useForm(deleteAccountForm);
  const busy = form.submitting;
  const errors = form.fieldErrors;
  const failure = failureMessage(t, form.failure);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await submitDeleteAccount(password))) return;
    clearPendingAction();
    flashToast(t('auth:deleteAccount.success'), 'success');
    location.assign(homePath(lang));
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="delete-account-form">
      <ErrorBox message={failure} />
      <p className="mb-4 rounded-md border border-gold-600/60 bg-brown-900 p-3 text-sm">{t('auth:deleteAccount.warning')}</p>
      <PasswordField
        label={t('auth:deleteAccount.passwordLabel')}
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
        error={issueMessage(t, errors.password)}
        showLabel={t('auth:fields.showPassword')}
        hideLabel={t('auth:fields.hidePassword')}
      />
      <button
        type="submit"
        className="mt-2 w-full rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-600 disabled:opacity-50"
        disabled={busy}
      >
        {t('auth:deleteAccount.submit')}
      </button>
    </form>
  );
}
