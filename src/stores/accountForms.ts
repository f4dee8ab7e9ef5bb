import { atom } from 'nanostores';
import type { Language } from '../../contracts/constants';
import { checkDisplayName, checkEmail, checkLoginPassword, checkNewPassword } from '../../contracts/fields';
import { ApiError } from '../lib/api';
import {
  $signupDraft,
  $signupProblem,
  changePassword,
  deleteAccount,
  channelNeedsCaptcha,
  checkEmailAndUsername,
  checkPassword,
  register,
  requestPasswordReset,
  resetPassword,
  signIn,
  type SignupDraft,
} from './auth';
import { createForm } from './formSubmit';

/**
 * The account forms without their popups and pages: sign-in, sign-up (step 1 and the captcha step),
 * change, forgot and reset password. Each is one form of the shared helper (formSubmit.ts): field
 * checks from contracts/fields.ts, the double-submit guard and the refusal as a catalogue code.
 */

/** A common password refused by the server also marks the password field. */
const commonPassword = (field: string) => ({ COMMON_PASSWORD: [field, 'validation.passwordCommon'] as [string, string] });

/**
 * A new password typed twice (change and reset forms): each field's own prompt when empty, then the
 * shared rules for the new one, and the confirmation must repeat it. Answers [new, confirmation].
 */
export function newPasswordProblems(password: string, confirmation: string): [string | null, string | null] {
  return [
    password === '' ? 'validation.newPasswordRequired' : checkNewPassword(password),
    confirmation === '' ? 'validation.confirmPasswordRequired' : confirmation === password ? null : 'validation.passwordsMismatch',
  ];
}

// Sign-in ------------------------------------------------------------------------------------------

export const loginForm = createForm();

/** The signed-in player's name, or null when refused; the form stays busy while the page moves on. */
export async function submitLogin(email: string, password: string, calls = { signIn }): Promise<{ displayName: string } | null> {
  const result = await loginForm.submit(() => calls.signIn(email.trim(), password), {
    checks: { email: checkEmail(email), password: checkLoginPassword(password) },
    holdOnSuccess: true,
  });
  return result.status === 'done' ? result.value : null;
}

// Sign-up ------------------------------------------------------------------------------------------

export const signupForm = createForm({ fieldIssues: commonPassword('password') });
/** Step 3 of sign-up (spec section 2): registering, with the spinner. */
export const $registering = atom(false);

export interface SignupValues {
  email: string;
  displayName: string;
  password: string;
  agreed: boolean;
}

export interface SignupCalls {
  checkPassword: typeof checkPassword;
  checkEmailAndUsername: typeof checkEmailAndUsername;
  channelNeedsCaptcha: typeof channelNeedsCaptcha;
  register: typeof register;
}
const signupCalls: SignupCalls = { checkPassword, checkEmailAndUsername, channelNeedsCaptcha, register };

/**
 * Step 1's Continue: the checks, the server's password rules (a common one is refused here, not after
 * the captcha), uniqueness, then 'captcha' (the draft waits in $signupDraft for step 2) or
 * 'registered' (signed in). null when refused or not sent.
 */
export async function submitSignup(values: SignupValues, lang: Language, calls: SignupCalls = signupCalls): Promise<'captcha' | 'registered' | null> {
  const form: SignupDraft = { email: values.email.trim(), displayName: values.displayName.trim(), password: values.password, languageCode: lang };
  const result = await signupForm.submit(
    async () => {
      await calls.checkPassword(form.password);
      await calls.checkEmailAndUsername(form.email, form.displayName);
      if (await calls.channelNeedsCaptcha()) {
        $signupDraft.set(form);
        return 'captcha' as const;
      }
      $registering.set(true);
      try {
        await calls.register(form);
      } catch (error) {
        $registering.set(false);
        throw error;
      }
      return 'registered' as const;
    },
    {
      checks: {
        email: checkEmail(values.email),
        displayName: checkDisplayName(values.displayName),
        password: checkNewPassword(values.password),
        isAgeOver18: values.agreed ? null : 'validation.termsRequired',
      },
      holdOnSuccess: true,
    },
  );
  return result.status === 'done' ? result.value : null;
}

/** Sent back from the captcha step because registration refused the form: show why on step 1. */
export function takeSignupProblem() {
  const code = $signupProblem.get();
  if (!code) return;
  $signupProblem.set(null);
  signupForm.fail(new ApiError(code, 400));
}

/** Refusals that only step 1 can fix. */
const FORM_PROBLEMS = ['EMAIL_ALREADY_EXISTS', 'DISPLAYNAME_ALREADY_EXISTS', 'COMMON_PASSWORD', 'REQUEST_VALIDATION_ERROR'];

export const captchaForm = createForm();

/**
 * The captcha step's Submit: registers with the draft. 'registered', 'back' (the form itself was
 * refused: step 1 shows why), 'retry' (a new puzzle is needed) or null when not sent.
 */
export async function submitCaptcha(answer: { challengeId: string; answer: number }, calls = { register }): Promise<'registered' | 'back' | 'retry' | null> {
  const draft = $signupDraft.get();
  if (!draft || captchaForm.$state.get().submitting) return null;
  $registering.set(true);
  const result = await captchaForm.submit(() => calls.register(draft, answer), { holdOnSuccess: true });
  if (result.status === 'busy') return null;
  if (result.status === 'done') return 'registered';
  $registering.set(false);
  if (result.status === 'failed' && result.failure.error instanceof ApiError && FORM_PROBLEMS.includes(result.failure.error.code)) {
    $signupProblem.set(result.failure.error.code);
    return 'back';
  }
  return 'retry';
}

// Passwords ----------------------------------------------------------------------------------------

export const changePasswordForm = createForm({ fieldIssues: commonPassword('newPassword') });

/** true when changed (the server ends the player's other sessions). */
export async function submitChangePassword(
  values: { currentPassword: string; newPassword: string; confirmPassword: string },
  calls = { changePassword },
): Promise<boolean> {
  const [newPassword, confirmPassword] = newPasswordProblems(values.newPassword, values.confirmPassword);
  const result = await changePasswordForm.submit(() => calls.changePassword(values.currentPassword, values.newPassword), {
    checks: { currentPassword: values.currentPassword === '' ? 'validation.currentPasswordRequired' : null, newPassword, confirmPassword },
    holdOnSuccess: true,
  });
  return result.status === 'done';
}

export const forgotPasswordForm = createForm();

/** The address the reset email went to (the same answer whether or not it has an account), or null. */
export async function submitForgotPassword(email: string, lang: Language, calls = { requestPasswordReset }): Promise<string | null> {
  const address = email.trim();
  const result = await forgotPasswordForm.submit(() => calls.requestPasswordReset(address, lang), { checks: { email: checkEmail(email) } });
  return result.status === 'done' ? address : null;
}

export const resetPasswordForm = createForm({ fieldIssues: commonPassword('password') });

/** 'done', 'invalid-link' (stale or used: start again), or null when refused for another reason. */
export async function submitResetPassword(
  link: { email: string; token: string },
  values: { password: string; confirmPassword: string },
  calls = { resetPassword },
): Promise<'done' | 'invalid-link' | null> {
  const [password, confirmPassword] = newPasswordProblems(values.password, values.confirmPassword);
  const result = await resetPasswordForm.submit(() => calls.resetPassword({ ...link, ...values }), {
    checks: { password, confirmPassword },
    holdOnSuccess: true,
  });
  if (result.status === 'done') return 'done';
  if (result.status === 'failed' && result.failure.error instanceof ApiError && result.failure.error.code === 'INVALID_RESET_TOKEN') {
    resetPasswordForm.reset();
    return 'invalid-link';
  }
  return null;
}

// Delete account -----------------------------------------------------------------------------------

export const deleteAccountForm = createForm();

/** true when the account is gone (the player is signed out). */
export async function submitDeleteAccount(password: string, calls = { deleteAccount }): Promise<boolean> {
  const result = await deleteAccountForm.submit(() => calls.deleteAccount(password), {
    checks: { password: checkLoginPassword(password) },
    holdOnSuccess: true,
  });
  return result.status === 'done';
}
