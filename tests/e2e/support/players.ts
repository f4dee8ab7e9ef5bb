import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Language } from '../../../contracts/languages';

/**
 * Players for Playwright journeys of every domain, made through the real API (sign-up with the
 * captcha, sign-in), never by writing to the database. The captcha is solved by reading the answer
 * from `GET /api/dev/captcha/:challengeId`, which exists only with DEV_TOOLS=true.
 */
export interface E2EPlayer {
  email: string;
  password: string;
  displayName: string;
}

export interface SignUpOptions {
  email?: string;
  password?: string;
  displayName?: string;
  language?: Language;
  /** The CHANNEL header; WEB (the site's channel) by default. */
  channel?: string;
}

/** The API base relative to BASE_URL (E2E_API_BASE for a deployment serving it elsewhere). */
export const API = process.env.E2E_API_BASE ?? '/api';

/**
 * Headers of a state-changing API call made as the site would: the CHANNEL header and the site's
 * Origin (browsers send it; the API refuses cookie calls without it, docs/decisions/0005).
 */
export function siteHeaders(channel = 'WEB'): Record<string, string> {
  return { channel, origin: new URL(process.env.BASE_URL ?? 'http://localhost:4321').origin };
}

/** A unique, valid display name: 3-14 letters and digits. */
export function uniqueDisplayName(prefix = 'p'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`.slice(0, 14);
}

async function solveCaptcha(request: APIRequestContext, channel: string) {
  const challenge = await request.post(`${API}/captcha/challenge`, { headers: siteHeaders(channel), data: {} });
  expect(challenge.status(), await challenge.text()).toBe(200);
  const { challengeId } = (await challenge.json()) as { challengeId: string };
  const solution = await request.get(`${API}/dev/captcha/${challengeId}`);
  expect(solution.status(), 'GET /api/dev/captcha/:id exists only with DEV_TOOLS=true').toBe(200);
  const { answer } = (await solution.json()) as { answer: number };
  return { challengeId, answer };
}

/** Signs up a new player through the API (solving the captcha when the channel asks for it). */
export async function signUpViaApi(request: APIRequestContext, opts: SignUpOptions = {}): Promise<E2EPlayer> {
  const channel = opts.channel ?? 'WEB';
  const displayName = opts.displayName ?? uniqueDisplayName();
  const email = opts.email ?? `${displayName.toLowerCase()}@example.test`;
  const password = opts.password ?? `Pw-${randomBytes(6).toString('hex')}`;
  const flagsRes = await request.get(`${API}/channel?channelCode=${encodeURIComponent(channel)}`, { headers: { channel } });
  expect(flagsRes.status(), await flagsRes.text()).toBe(200);
  const flags = (await flagsRes.json()) as { captcha: boolean };
  const captchaData = flags.captcha ? await solveCaptcha(request, channel) : undefined;
  const res = await request.post(`${API}/signup`, {
    headers: siteHeaders(channel),
    data: { email, displayName, password, isAgeOver18: true, languageCode: opts.language ?? 'ja', siteRef: 'WEB', ...(captchaData ? { captchaData } : {}) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { email, password, displayName };
}

/**
 * Signs the player in through the API inside the page's browser context, so the browser holds the
 * session cookies (page.request shares the context's cookie jar). Reload or navigate afterwards.
 */
export async function signInPage(
  page: Page,
  player: Pick<E2EPlayer, 'email' | 'password'>,
  channel = 'WEB',
): Promise<{ authToken: string; displayName: string }> {
  const res = await page.request.post(`${API}/signin`, {
    headers: siteHeaders(channel),
    data: { email: player.email, password: player.password, siteRef: 'WEB' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { authToken: string; displayName: string };
}

/**
 * A new player, signed in in the page's context: the usual start of a signed-in journey. The phone is
 * verified too (unless `verifyPhone: false`), so the unclosable phone verification popup stays away.
 */
export async function newSignedInPlayer(page: Page, opts: SignUpOptions & { verifyPhone?: boolean } = {}): Promise<E2EPlayer> {
  const player = await signUpViaApi(page.request, opts);
  await signInPage(page, player, opts.channel);
  if (opts.verifyPhone !== false) await verifyPhoneViaApi(page.request, player, { channel: opts.channel });
  return player;
}

/** A fresh Japanese mobile number in E.164 (+81 90/80/70, then 8 digits not starting with 0). */
export function uniquePhoneNumber(): string {
  const prefix = ['90', '80', '70'][randomBytes(1)[0] % 3];
  const digits = (randomBytes(4).readUInt32BE() % 10_000_000).toString().padStart(7, '0');
  return `+81${prefix}${1 + (randomBytes(1)[0] % 9)}${digits}`;
}

/** The latest one-time code the dev outbox holds for a number (DEV_TOOLS=true only). */
export async function latestSmsCode(request: APIRequestContext, phoneNumber: string): Promise<string> {
  // `+` must be encoded: in a query string it would read as a space.
  const res = await request.get(`${API}/dev/outbox?channel=sms&to=${encodeURIComponent(phoneNumber)}`);
  expect(res.status(), 'GET /api/dev/outbox exists only with DEV_TOOLS=true').toBe(200);
  const { messages } = (await res.json()) as { messages: Array<{ body: string }> };
  const code = messages[0]?.body.match(/\b\d{6}\b/)?.[0];
  expect(code, `an SMS code sent to ${phoneNumber}`).toBeTruthy();
  return code!;
}

/**
 * Verifies a phone number for the player through the API: asks for a code (signing in in this request
 * context first when it holds no session), reads the code from the dev outbox and verifies it, so
 * journeys of other domains are not held by the phone verification popup. Answers the number (E.164).
 */
export async function verifyPhoneViaApi(
  request: APIRequestContext,
  player: Pick<E2EPlayer, 'email' | 'password'>,
  opts: { phoneNumber?: string; channel?: string } = {},
): Promise<string> {
  const channel = opts.channel ?? 'WEB';
  const phoneNumber = opts.phoneNumber ?? uniquePhoneNumber();
  const ask = () => request.post(`${API}/RequestOtpSms`, { headers: siteHeaders(channel), data: { phoneNumber, messageText: '{code}' } });
  let sent = await ask();
  if (sent.status() === 401) {
    // This request context holds no session yet: sign in (only then, sign-ins are rate limited per IP).
    const signin = await request.post(`${API}/signin`, {
      headers: siteHeaders(channel),
      data: { email: player.email, password: player.password, siteRef: 'WEB' },
    });
    expect(signin.status(), await signin.text()).toBe(200);
    sent = await ask();
  }
  expect(sent.status(), await sent.text()).toBe(200);
  const token = await latestSmsCode(request, phoneNumber);
  const verified = await request.post(`${API}/VerifyOTP`, { headers: siteHeaders(channel), data: { phoneNumber, token } });
  expect(verified.status(), await verified.text()).toBe(200);
  return phoneNumber;
}
