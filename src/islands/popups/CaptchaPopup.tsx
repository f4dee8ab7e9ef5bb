import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { CaptchaChallenge } from '../../../contracts/auth';
import { useT } from '../../lib/useT';
import { $signupDraft, newCaptchaChallenge } from '../../stores/auth';
import { $registering, captchaForm, submitCaptcha } from '../../stores/accountForms';
import { openPopup } from '../../stores/popup';
import { apiErrorMessage, failureMessage, useForm } from '../account/forms';
import { continueAfterSignIn } from '../account/navigation';
import Spinner from '../Spinner';
import CaptchaPuzzle from './CaptchaPuzzle';
import SignupSteps from './SignupSteps';
import type { PopupProps } from './types';
import 'virtual:strings?auth.captcha,auth.signup';

/**
 * Step 2 of sign-up in the 300x450 captcha popup (spec sections 2 and 9). It registers with the
 * form the signup popup left in $signupDraft; opened without one, it sends the player back there.
 */
export default function CaptchaPopup({ lang }: PopupProps) {
  const t = useT(lang, ['auth', 'errors']);
  const draft = useStore($signupDraft);
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [x, setX] = useState(0);
  const form = useForm(captchaForm);
  const registering = useStore($registering);
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  const busy = form.submitting;
  const failure = loadFailure ? apiErrorMessage(t, loadFailure) : failureMessage(t, form.failure);

  // Challenges are single use and expire after 2 minutes: every attempt gets a fresh one.
  const loadChallenge = useCallback(async () => {
    setChallenge(null);
    setX(0);
    setLoadFailure(null);
    try {
      setChallenge(await newCaptchaChallenge());
    } catch (error) {
      setLoadFailure(error);
    }
  }, []);

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
    if (!challenge) return;
    const outcome = await submitCaptcha({ challengeId: challenge.challengeId, answer: x });
    if (outcome === 'registered') continueAfterSignIn(); // signed in with no welcome toast (spec section 2)
    // The form itself was refused (e.g. a common password): back to step 1 to fix it.
    if (outcome === 'back') openPopup('signup');
    if (outcome === 'retry') void loadChallenge();
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
