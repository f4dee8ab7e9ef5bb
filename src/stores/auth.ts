import { atom, computed } from 'nanostores';
import type {
  AccountSummary,
  AccountSummarySchema,
  CaptchaChallengeSchema,
  PasswordCheckResultSchema,
  SigninResultSchema,
  UniqueResultSchema,
  CaptchaChallenge,
} from '../../contracts/auth';
import type { ChannelFlagsSchema } from '../../contracts/system';
import type { OkSchema } from '../../contracts/common';
import { LANGUAGE_STORAGE_KEY, type Language } from '../../contracts/constants';
import { apiCall } from '../lib/api';
import { siteConfig } from '../lib/config';
import { $session, clearSession, readSessionInfo, refreshSession } from './session';
import { createFetcherStore } from './query';

/**
 * The account calls of spec section 7 as plain actions, and the sign-up form kept between the
 * signup and captcha popups. Bodies follow contracts/auth.ts; the server validates them again.
 */
const siteRef = siteConfig.channel;

export async function signIn(email: string, password: string) {
  const result = await apiCall<typeof SigninResultSchema>('/signin', { method: 'POST', body: { email, password, siteRef } });
  refreshSession();
  // The API may live on another origin whose cookies the page cannot read: trust the answer then.
  if (!$session.get()) $session.set({ displayName: result.displayName });
  return result;
}

/** POST /logout ends the session on the server; this side forgets it whatever the answer. */
export async function logOut() {
  try {
    await apiCall('/logout', { method: 'POST' });
  } finally {
    clearSession();
  }
}

export async function checkEmailAndUsername(email: string, displayName: string) {
  await apiCall<typeof UniqueResultSchema>('/IsEmailUsernameUnique', { method: 'POST', body: { email, displayName, siteRef } });
}

/** The server's password rules (length, common-password list) at step 1: throws COMMON_PASSWORD etc. */
export async function checkPassword(password: string) {
  await apiCall<typeof PasswordCheckResultSchema>('/password-check', { method: 'POST', body: { password } });
}

/**
 * The player switches language: remembered in this browser and, signed in, stored on the account
 * (every SMS code and email follows it), then `href` (the page in that language) opens. Should the
 * account call fail, the page changes language anyway. The footer's switcher does the same in its
 * inline script (static pages carry no API client).
 */
export async function switchLanguage(languageCode: Language, href: string) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, languageCode);
  } catch {
    // storage disabled: the URL still carries the language
  }
  if ($session.get()) {
    try {
      await apiCall<typeof OkSchema>('/account/language', { method: 'POST', body: { languageCode } });
    } catch {
      // the account keeps its previous language
    }
  }
  location.assign(href);
}

export async function channelNeedsCaptcha(): Promise<boolean> {
  const flags = await apiCall<typeof ChannelFlagsSchema>('/channel', { query: { channelCode: siteConfig.channel } });
  return flags.captcha;
}

export async function newCaptchaChallenge(): Promise<CaptchaChallenge> {
  return apiCall<typeof CaptchaChallengeSchema>('/captcha/challenge', { method: 'POST', body: {} });
}

/** The sign-up form between step 1 and the captcha: kept in memory only (it holds a password). */
export interface SignupDraft {
  email: string;
  displayName: string;
  password: string;
  languageCode: Language;
}
export const $signupDraft = atom<SignupDraft | null>(null);
/**
 * Why registration sent the player back from the captcha to step 1: an API error code (e.g. the
 * password is too common, or the email was taken meanwhile), shown by the signup form.
 */
export const $signupProblem = atom<string | null>(null);

/** Step 3: registers, then signs in (unless /signup already opened a session). No welcome toast. */
export async function register(draft: SignupDraft, captchaData?: { challengeId: string; answer: number }) {
  await apiCall('/signup', {
    method: 'POST',
    body: { ...draft, isAgeOver18: true, siteRef, ...(captchaData ? { captchaData } : {}) },
  });
  if (readSessionInfo()) refreshSession();
  else await signIn(draft.email, draft.password);
  $signupDraft.set(null);
}

export async function requestPasswordReset(email: string, languageCode: Language) {
  await apiCall('/forgot-password', { method: 'POST', body: { email, languageCode, siteRef } });
}

export async function resetPassword(body: { email: string; token: string; password: string; confirmPassword: string }) {
  await apiCall('/reset-password', { method: 'POST', body });
}

/** 204 with no body; the server ends the player's other sessions. */
export async function changePassword(currentPassword: string, newPassword: string) {
  await apiCall('/change-password', { method: 'POST', body: { currentPassword, newPassword } });
}

/** Deletes the account; every session ends, so this side forgets it too. */
export async function deleteAccount(password: string) {
  await apiCall('/delete-account', { method: 'POST', body: { password } });
  clearSession();
}

/**
 * GET /account for the signed-in parts of the site; no request while signed out. The key carries
 * the display name so another player signing in on the same page never sees the last one's cache.
 */
const $accountKey = computed($session, (session) => (session ? `account:${session.displayName}` : null));
export const $account = createFetcherStore<AccountSummary>([$accountKey], {
  fetcher: () => apiCall<typeof AccountSummarySchema>('/account', { isQuery: true }),
});
