import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { useT } from '../../lib/useT';
import { localizePath } from '../../lib/routes';
import { $signupDraft } from '../../stores/auth';
import { $registering, signupForm, submitSignup, takeSignupProblem } from '../../stores/accountForms';
import { openPopup } from '../../stores/popup';
import { ErrorBox, failureMessage, issueMessage, PasswordField, PopupTitle, SubmitButton, TextField, useForm } from '../account/forms';
import { continueAfterSignIn } from '../account/navigation';
import Spinner from '../Spinner';
import SignupSteps from './SignupSteps';
import type { PopupProps } from './types';
import 'virtual:strings?auth.fields,auth.signup';

/**
 * The signup popup (spec sections 2 and 4). Step 1 here; Continue checks uniqueness, then either
 * hands the form to the 300x450 `captcha` popup (step 2, which registers) or registers at once.
 */
export default function SignupPopup({ lang }: PopupProps) {
  const t = useT(lang, ['auth', 'errors']);
  const draft = useStore($signupDraft);
  const [email, setEmail] = useState(draft?.email ?? '');
  const [displayName, setDisplayName] = useState(draft?.displayName ?? '');
  const [password, setPassword] = useState(draft?.password ?? '');
  const [agreed, setAgreed] = useState(draft !== null);
  const form = useForm(signupForm);
  const registering = useStore($registering);
  const busy = form.submitting;
  const errors = form.fieldErrors;
  const failure = failureMessage(t, form.failure);

  // Sent back from the captcha step because registration refused the form.
  useEffect(() => takeSignupProblem(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next = await submitSignup({ email, displayName, password, agreed }, lang);
    if (next === 'captcha') openPopup('captcha');
    if (next === 'registered') continueAfterSignIn(); // signed in with no welcome toast (spec section 2)
  };

  if (registering) {
    return (
      <div>
        <PopupTitle>{t('auth:signup.title')}</PopupTitle>
        <SignupSteps lang={lang} current={3} />
        <p className="text-center text-sm">{t('auth:signup.registering')}</p>
        <Spinner lang={lang} />
      </div>
    );
  }

  const termsError = issueMessage(t, errors.isAgeOver18);
  return (
    <form onSubmit={onSubmit} noValidate data-testid="signup-form">
      <PopupTitle>{t('auth:signup.title')}</PopupTitle>
      <SignupSteps lang={lang} current={1} />
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
      <TextField
        label={t('auth:fields.username')}
        autoComplete="username"
        value={displayName}
        onValueChange={setDisplayName}
        hint={t('auth:fields.usernameHint')}
        error={issueMessage(t, errors.displayName)}
      />
      <PasswordField
        label={t('auth:fields.password')}
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
        hint={t('auth:fields.passwordHint')}
        error={issueMessage(t, errors.password)}
        showLabel={t('auth:fields.showPassword')}
        hideLabel={t('auth:fields.hidePassword')}
      />
      <div className="mb-3">
        <div className="flex items-start gap-2 text-sm">
          <input
            id="signup-terms"
            type="checkbox"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'signup-terms-error' : undefined}
            className="mt-1 h-4 w-4 accent-gold-500"
          />
          <label htmlFor="signup-terms">
            {t('auth:signup.termsBefore')}
            <a href={localizePath('/terms-of-use', lang)} target="_blank" rel="noopener" className="text-gold-400 underline">
              {t('auth:signup.termsLink')}
            </a>
            {t('auth:signup.termsAfter')}
          </label>
        </div>
        {termsError && (
          <p id="signup-terms-error" className="mt-1 text-sm text-red-300">
            {termsError}
          </p>
        )}
      </div>
      <SubmitButton busy={busy}>{t('auth:signup.continue')}</SubmitButton>
      <p className="mt-4 text-center text-sm">
        {t('auth:signup.haveAccount')}{' '}
        <button type="button" className="font-semibold text-gold-400 underline hover:text-gold-500" onClick={() => openPopup('login')}>
          {t('auth:signup.signIn')}
        </button>
      </p>
    </form>
  );
}
