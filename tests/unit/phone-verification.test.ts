import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OTP_RESEND_WAIT_SECONDS } from '../../contracts/constants';
import { ApiError } from '../../src/lib/api';
import { forgetCodesSent } from '../../src/stores/phone';
import { createPhoneChange } from '../../src/stores/phoneChange';
import { createPhoneVerification, type VerificationApi } from '../../src/stores/phoneVerification';

/** The phone verification flow as a store, with the server stood in for: no browser. */

const NUMBER = '+819012345678';

function server(answers: { verify?: () => Promise<unknown> } = {}) {
  const sent: string[] = [];
  const checked: Array<[string, string]> = [];
  const calls: VerificationApi = {
    requestCode: async (phoneNumber) => {
      sent.push(phoneNumber);
      return { phoneNumber };
    },
    verify: async (phoneNumber, token) => {
      checked.push([phoneNumber, token]);
      return answers.verify ? answers.verify() : { phoneNumber };
    },
  };
  return { calls, sent, checked };
}

/** A flow with its countdown on screen (something listening, as the popup does). */
function flow(calls: VerificationApi) {
  const store = createPhoneVerification(calls);
  const stop = store.$canResend.listen(() => {});
  return { store, stop };
}

describe('phone verification (store)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    forgetCodesSent();
  });
  afterEach(() => vi.useRealTimers());

  it('starts at the number, or at the code when a number is on file but unverified', () => {
    const a = createPhoneVerification(server().calls);
    a.start({ phoneNumber: null, isVerified: false });
    expect(a.$flow.get()).toMatchObject({ step: 1, phoneNumber: null });
    const b = createPhoneVerification(server().calls);
    b.start({ phoneNumber: NUMBER, isVerified: false });
    expect(b.$flow.get()).toMatchObject({ step: 2, phoneNumber: NUMBER });
    // A later status changes nothing.
    b.start({ phoneNumber: null, isVerified: false });
    expect(b.$flow.get().step).toBe(2);
  });

  it('refuses a malformed number on its field without sending anything', async () => {
    const api = server();
    const { store } = flow(api.calls);
    store.start({ phoneNumber: null, isVerified: false });
    await store.sendCode('12');
    expect(api.sent).toEqual([]);
    expect(store.form.$state.get().fieldErrors.phoneNumber).toMatch(/^validation\./);
    expect(store.$flow.get().step).toBe(1);
  });

  it(`never offers or sends a resend before the ${OTP_RESEND_WAIT_SECONDS} s countdown ends`, async () => {
    const api = server();
    const { store, stop } = flow(api.calls);
    store.start({ phoneNumber: null, isVerified: false });
    await store.sendCode('+81 90-1234-5678');
    expect(api.sent).toEqual([NUMBER]);
    expect(store.$flow.get()).toMatchObject({ step: 2, phoneNumber: NUMBER });

    // Every second of the countdown: the link is not available and a click sends nothing.
    for (let second = 0; second < OTP_RESEND_WAIT_SECONDS; second++) {
      expect(store.$resendLeft.get()).toBe(OTP_RESEND_WAIT_SECONDS - second);
      expect(store.$canResend.get()).toBe(false);
      await store.resend();
      expect(api.sent).toHaveLength(1);
      vi.advanceTimersByTime(999);
      expect(store.$canResend.get()).toBe(false);
      await store.resend();
      expect(api.sent).toHaveLength(1);
      vi.advanceTimersByTime(1);
    }
    expect(store.$resendLeft.get()).toBe(0);
    expect(store.$canResend.get()).toBe(true);
    await store.resend();
    expect(api.sent).toEqual([NUMBER, NUMBER]);
    expect(store.$flow.get().message).toEqual({ kind: 'resent', phone: NUMBER });
    // The countdown starts again at once.
    vi.advanceTimersByTime(1000);
    expect(store.$canResend.get()).toBe(false);
    expect(store.$resendLeft.get()).toBe(OTP_RESEND_WAIT_SECONDS - 1);
    stop();
  });

  it('back at step 1 with the same number goes straight to the code; another number waits for the countdown', async () => {
    const api = server();
    const { store, stop } = flow(api.calls);
    store.start({ phoneNumber: null, isVerified: false });
    await store.sendCode(NUMBER);
    vi.advanceTimersByTime(10_000);
    store.changeNumber();
    expect(store.$flow.get().step).toBe(1);
    await store.sendCode(NUMBER);
    expect(store.$flow.get().step).toBe(2);
    store.changeNumber();
    await store.sendCode('+819087654321');
    expect(store.$flow.get()).toMatchObject({ step: 1, message: { kind: 'wait', seconds: OTP_RESEND_WAIT_SECONDS - 10 } });
    expect(api.sent).toEqual([NUMBER]);
    stop();
  });

  it("the code step: a missing or too long code is the field's error, nothing sent", async () => {
    const api = server();
    const { store, stop } = flow(api.calls);
    store.start({ phoneNumber: NUMBER, isVerified: false });
    expect(await store.verify('')).toBe(false);
    expect(store.form.$state.get().fieldErrors).toEqual({ token: 'validation.codeRequired' });
    expect(await store.verify('1234567')).toBe(false);
    expect(store.form.$state.get().fieldErrors).toEqual({ token: 'validation.codeLength' });
    expect(api.checked).toEqual([]);
    stop();
  });

  it("the code step: the server's refusal is its catalogue code, and the form can try again", async () => {
    const api = server({ verify: () => Promise.reject(new ApiError('INVALID_ONE_TIME_PASSWORD', 400)) });
    const { store, stop } = flow(api.calls);
    store.start({ phoneNumber: NUMBER, isVerified: false });
    expect(await store.verify('123456')).toBe(false);
    expect(store.form.$state.get()).toMatchObject({ submitting: false, failure: { code: 'INVALID_ONE_TIME_PASSWORD' } });
    expect(store.$flow.get().verified).toBe(false);
    // A failure that is not the server's own is the technical error.
    const broken = flow(server({ verify: () => Promise.reject(new TypeError('network')) }).calls);
    broken.store.start({ phoneNumber: NUMBER, isVerified: false });
    await broken.store.verify('123456');
    expect(broken.store.form.$state.get().failure?.code).toBe('TECHNICAL_ERROR');
    stop();
    broken.stop();
  });

  it('the code step: success verifies once, however many times Verify is pressed', async () => {
    let answer: (value: unknown) => void = () => {};
    const api = server({ verify: () => new Promise((resolve) => (answer = resolve)) });
    const { store, stop } = flow(api.calls);
    store.start({ phoneNumber: NUMBER, isVerified: false });
    const first = store.verify('123456');
    expect(store.form.$state.get().submitting).toBe(true);
    expect(await store.verify('123456')).toBe(false);
    answer({ phoneNumber: NUMBER });
    expect(await first).toBe(true);
    expect(api.checked).toEqual([[NUMBER, '123456']]);
    expect(store.$flow.get().verified).toBe(true);
    expect(store.$canResend.get()).toBe(false);
    stop();
  });
});

describe('set phone number (store)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    forgetCodesSent();
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the password and a number, then the code; the resend waits for its countdown', async () => {
    const sent: string[] = [];
    const store = createPhoneChange({
      requestCode: async (_password, phoneNumber) => {
        sent.push(phoneNumber);
        return { phoneNumber };
      },
      change: async (_password, phoneNumber) => ({ phoneNumber }),
      reset: async () => {},
    });
    await store.sendCode('', 'x');
    expect(Object.keys(store.form.$state.get().fieldErrors).sort()).toEqual(['password', 'phoneNumber']);
    await store.sendCode('secret-password', NUMBER);
    expect(store.$flow.get().phoneNumber).toBe(NUMBER);
    vi.advanceTimersByTime((OTP_RESEND_WAIT_SECONDS - 1) * 1000);
    await store.resend('secret-password');
    expect(sent).toEqual([NUMBER]);
    vi.advanceTimersByTime(1000);
    await store.resend('secret-password');
    expect(sent).toEqual([NUMBER, NUMBER]);
    expect(await store.confirm('secret-password', '')).toBeNull();
    expect(await store.confirm('secret-password', '123456')).toEqual({ phoneNumber: NUMBER });
  });
});
