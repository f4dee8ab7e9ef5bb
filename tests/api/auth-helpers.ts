import { randomBytes } from 'node:crypto';
import type { TestApp } from '../support/app';

/** Helpers for the accounts API tests (tests/api/auth*.test.ts, mail*.test.ts). */
export const unique = () => randomBytes(4).toString('hex');

export async function solveCaptcha(t: TestApp, offset = 0) {
  const challenge = await t.api({ method: 'POST', url: '/captcha/challenge' });
  if (challenge.statusCode !== 200) throw new Error(`captcha challenge: ${challenge.statusCode} ${challenge.body}`);
  const { challengeId } = challenge.json();
  const solution = await t.api({ method: 'GET', url: `/dev/captcha/${challengeId}` });
  return { challengeId: challengeId as string, answer: (solution.json().answer as number) + offset };
}

export function signupBody(overrides: Record<string, unknown> = {}) {
  const displayName = `u${unique()}`;
  return {
    email: `${displayName}@example.test`,
    displayName,
    password: `Secret-${unique()}`,
    isAgeOver18: true,
    languageCode: 'ja',
    siteRef: 'WEB',
    ...overrides,
  };
}

/** Signs up through the API (with a solved captcha) and returns what was sent. */
export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const res = await t.api({ method: 'POST', url: '/signup', payload: { ...body, captchaData: await solveCaptcha(t) } });
  if (res.statusCode !== 200) throw new Error(`signup: ${res.statusCode} ${res.body}`);
  return body as { email: string; displayName: string; password: string };
}

export async function signIn(t: TestApp, email: string, password: string, headers: Record<string, string> = {}) {
  return t.api({ method: 'POST', url: '/signin', payload: { email, password, siteRef: 'WEB' }, headers });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The session token a sign-in set as the `session` cookie (the web channel gets no `authToken` in the body). */
export function sessionToken(res: { statusCode: number; cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === 'session' || c.name === '__Host-session');
  if (!cookie) throw new Error(`no session cookie (status ${res.statusCode})`);
  return cookie.value;
}

/** Waits for a mail to reach the development outbox (the reset mail is sent after the reply). */
export async function waitForOutbox(t: TestApp, to: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.api({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}&channel=email` });
    const messages = res.json().messages as Array<{ subject: string; body: string; to: string }>;
    if (messages.length > 0) return messages;
    if (Date.now() > deadline) return messages;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Generous limits for tests that are not about rate limiting. */
export const highLimits = {
  SIGNIN_RATE_LIMIT: '10000',
  SIGNUP_RATE_LIMIT: '10000',
  FORGOT_PASSWORD_RATE_LIMIT: '10000',
  RESET_PASSWORD_RATE_LIMIT: '10000',
  CAPTCHA_RATE_LIMIT: '10000',
  UNIQUE_CHECK_RATE_LIMIT: '10000',
};
