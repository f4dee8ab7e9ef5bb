import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayControls } from '../../contracts/protection';
import { ApiError } from '../../src/lib/api';
import {
  $registering,
  changePasswordForm,
  forgotPasswordForm,
  resetPasswordForm,
  signupForm,
  submitChangePassword,
  submitForgotPassword,
  submitResetPassword,
  submitSignup,
  type SignupCalls,
} from '../../src/stores/accountForms';
import { $signupDraft } from '../../src/stores/auth';
import { createForm } from '../../src/stores/formSubmit';
import { createMaintenance, MAINTENANCE_RECHECK_MS } from '../../src/stores/maintenance';
import { createOfferEmails, createUnsubscribe } from '../../src/stores/offerEmails';
import { createPlayControls } from '../../src/stores/playControls';

/** The site's form stores with the server stood in for: no browser. */

const refuse = (code: string) => () => Promise.reject(new ApiError(code, 400));

describe('the form-submit helper', () => {
  it('checks the fields first and sends nothing while one fails', async () => {
    const form = createForm();
    const action = vi.fn(async () => 'sent');
    expect(await form.submit(action, { checks: { email: 'validation.emailInvalid', password: null } })).toEqual({ status: 'invalid' });
    expect(action).not.toHaveBeenCalled();
    expect(form.$state.get()).toEqual({ submitting: false, failure: null, fieldErrors: { email: 'validation.emailInvalid' } });
  });

  it('is submitting until the answer, and a second submit meanwhile sends nothing', async () => {
    const form = createForm();
    let answer: (v: string) => void = () => {};
    const action = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const first = form.submit(action);
    expect(form.$state.get().submitting).toBe(true);
    expect(await form.submit(action)).toEqual({ status: 'busy' });
    answer('ok');
    expect(await first).toEqual({ status: 'done', value: 'ok' });
    expect(action).toHaveBeenCalledTimes(1);
    expect(form.$state.get().submitting).toBe(false);
  });

  it('maps a refusal to its catalogue code (unknown failures are the technical error) and can mark a field', async () => {
    const form = createForm({ fieldIssues: { COMMON_PASSWORD: ['password', 'validation.passwordCommon'] } });
    const refused = await form.submit(refuse('COMMON_PASSWORD'));
    expect(refused).toMatchObject({ status: 'failed', failure: { code: 'COMMON_PASSWORD' } });
    expect(form.$state.get()).toMatchObject({ submitting: false, fieldErrors: { password: 'validation.passwordCommon' } });
    await form.submit(() => Promise.reject(new Error('boom')));
    expect(form.$state.get().failure?.code).toBe('TECHNICAL_ERROR');
    expect(form.$state.get().fieldErrors).toEqual({});
  });

  it('holds on after success when asked (the page moves on), until reset', async () => {
    const form = createForm();
    await form.submit(async () => 1, { holdOnSuccess: true });
    expect(form.$state.get().submitting).toBe(true);
    form.reset();
    expect(form.$state.get().submitting).toBe(false);
  });
});

describe('sign-up (store)', () => {
  afterEach(() => {
    signupForm.reset();
    $signupDraft.set(null);
    $registering.set(false);
  });
  const values = { email: ' new@example.com ', displayName: 'Player1', password: 'a-long-passphrase-9', agreed: true };
  const calls = (over: Partial<SignupCalls> = {}): SignupCalls => ({
    checkPassword: async () => {},
    checkEmailAndUsername: async () => {},
    channelNeedsCaptcha: async () => false,
    register: vi.fn(async () => ({}) as never),
    ...over,
  });

  it('asks for the terms and checks each field before any call', async () => {
    const c = calls({ checkPassword: vi.fn(async () => {}) });
    expect(await submitSignup({ ...values, email: 'nope', agreed: false }, 'en', c)).toBeNull();
    expect(signupForm.$state.get().fieldErrors).toMatchObject({ email: expect.stringMatching(/^validation\./), isAgeOver18: 'validation.termsRequired' });
    expect(c.checkPassword).not.toHaveBeenCalled();
  });

  it('hands a checked form to the captcha step when the channel asks for one', async () => {
    const c = calls({ channelNeedsCaptcha: async () => true });
    expect(await submitSignup(values, 'ja', c)).toBe('captcha');
    expect($signupDraft.get()).toEqual({ email: 'new@example.com', displayName: 'Player1', password: values.password, languageCode: 'ja' });
    expect(c.register).not.toHaveBeenCalled();
  });

  it('registers at once without a captcha; a common password is refused on its field', async () => {
    const c = calls();
    expect(await submitSignup(values, 'en', c)).toBe('registered');
    expect(c.register).toHaveBeenCalledTimes(1);
    expect($registering.get()).toBe(true);
    signupForm.reset();
    $registering.set(false);
    expect(await submitSignup(values, 'en', calls({ register: refuse('DISPLAYNAME_ALREADY_EXISTS') }))).toBeNull();
    expect($registering.get()).toBe(false);
    expect(signupForm.$state.get().failure?.code).toBe('DISPLAYNAME_ALREADY_EXISTS');
    expect(await submitSignup(values, 'en', calls({ checkPassword: refuse('COMMON_PASSWORD') }))).toBeNull();
    expect(signupForm.$state.get()).toMatchObject({ failure: { code: 'COMMON_PASSWORD' }, fieldErrors: { password: 'validation.passwordCommon' } });
    expect($registering.get()).toBe(false);
  });
});

describe('password forms (store)', () => {
  beforeEach(() => {
    changePasswordForm.reset();
    forgotPasswordForm.reset();
    resetPasswordForm.reset();
  });

  it('change: prompts for each field, the confirmation must match, the current password refusal is shown', async () => {
    const changePassword = vi.fn(refuse('INVALID_CURRENT_PASSWORD'));
    expect(await submitChangePassword({ currentPassword: '', newPassword: 'a-long-passphrase-9', confirmPassword: 'other' }, { changePassword })).toBe(false);
    expect(changePasswordForm.$state.get().fieldErrors).toEqual({
      currentPassword: 'validation.currentPasswordRequired',
      confirmPassword: 'validation.passwordsMismatch',
    });
    expect(changePassword).not.toHaveBeenCalled();
    expect(
      await submitChangePassword({ currentPassword: 'old', newPassword: 'a-long-passphrase-9', confirmPassword: 'a-long-passphrase-9' }, { changePassword }),
    ).toBe(false);
    expect(changePasswordForm.$state.get().failure?.code).toBe('INVALID_CURRENT_PASSWORD');
  });

  it('forgot: the address the email went to, trimmed', async () => {
    const requestPasswordReset = vi.fn(async () => {});
    expect(await submitForgotPassword('  me@example.com ', 'en', { requestPasswordReset })).toBe('me@example.com');
    expect(requestPasswordReset).toHaveBeenCalledWith('me@example.com', 'en');
  });

  it('reset: a stale link says so; other refusals stay on the form', async () => {
    const link = { email: 'me@example.com', token: 't' };
    const values = { password: 'a-long-passphrase-9', confirmPassword: 'a-long-passphrase-9' };
    expect(await submitResetPassword(link, values, { resetPassword: refuse('INVALID_RESET_TOKEN') })).toBe('invalid-link');
    expect(await submitResetPassword(link, values, { resetPassword: refuse('COMMON_PASSWORD') })).toBeNull();
    expect(resetPasswordForm.$state.get().fieldErrors).toEqual({ password: 'validation.passwordCommon' });
    resetPasswordForm.reset();
    expect(await submitResetPassword(link, values, { resetPassword: async () => {} })).toBe('done');
  });
});

describe('play safely (store)', () => {
  const controls = (over: Partial<PlayControls> = {}) =>
    ({ realityCheckMinutes: null, breakUntil: null, selfExclusion: null, ...over }) as unknown as PlayControls;

  it('loads, saves limits from their fields and refuses a field that is not a whole number', async () => {
    const send = vi.fn(async (_path: string, body?: unknown) => controls(body as Partial<PlayControls>));
    const safely = createPlayControls(send);
    await safely.load();
    expect(send).toHaveBeenCalledWith('/play-controls');
    expect(await safely.saveLimits('abc', '')).toBe(false);
    expect(safely.form.$state.get().failure?.code).toBe('REQUEST_VALIDATION_ERROR');
    expect(await safely.saveLimits(' 60 ', '')).toBe(true);
    expect(send).toHaveBeenLastCalledWith('/play-controls', { dailyTimeLimitMinutes: 60, dailyWagerLimit: null });
    expect(safely.form.$state.get().failure).toBeNull();
  });

  it('a confirmed break closes the confirmation; a refusal keeps it and says why', async () => {
    const safely = createPlayControls(async (path) => {
      if (path === '/play-controls/self-exclusion') throw new ApiError('PLAY_BREAK_ACTIVE', 403);
      return controls({ breakUntil: '2030-01-01T00:00:00Z' });
    });
    safely.confirm('break');
    expect(await safely.takeBreak(1)).toBe(true);
    expect(safely.$view.get()).toMatchObject({ confirming: null, controls: { breakUntil: '2030-01-01T00:00:00Z' } });
    safely.confirm('exclusion');
    expect(await safely.selfExclude('6m')).toBe(false);
    expect(safely.$view.get().confirming).toBe('exclusion');
    expect(safely.form.$state.get().failure?.code).toBe('PLAY_BREAK_ACTIVE');
  });

  it('a failed first load is kept for the section to say so', async () => {
    const safely = createPlayControls(refuse('TECHNICAL_ERROR'));
    await safely.load();
    expect(safely.$view.get().loadFailure).toBeInstanceOf(ApiError);
  });
});

describe('offer emails (store)', () => {
  it('shows the choice at once and puts it back when refused', async () => {
    let fail = false;
    const offers = createOfferEmails({
      load: async () => ({ emails: false }),
      save: async (emails) => (fail ? Promise.reject(new ApiError('TECHNICAL_ERROR', 500)) : { emails }),
    });
    await offers.load();
    const saving = offers.choose(true);
    expect(offers.$view.get().preferences).toEqual({ emails: true });
    expect(await saving).toEqual({ emails: true });
    fail = true;
    expect(await offers.choose(false)).toBeNull();
    expect(offers.$view.get().preferences).toEqual({ emails: true });
    expect(offers.form.$state.get().failure?.code).toBe('TECHNICAL_ERROR');
  });
});

describe('unsubscribe (store)', () => {
  const TOKEN = 'a'.repeat(43);

  it('refuses a malformed link without sending anything', async () => {
    const call = vi.fn(async () => ({ ok: true }));
    const page = createUnsubscribe(call);
    page.start('?token=not-a-token');
    expect(page.$phase.get()).toBe('invalid');
    expect(await page.confirm()).toBe(false);
    expect(call).not.toHaveBeenCalled();
  });

  it("asks, then stops the emails with the link's token once, whatever the double press", async () => {
    const call = vi.fn(async () => ({ ok: true }));
    const page = createUnsubscribe(call);
    page.start(`?token=${TOKEN}`);
    expect(page.$phase.get()).toBe('ask');
    const [first, second] = await Promise.all([page.confirm(), page.confirm()]);
    expect([first, second]).toEqual([true, false]);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith(TOKEN);
    expect(page.$phase.get()).toBe('done');
  });

  it('a link the server refuses shows as invalid; another failure stays on the question with its message', async () => {
    const refused = createUnsubscribe(async () => Promise.reject(new ApiError('INVALID_UNSUBSCRIBE_LINK', 400)));
    refused.start(`?token=${TOKEN}`);
    expect(await refused.confirm()).toBe(false);
    expect(refused.$phase.get()).toBe('invalid');
    const down = createUnsubscribe(async () => Promise.reject(new ApiError('TECHNICAL_ERROR', 500)));
    down.start(`?token=${TOKEN}`);
    expect(await down.confirm()).toBe(false);
    expect(down.$phase.get()).toBe('ask');
    expect(down.form.$state.get().failure?.code).toBe('TECHNICAL_ERROR');
  });
});

describe('maintenance (store)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`asks the channel while listened to and every ${MAINTENANCE_RECHECK_MS / 1000} s; a failed check changes nothing`, async () => {
    const answers: Array<boolean | Error> = [true, new Error('down'), false];
    const check = vi.fn(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return { maintenence: next ?? false };
    });
    const $maintenance = createMaintenance(check);
    expect(check).not.toHaveBeenCalled();
    const stop = $maintenance.listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect($maintenance.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(MAINTENANCE_RECHECK_MS);
    expect($maintenance.get()).toBe(true);
    await vi.advanceTimersByTimeAsync(MAINTENANCE_RECHECK_MS);
    expect($maintenance.get()).toBe(false);
    expect(check).toHaveBeenCalledTimes(3);
    stop();
  });
});
