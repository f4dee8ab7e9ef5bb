import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DisplayNameSchema, EmailSchema, NewPasswordSchema, SignupSchema } from '../../contracts/auth';
import { isSitePath, runPendingAction, setPendingAction, takePendingAction } from '../../src/stores/pending';

/** The site side of accounts that needs no browser: contract messages and the pending action. */
const auth = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/auth.json`, 'utf8')) as { validation: Record<string, string> };

describe('contract validation messages', () => {
  const keys = [...new Set(readFileSync('contracts/auth.ts', 'utf8').match(/validation\.\w+/g))].map((k) => k.slice('validation.'.length));

  it.each(['ja', 'en'])('every validation.* key of contracts/auth.ts has a %s message', (lang) => {
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) expect(auth(lang).validation[key], key).toBeTruthy();
  });

  it('gives the spec section 5 messages in English, the password one saying 6', () => {
    const en = auth('en').validation;
    expect(en.emailRequired).toBe('Please enter your email address.');
    expect(en.emailInvalid).toBe('Invalid email address.');
    expect(en.passwordRequired).toBe('Please enter your password.');
    expect(en.usernameRequired).toBe('Please enter a nickname.');
    expect(en.usernameLength).toBe('Your username must be 3-14 characters long.');
    // The spec's wording hid kana and kanji, which the rule allows.
    expect(en.usernameChars).toBe('Username can only contain letters, numbers, kana and kanji.');
    expect(JSON.parse(readFileSync('locales/en/errors.json', 'utf8')).INVALID_ONE_TIME_PASSWORD).toBe('Invalid verification code.');
    const ja = auth('ja').validation;
    // The ja field is ユーザー名: its messages say the same word.
    for (const message of [ja.usernameRequired, ja.usernameLength, ja.usernameChars]) expect(message).toContain('ユーザー名');
    expect(en.termsRequired).toBe('Please agree to the terms of use.');
    expect(en.passwordLength).toContain('6');
  });

  const firstIssue = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } }, value: unknown) =>
    schema.safeParse(value).error?.issues[0]?.message;

  it('the forms get a locale key for each rule they check', () => {
    expect(firstIssue(EmailSchema, '')).toBe('validation.emailRequired');
    expect(firstIssue(EmailSchema, 'nope')).toBe('validation.emailInvalid');
    expect(firstIssue(DisplayNameSchema, '')).toBe('validation.usernameRequired');
    expect(firstIssue(DisplayNameSchema, 'ab')).toBe('validation.usernameLength');
    expect(firstIssue(DisplayNameSchema, 'abc!')).toBe('validation.usernameChars');
    expect(firstIssue(DisplayNameSchema, '山田たろう')).toBeUndefined();
    expect(firstIssue(NewPasswordSchema, '12345')).toBe('validation.passwordLength');
    const terms = SignupSchema.pick({ isAgeOver18: true }).safeParse({ isAgeOver18: false });
    expect(terms.error?.issues[0]?.message).toBe('validation.termsRequired');
  });
});

describe('pending action after sign-in', () => {
  let store: Map<string, string>;
  const assign = vi.fn();

  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
    vi.stubGlobal('location', { assign });
    assign.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('runs a saved game launch once, then nothing', () => {
    setPendingAction('/game-launch/lucky-sevens');
    expect(runPendingAction()).toBe(true);
    expect(assign).toHaveBeenCalledWith('/game-launch/lucky-sevens');
    expect(runPendingAction()).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('never stores or follows a path to another site', () => {
    for (const path of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)']) {
      expect(isSitePath(path)).toBe(false);
      setPendingAction(path);
      expect(takePendingAction()).toBeNull();
    }
    store.set('pendingAction', JSON.stringify({ type: 'navigate', path: '//evil.example' }));
    expect(runPendingAction()).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
