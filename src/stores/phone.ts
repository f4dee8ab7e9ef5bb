import { atom, onMount, type WritableAtom } from 'nanostores';
import { OTP_RESEND_WAIT_SECONDS } from '../../contracts/constants';
import type { ChangePhoneResultSchema, OtpSentSchema, VerifyOtpResultSchema } from '../../contracts/phone';
import { apiCall } from '../lib/api';
import { $phoneStatus } from './phoneStatus';

/**
 * The phone calls of spec section 7 as plain actions, used by the (lazily loaded) phone popups.
 * Each updates the shared phone status (phoneStatus.ts) with what the server answered.
 */

/** What the SMS text looks like is the server's business (decisions.md); the field stays for compatibility. */
const messageText = 'Your verification code is {code}';

export type CodeFlow = 'verify' | 'change';

/**
 * When the last code of a flow was sent and to which number, kept in sessionStorage so the countdown
 * survives the language switch's page load. The server enforces the same wait (per flow, per number).
 */
const SENT_KEY = 'phone-otp-sent';
interface LastSent {
  at: number;
  phoneNumber: string;
}
/** This page's own record: the countdown holds even where sessionStorage is missing or disabled. */
const sentHere = new Map<CodeFlow, LastSent>();
export function markCodeSent(flow: CodeFlow, phoneNumber: string, at = Date.now()) {
  sentHere.set(flow, { at, phoneNumber });
  try {
    sessionStorage.setItem(`${SENT_KEY}:${flow}`, JSON.stringify({ at, phoneNumber } satisfies LastSent));
  } catch {
    // storage disabled: the countdown starts again on a new page; the server still enforces the wait
  }
}
export function lastCodeSent(flow: CodeFlow): LastSent | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(`${SENT_KEY}:${flow}`) ?? 'null') as LastSent | null;
    if (value && typeof value.at === 'number' && typeof value.phoneNumber === 'string') return value;
  } catch {
    // no storage here: this page's record below
  }
  return sentHere.get(flow) ?? null;
}
/** Forget the codes sent (tests; a new player on the same page). */
export function forgetCodesSent() {
  sentHere.clear();
  try {
    for (const flow of ['verify', 'change'] as const) sessionStorage.removeItem(`${SENT_KEY}:${flow}`);
  } catch {
    // nothing stored
  }
}
/** Seconds left before the flow may ask for another code (0 when it may). */
export function resendWaitLeft(flow: CodeFlow, now = Date.now()): number {
  const sent = lastCodeSent(flow);
  if (!sent) return 0;
  return Math.max(0, Math.ceil((sent.at + OTP_RESEND_WAIT_SECONDS * 1000 - now) / 1000));
}

function setStatus(status: { phoneNumber: string | null; isVerified: boolean }) {
  const current = $phoneStatus.get().data;
  if (current) $phoneStatus.mutate({ ...current, ...status });
  else $phoneStatus.invalidate();
}

export async function requestVerificationCode(phoneNumber: string) {
  const sent = await apiCall<typeof OtpSentSchema>('/RequestOtpSms', { method: 'POST', body: { phoneNumber, messageText } });
  setStatus({ phoneNumber: sent.phoneNumber, isVerified: false });
  return sent;
}

export async function verifyPhoneNumber(phoneNumber: string, token: string) {
  const result = await apiCall<typeof VerifyOtpResultSchema>('/VerifyOTP', { method: 'POST', body: { phoneNumber, token } });
  setStatus({ phoneNumber: result.phoneNumber, isVerified: true });
  return result;
}

export async function requestChangeCode(password: string, phoneNumber: string) {
  const sent = await apiCall<typeof OtpSentSchema>('/request-otp-sms-for-phone-number-change', {
    method: 'POST',
    body: { password, phoneNumber, messageText },
  });
  return sent;
}

export async function changePhoneNumber(password: string, phoneNumber: string, token: string) {
  const result = await apiCall<typeof ChangePhoneResultSchema>('/change-phone-number', { method: 'POST', body: { password, phoneNumber, token } });
  setStatus({ phoneNumber: result.phoneNumber, isVerified: true });
  return result;
}

export async function resetPhoneNumber(password: string) {
  await apiCall('/reset-phone-number', { method: 'POST', body: { password } });
  setStatus({ phoneNumber: null, isVerified: false });
}

/**
 * Seconds left before the flow may ask for another code, ticking every second while something
 * listens (a popup on screen). Actions read resendWaitLeft() itself, so a stale tick cannot let a
 * resend through early.
 */
export function resendCountdown(flow: CodeFlow): WritableAtom<number> {
  const $left = atom(resendWaitLeft(flow));
  onMount($left, () => {
    $left.set(resendWaitLeft(flow));
    const timer = setInterval(() => $left.set(resendWaitLeft(flow)), 1000);
    return () => clearInterval(timer);
  });
  return $left;
}

/**
 * Step 1 asked to send a code to `phoneNumber`: 'send' it, go back to the 'code' step when that
 * number already has a fresh code, or 'wait' while the resend wait of another number runs.
 */
export function sendDecision(flow: CodeFlow, phoneNumber: string): 'send' | 'code' | 'wait' {
  if (resendWaitLeft(flow) === 0) return 'send';
  return lastCodeSent(flow)?.phoneNumber === phoneNumber ? 'code' : 'wait';
}

/** A line the phone popups show besides refusals: the wait before another code, or "sent again". */
export type PhoneMessage = { kind: 'wait'; seconds: number } | { kind: 'resent'; phone: string };
