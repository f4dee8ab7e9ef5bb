import { useEffect, useState, type FormEvent } from 'react';
import { checkEmail } from '../../../contracts/fields';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { resetPasswordForm, submitResetPassword } from '../../stores/accountForms';
import { openPopup } from '../../stores/popup';
import { showToast } from '../../stores/toasts';
import Spinner from '../Spinner';
import { ErrorBox, failureMessage, issueMessage, PasswordField, SubmitButton, useForm } from './forms';
import 'virtual:strings?auth.fields,auth.resetPassword';

type Link = { email: string; token: string };
type State = 'loading' | 'form' | 'invalid' | 'done';

/** The emailed link's token and email; null when either is missing or malformed. */
function readLink(): Link | null {
  const params = new URLSearchParams(location.search);
  const token = params.get('token') ?? '';
  const email = (params.get('email') ?? '').trim();
  return token && checkEmail(email) === null ? { token, email } : null;
}

/**
 * The /reset-password page (decisions.md): new password and confirmation for the emailed link.
 * A stale or used link says so and offers the forgot-password popup to start again.
 */
export default function ResetPasswordPage({ lang }: { lang: Language }) {
  const t = useT(lang, ['auth', 'errors']);
  const [state, setState] = useState<State>('loading');
  const [link, setLink] = useState<Link | null>(null);
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const form = useForm(resetPasswordForm);
  const busy = form.submitting;
  const errors = form.fieldErrors;
  const failure = failureMessage(t, form.failure);

  useEffect(() => {
    const found = readLink();
    setLink(found);
    setState(found ? 'form' : 'invalid');
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!link) return;
    const outcome = await submitResetPassword(link, values);
    if (outcome === 'invalid-link') setState('invalid');
    if (outcome !== 'done') return;
    // The token is spent: keep it out of the address bar and history.
    history.replaceState(null, '', location.pathname);
    setState('done');
    showToast(t('auth:resetPassword.success'), 'success');
    openPopup('login');
  };

  if (state === 'loading') return <Spinner lang={lang} />;

  const box = 'max-w-md rounded-lg border border-brown-600 bg-brown-800 p-5';
  if (state === 'invalid') {
    return (
      <div className={box} data-testid="reset-link-invalid">
        <p role="alert" className="mb-4">
          {t('auth:resetPassword.invalidLink')}
        </p>
        <button type="button" className="btn-gold" onClick={() => openPopup('reset-password')}>
          {t('auth:resetPassword.startAgain')}
        </button>
      </div>
    );
  }
  if (state === 'done') {
    return (
      <div className={box} data-testid="reset-done">
        <p role="status" className="mb-4">
          {t('auth:resetPassword.success')}
        </p>
        <button type="button" className="btn-gold" onClick={() => openPopup('login')}>
          {t('auth:resetPassword.signIn')}
        </button>
      </div>
    );
  }

  const passwordProps = { showLabel: t('auth:fields.showPassword'), hideLabel: t('auth:fields.hidePassword') };
  return (
    <form onSubmit={onSubmit} noValidate className={box} data-testid="reset-password-form">
      <ErrorBox message={failure} />
      <p className="mb-4 text-sm text-cream/80">{t('auth:resetPassword.intro', { email: link?.email })}</p>
      <PasswordField
        label={t('auth:fields.newPassword')}
        autoComplete="new-password"
        value={values.password}
        onValueChange={(password) => setValues((v) => ({ ...v, password }))}
        hint={t('auth:fields.passwordHint')}
        error={issueMessage(t, errors.password)}
        {...passwordProps}
      />
      <PasswordField
        label={t('auth:fields.confirmPassword')}
        autoComplete="new-password"
        value={values.confirmPassword}
        onValueChange={(confirmPassword) => setValues((v) => ({ ...v, confirmPassword }))}
        error={issueMessage(t, errors.confirmPassword)}
        {...passwordProps}
      />
      <SubmitButton busy={busy}>{t('auth:resetPassword.submit')}</SubmitButton>
    </form>
  );
}
