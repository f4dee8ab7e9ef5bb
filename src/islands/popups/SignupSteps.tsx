import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import 'virtual:strings?auth.signup';

const STEPS = ['details', 'verify', 'register'] as const;

/** The sign-up's 3-step indicator (spec section 2), shared by the signup and captcha popups. */
export default function SignupSteps({ lang, current }: { lang: Language; current: 1 | 2 | 3 }) {
  const t = useT(lang, 'auth');
  return (
    <ol aria-label={t('auth:signup.steps.label')} className="mb-4 flex items-center gap-1 text-xs" data-testid="signup-steps">
      {STEPS.map((step, index) => {
        const number = index + 1;
        const state = number < current ? 'done' : number === current ? 'current' : 'todo';
        return (
          <li key={step} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-1 items-center gap-1">
            <span
              aria-hidden="true"
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full font-bold ${
                state === 'todo' ? 'border border-brown-600 text-cream/60' : 'bg-gold-500 text-brown-950'
              }`}
            >
              {state === 'done' ? '✓' : number}
            </span>
            <span className={state === 'current' ? 'font-semibold text-gold-400' : 'text-cream/70'}>
              {t(`auth:signup.steps.${step}`)}
              {state !== 'todo' && <span className="sr-only"> {t(`auth:signup.steps.${state}`)}</span>}
            </span>
            {number < STEPS.length && <span aria-hidden="true" className="mx-1 h-px flex-1 bg-brown-600" />}
          </li>
        );
      })}
    </ol>
  );
}
