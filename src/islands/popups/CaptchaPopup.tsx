import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CaptchaChallenge } from '../../../contracts/auth';
import { useT } from '../../lib/useT';
import { ApiError } from '../../lib/api';
import { $signupDraft, $signupProblem, newCaptchaChallenge, register } from '../../stores/auth';
import { openPopup } from '../../stores/popup';
import { apiErrorMessage } from '../account/forms';
import { continueAfterSignIn } from '../account/navigation';
import Spinner from '../Spinner';
import CaptchaPuzzle from './CaptchaPuzzle';
import SignupSteps from './SignupSteps';
import type { PopupProps } from './types';
import 'virtual:strings?auth.captcha,auth.signup';

/** Refusals that only step 1 can fix. */
const FORM_PROBLEMS = ['EMAIL_ALREADY_EXISTS', 'DISPLAYNAME_ALREADY_EXISTS', 'COMMON_PASSWORD', 'REQUEST_VALIDATION_ERROR'];

/**
 * Step 2 of sign-up in the 300x450 captcha popup (spec sections 2 and 9). It registers with the
 * form the signup popup left in $signupDraft; opened without one, it sends the player back there.
 */
export default function CaptchaPopup({ lang }: PopupProps) {
  const t = useT(lang, ['auth', 'errors']);
  const draft = useStore($signupDraft);
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [x, setX] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [registering, setRegistering] = useState(false);

  // Challenges are single use and expire after 2 minutes: every attempt gets a fresh one.
  const loadChallenge = useCallback(async () => {
    setChallenge(null);
    setX(0);
    try {
      setChallenge(await newCaptchaChallenge());
    } catch (error) {
      setFailure(apiErrorMessage(t, error));
    }
  }, [t]);

  useEffect(() => {
    if (draft) void loadChallenge();
    // Once per opening of the popup; later puzzles come from Submit or "New puzzle".
  }, []);

  if (!draft && !registering) {
    return (
      <div className="text-sm">
        <h2 className="mb-3 pr-8 text-lg font-bold text-gold-400">{t('auth:captcha.title')}</h2>
        <p className="mb-4">{t('auth:captcha.noDraft')}</p>
        <button type="button" className="btn-gold w-full" onClick={() => openPopup('signup')}>
          {t('auth:captcha.backToSignup')}
        </button>
      </div>
    );
  }

  if (registering) {
    return (
      <div className="text-sm">
        <h2 className="mb-3 pr-8 text-lg font-bold text-gold-400">{t('auth:signup.title')}</h2>
        <SignupSteps lang={lang} current={3} />
        <p className="text-center">{t('auth:signup.registering')}</p>
        <Spinner lang={lang} />
      </div>
    );
  }

  const onSubmit = async () => {
    if (!challenge || busy || !draft) return;
    setBusy(true);
    setFailure(null);
    setRegistering(true);
    try {
      await register(draft, { challengeId: challenge.challengeId, answer: x });
      continueAfterSignIn(); // signed in with no welcome toast (spec section 2)
    } catch (error) {
      setRegistering(false);
      setBusy(false);
      setFailure(apiErrorMessage(t, error));
      // The form itself was refused (e.g. a common password): back to step 1 to fix it.
      if (error instanceof ApiError && FORM_PROBLEMS.includes(error.code)) {
        $signupProblem.set(error.code);
        openPopup('signup');
        return;
      }
      void loadChallenge();
    }
  };

  return (
    <div className="text-sm" data-testid="captcha">
      <h2 className="mb-1 pr-8 text-base font-bold text-gold-400">{t('auth:captcha.title')}</h2>
      <SignupSteps lang={lang} current={2} />
      {/* The popup is a fixed 300x450: an error takes the instructions' place instead of pushing
          Submit and New puzzle out of view. */}
      {failure ? (
        <p role="alert" data-testid="form-error" className="mb-2 line-clamp-3 rounded-md border border-red-500 bg-red-900/60 px-2 py-1 text-xs text-red-50">
          {failure}
        </p>
      ) : (
        <p className="mb-2 text-xs text-cream/80">{t('auth:captcha.instructions')}</p>
      )}
      {/* Slightly into the popup's padding, so the 280px puzzle is drawn at its own size in 300px. */}
      <div className="-mx-2.5">{challenge ? <CaptchaPuzzle lang={lang} challenge={challenge} x={x} onMove={setX} /> : <Spinner lang={lang} />}</div>
      <div className="mt-2 flex gap-2" data-testid="captcha-actions">
        <button type="button" className="btn-ghost flex-1 px-2 text-xs" onClick={() => void loadChallenge()} disabled={busy}>
          {t('auth:captcha.newPuzzle')}
        </button>
        <button type="button" className="btn-gold flex-1" onClick={() => void onSubmit()} disabled={!challenge || busy}>
          {t('auth:captcha.submit')}
        </button>
      </div>
    </div>
  );
}
