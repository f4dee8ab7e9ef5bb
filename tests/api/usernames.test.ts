import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { highLimits, signupBody } from './auth-helpers';

/** Security (docs/decisions/0005-sessions-csrf-and-security-headers.md): usernames of Latin letters, digits, kana and kanji only. On the database the suite runs on. */
const db = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`security: usernames of Latin letters, digits, kana and kanji only (${db})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...highLimits, CHANNELS: JSON.stringify({ WEB: { maintenence: false, captcha: false } }) });
  });
  afterAll(() => t.close());

  it.each([
    ['Cyrillic', 'Иван123'],
    ['Hangul', '김민준abc'],
    ['circled digits', 'ab①②③'],
    ['a symbol', 'ab★cd'],
    ['Greek', 'Αλφα12'],
    ['a space', 'ab cd'],
  ])('refuses %s with validation.usernameChars', async (_name, displayName) => {
    const res = await t.api({ method: 'POST', url: '/signup', payload: signupBody({ displayName }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toContain('validation.usernameChars');
  });

  it.each([
    ['half-width katakana', 'ﾔﾏﾀﾞﾀﾛｳ'],
    ['full-width Latin and digits', 'Ｐｌａｙ１２'],
    ['accented Latin', 'José12'],
    ['kanji and kana', '山田たろウ'],
  ])('accepts %s', async (_name, displayName) => {
    const res = await t.api({ method: 'POST', url: '/signup', payload: signupBody({ displayName }) });
    expect(res.statusCode, res.body).toBe(200);
  });
});
