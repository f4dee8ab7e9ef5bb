import { map } from 'nanostores';
import { checkLoginPassword, checkOtpToken } from '../../contracts/fields';
import { normalisePhoneNumber } from '../../contracts/phone-number';
import { createForm } from './formSubmit';
import {
  changePhoneNumber,
  markCodeSent,
  requestChangeCode,
  resendCountdown,
  resendWaitLeft,
  resetPhoneNumber,
  sendDecision,
  type PhoneMessage,
} from './phone';

/**
 * The set-phone-number flow (settings) without its popup: change the verified number (password and
 * new number, then the code sent to the new number), or reset it (password).
 */

export interface PhoneChangeApi {
  requestCode(password: string, phoneNumber: string): Promise<{ phoneNumber: string }>;
  change(password: string, phoneNumber: string, token: string): Promise<{ phoneNumber: string }>;
  reset(password: string): Promise<void>;
}

export interface PhoneChangeFlow {
  /** The new number a code went to; null while the first form shows. */
  phoneNumber: string | null;
  message: PhoneMessage | null;
}

const api: PhoneChangeApi = { requestCode: requestChangeCode, change: changePhoneNumber, reset: resetPhoneNumber };

export function createPhoneChange(calls: PhoneChangeApi = api) {
  const form = createForm();
  const $flow = map<PhoneChangeFlow>({ phoneNumber: null, message: null });
  const $resendLeft = resendCountdown('change');

  const sendCode = async (password: string, typed: string): Promise<void> => {
    if (form.$state.get().submitting) return;
    $flow.setKey('message', null);
    const number = normalisePhoneNumber(typed);
    const checks = { password: checkLoginPassword(password), phoneNumber: 'issue' in number ? number.issue : null };
    if ('issue' in number || checks.password) {
      await form.submit(async () => undefined, { checks });
      return;
    }
    const wanted = number.phoneNumber;
    const decision = sendDecision('change', wanted);
    if (decision === 'code') {
      form.reset();
      $flow.setKey('phoneNumber', wanted);
      return;
    }
    if (decision === 'wait') {
      form.reset();
      $flow.setKey('message', { kind: 'wait', seconds: resendWaitLeft('change') });
      return;
    }
    const result = await form.submit(async () => {
      const sent = await calls.requestCode(password, wanted);
      markCodeSent('change', sent.phoneNumber);
      $resendLeft.set(resendWaitLeft('change'));
      return sent;
    });
    if (result.status === 'done') $flow.setKey('phoneNumber', result.value.phoneNumber);
  };

  return {
    form,
    $flow,
    $resendLeft,
    /** The first form: password and new number. */
    sendCode,
    /** The code step's resend link: nothing is sent before the countdown ends. */
    async resend(password: string): Promise<void> {
      const { phoneNumber } = $flow.get();
      if (!phoneNumber || resendWaitLeft('change') > 0) return;
      await sendCode(password, phoneNumber);
    },
    /** The code step: the new number, verified; null when refused. */
    async confirm(password: string, token: string): Promise<{ phoneNumber: string } | null> {
      const { phoneNumber } = $flow.get();
      if (!phoneNumber) return null;
      const result = await form.submit(() => calls.change(password, phoneNumber, token), { checks: { token: checkOtpToken(token) }, holdOnSuccess: true });
      return result.status === 'done' ? result.value : null;
    },
    /** Reset the number (password): true when done. */
    async resetNumber(password: string): Promise<boolean> {
      const result = await form.submit(() => calls.reset(password), { checks: { password: checkLoginPassword(password) }, holdOnSuccess: true });
      return result.status === 'done';
    },
    /** Back from the code step to type another number. */
    otherNumber() {
      form.reset();
      $flow.set({ phoneNumber: null, message: null });
    },
    reset() {
      form.reset();
      $flow.set({ phoneNumber: null, message: null });
    },
  };
}

export const phoneChange = createPhoneChange();
