import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DisplayNameSchema, EmailSchema, LoginPasswordSchema, NewPasswordSchema } from '../../contracts/auth';
import { OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../../contracts/constants';
import { checkClientSeed } from '../../contracts/client-seed';
import { checkDisplayName, checkEmail, checkLoginPassword, checkNewPassword, checkOtpToken, type FieldCheck } from '../../contracts/fields';
import { ClientSeedSchema } from '../../contracts/games';
import { OtpTokenSchema, PhoneNumberSchema } from '../../contracts/phone';
import { normalisePhoneNumber } from '../../contracts/phone-number';

/**
 * The browser checks its forms with plain functions (contracts/fields.ts, contracts/phone-number.ts)
 * while the server validates every request with the zod contracts. Both must say the same thing:
 * the same values pass, and a refused value gets the same first message (the locale key the form
 * shows; messages that are not `validation.*` keys all show as the catalogue's validation error).
 */
const firstIssue = (schema: z.ZodType, value: string): string | null => {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0].message;
  return message.startsWith('validation.') ? message : 'invalid';
};

const RUNS = 400;
/** Characters near every rule: letters of each allowed script and some refused ones, digits, marks, spaces, symbols. */
const MIXED = [...'aZ09０９あアｱ漢字ーﾞ゛ яЖ한①@._+-\'"()\t\n\u3000😀'];
const mixed = (max: number) => fc.array(fc.constantFrom(...MIXED), { maxLength: max }).map((a) => a.join(''));

function agree(check: FieldCheck, schema: z.ZodType, chosen: string[], generated: fc.Arbitrary<string>) {
  for (const value of chosen) expect([value, check(value)]).toEqual([value, firstIssue(schema, value)]);
  fc.assert(
    fc.property(generated, (value) => check(value) === firstIssue(schema, value)),
    { numRuns: RUNS },
  );
}

describe('the browser field checks agree with the zod contracts', () => {
  it('email (EmailSchema)', () => {
    const long = `${'a'.repeat(245)}@example.com`;
    agree(
      checkEmail,
      EmailSchema,
      [
        '',
        '   ',
        'a@b.co',
        '  Player@Example.COM ',
        'a@b',
        'a..b@c.com',
        '.a@b.com',
        'a.@b.com',
        'a@b.c',
        'a@-b.com',
        'ü@b.com',
        'a+tag@c.io',
        "o'neil@x.jp",
        'a@b.co\n',
        'a b@c.com',
        long,
        long.slice(1),
        '@b.com',
        'a@',
        'a@@b.com',
      ],
      fc.oneof(
        fc.emailAddress(),
        mixed(40),
        fc.emailAddress().map((e) => ` ${e.toUpperCase()}\t`),
        fc.string({ unit: 'binary', maxLength: 300 }),
      ),
    );
  });

  it('display name (DisplayNameSchema): length in characters, allowed scripts', () => {
    agree(
      checkDisplayName,
      DisplayNameSchema,
      [
        '',
        '  ',
        'ab',
        'abc',
        ' abc ',
        '山田太郎',
        'ｱｲｳｴｵ',
        'ゲーム好き',
        'Ab1２',
        'a b c',
        'Иван',
        '①②③',
        '😀😀😀',
        'x'.repeat(USERNAME_MAX),
        'x'.repeat(USERNAME_MAX + 1),
        '漢'.repeat(USERNAME_MAX),
        '𠮷'.repeat(USERNAME_MAX),
        'abc!',
        'ﾞﾞﾞ',
      ],
      fc.oneof(mixed(18), fc.string({ unit: 'grapheme', maxLength: 20 })),
    );
  });

  it('passwords at sign-in (LoginPasswordSchema) and new ones (NewPasswordSchema), counted as the schema counts', () => {
    const passwords = ['', ' ', 'a', 'x'.repeat(PASSWORD_MIN - 1), 'x'.repeat(PASSWORD_MIN), '😀😀😀', 'x'.repeat(PASSWORD_MAX), 'x'.repeat(PASSWORD_MAX + 1)];
    const generated = fc.oneof(
      mixed(12),
      fc.string({ maxLength: PASSWORD_MAX + 4 }),
      fc.string({ unit: 'binary', minLength: PASSWORD_MAX - 2, maxLength: PASSWORD_MAX + 2 }),
    );
    agree(checkLoginPassword, LoginPasswordSchema, passwords, generated);
    agree(checkNewPassword, NewPasswordSchema, passwords, generated);
  });

  it('SMS code (OtpTokenSchema)', () => {
    agree(checkOtpToken, OtpTokenSchema, ['', '  ', '123456', ' 123456 ', '1234567', 'abc', '1'.repeat(OTP_LENGTH + 1)], mixed(9));
  });

  it('client seed (ClientSeedSchema)', () => {
    agree(
      checkClientSeed,
      ClientSeedSchema,
      ['', ' ', 'lucky', ' lucky ', 'a b', 'x'.repeat(64), 'x'.repeat(65), 'ü', '~!#', 'tab\there'],
      fc.oneof(mixed(10), fc.string({ maxLength: 70 })),
    );
  });

  it('phone number (PhoneNumberSchema): the same problem, or the same E.164 number', () => {
    const same = (value: string) => {
      const schema = PhoneNumberSchema.safeParse(value);
      const plain = normalisePhoneNumber(value);
      const expected = schema.success ? { phoneNumber: schema.data } : { issue: firstIssue(PhoneNumberSchema, value) };
      expect([value, plain]).toEqual([value, expected]);
    };
    for (const value of [
      '',
      '   ',
      '+81 90-1234-5678',
      '+819012345678',
      '090-1234-5678',
      '+81 3-1234-5678',
      '+44 7700 900123',
      '+1 (202) 555-0123',
      '+8190123456789012',
      '+81.90.1234.5678',
      '+',
      '+12345',
      `+81${'0'.repeat(40)}`,
      '+81 90 1234 5678 ',
      '＋819012345678',
    ])
      same(value);
    const typed = fc.array(fc.constantFrom(...'+0123456789 -.()x'), { maxLength: 34 }).map((a) => a.join(''));
    const mobiles = fc
      .tuple(fc.constantFrom('+8190', '+8180', '+8170', '+447', '+4915', '+33 6', '+1 415'), fc.stringMatching(/^[0-9]{6,9}$/))
      .map(([a, b]) => `${a} ${b}`);
    fc.assert(
      fc.property(fc.oneof(typed, mobiles), (value) => same(value)),
      { numRuns: RUNS },
    );
  });
});
