import { computed, map } from 'nanostores';
import { checkOtpToken } from '../../contracts/fields';
import { normalisePhoneNumber } from '../../contracts/phone-number';
import type { PhoneStatus } from '../../contracts/phone-status';
import { createForm } from './formSubmit';
import { markCodeSent, requestVerificationCode, resendCountdown, resendWaitLeft, sendDecision, verifyPhoneNumber, type PhoneMessage } from './phone';

/**
 * The phone verification flow (spec sections 2 and 4) without its popup: step 1 sends a code to the
 * number, step 2 checks the code, with change-number and a resend that is never possible before its
 * 30 s countdown ends. A number on file but unverified starts at step 2.
 */

export interface VerificationApi {
  requestCode(phoneNumber: string): Promise<{ phoneNumber: string }>;
  verify(phoneNumber: string, token: string): Promise<unknown>;
}

export interface VerificationFlow {
  /** null until the phone status is known. */
  step: 1 | 2 | null;
  /** The number the code went (or goes) to. */
  phoneNumber: string | null;
  message: PhoneMessage | null;
  verified: boolean;
}

const api: VerificationApi = { requestCode: requestVerificationCode, verify: verifyPhoneNumber };

export function createPhoneVerification(calls: VerificationApi = api) {
  const form = createForm();
  const fresh = (): VerificationFlow => ({ step: null, phoneNumber: null, message: null, verified: false });
  const $flow = map<VerificationFlow>(fresh());
  const $resendLeft = resendCountdown('verify');
  /** The resend link is active only at the code step, after the countdown, with nothing being sent. */
  const $canResend = computed([$flow, $resendLeft, form.$state], (flow, left, state) => flow.step === 2 && left === 0 && !state.submitting && !flow.verified);

  /** A code sent starts the countdown (kept for the page's language switch too). */
  const sendTo = async (phoneNumber: string) => {
    const sent = await calls.requestCode(phoneNumber);
    markCodeSent('verify', sent.phoneNumber);
    $resendLeft.set(resendWaitLeft('verify'));
    return sent;
  };

  const clearLines = () => {
    $flow.setKey('message', null);
    form.reset();
  };

  return {
    form,
    $flow,
    $resendLeft,
    $canResend,

    /** The first step from the player's phone status (once; a later status changes nothing). */
    start(status: Pick<PhoneStatus, 'phoneNumber' | 'isVerified'>) {
      if ($flow.get().step !== null) return;
      if (status.phoneNumber && !status.isVerified) $flow.set({ ...fresh(), step: 2, phoneNumber: status.phoneNumber });
      else $flow.set({ ...fresh(), step: 1 });
    },

    /** Step 1: check the typed number and send it a code (or go back to the code it already has). */
    async sendCode(typed: string): Promise<void> {
      if (form.$state.get().submitting) return;
      clearLines();
      const parsed = normalisePhoneNumber(typed);
      if ('issue' in parsed) {
        form.setFieldErrors({ phoneNumber: parsed.issue });
        return;
      }
      const wanted = parsed.phoneNumber;
      const decision = sendDecision('verify', wanted);
      if (decision === 'code') {
        $flow.set({ ...$flow.get(), step: 2, phoneNumber: wanted });
        return;
      }
      if (decision === 'wait') {
        $flow.setKey('message', { kind: 'wait', seconds: resendWaitLeft('verify') });
        return;
      }
      const result = await form.submit(() => sendTo(wanted));
      if (result.status === 'done') $flow.set({ ...$flow.get(), step: 2, phoneNumber: result.value.phoneNumber });
    },

    /** Step 2's resend link: nothing is sent while the countdown runs or another call is under way. */
    async resend(): Promise<void> {
      const { step, phoneNumber } = $flow.get();
      if (step !== 2 || !phoneNumber || resendWaitLeft('verify') > 0 || form.$state.get().submitting) return;
      clearLines();
      const result = await form.submit(() => sendTo(phoneNumber));
      if (result.status === 'done') $flow.setKey('message', { kind: 'resent', phone: result.value.phoneNumber });
    },

    /** Step 2: check the code; true when the number is verified. */
    async verify(token: string): Promise<boolean> {
      const { step, phoneNumber } = $flow.get();
      if (step !== 2 || !phoneNumber) return false;
      $flow.setKey('message', null);
      const result = await form.submit(() => calls.verify(phoneNumber, token), { checks: { token: checkOtpToken(token) }, holdOnSuccess: true });
      if (result.status !== 'done') return false;
      $flow.setKey('verified', true);
      return true;
    },

    /** Back to step 1 to type another number. */
    changeNumber() {
      clearLines();
      $flow.setKey('step', 1);
    },

    /** Forget everything (the popup closed). */
    reset() {
      form.reset();
      $flow.set(fresh());
    },
  };
}

export type PhoneVerification = ReturnType<typeof createPhoneVerification>;

/** The verification popup's flow. */
export const phoneVerification = createPhoneVerification();
