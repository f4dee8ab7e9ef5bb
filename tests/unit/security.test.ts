import { describe, expect, it } from 'vitest';
import { DisplayNameSchema } from '../../contracts/auth';
import { isStorableText, unstorableTextPath } from '../../contracts/common';
import { baccaratBetsProblem } from '../../contracts/house/baccarat';
import { rouletteBetsProblem, rouletteOpposingBet } from '../../contracts/house/roulette';
import type { BaccaratDefinition, RouletteDefinition } from '../../contracts/games';
import { loggableUrl } from '../../server/plugins/security';
import { readSessionInfo } from '../../src/stores/session';

describe('request text the database can store', () => {
  it('refuses NUL and lone surrogates, keeps every other character', () => {
    expect(isStorableText('普通の文字 ✓ 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('\udc00')).toBe(false);
  });
  it('finds the path of the first unstorable string, keys included', () => {
    expect(unstorableTextPath({ a: 'ok', b: [1, 'x', { c: 'y\u0000' }] })).toBe('b.2.c');
    expect(unstorableTextPath({ 'k\u0000': 1 })).toBe('(key)');
    // A hostile nesting is refused, not walked until the stack runs out.
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableTextPath({ a: deep })).toMatch(/\(too deep\)$/);
    expect(unstorableTextPath({ a: [[['fine']]] })).toBeNull();
    expect(unstorableTextPath({ a: ['ok'], n: null, m: 3 })).toBeNull();
    expect(unstorableTextPath(undefined)).toBeNull();
  });
});

describe('usernames (shared contract: the form says the same)', () => {
  const ok = (v: string) => DisplayNameSchema.safeParse(v).success;
  it('accepts Latin letters, digits, hiragana, katakana (full and half width) and kanji', () => {
    for (const name of ['Player007', 'やまだ', 'ヤマダー', 'ﾔﾏﾀﾞｰ', '山田太郎', 'Ｐｌａｙ１２', 'José12', '佐々木']) expect(ok(name), name).toBe(true);
  });
  it('refuses Cyrillic, Hangul, Greek, circled digits, symbols, spaces and emoji', () => {
    for (const name of ['Иван', '김민준', 'Αλφα', 'ab①②', 'ab★c', 'ab cd', 'abc😀', 'a_b_c', '٣٤٥abc']) {
      const result = DisplayNameSchema.safeParse(name);
      expect(result.success, name).toBe(false);
    }
    expect(DisplayNameSchema.safeParse('Иван').error?.issues[0].message).toBe('validation.usernameChars');
  });
});

describe('opposing table bets', () => {
  const roulette = { kind: 'roulette', minBet: 1, maxBet: 1000, betUnit: 1, maxTotalBet: 10_000 } as unknown as RouletteDefinition;
  const baccarat = { kind: 'baccarat', minBet: 1, maxBet: 1000, betUnit: 1 } as unknown as BaccaratDefinition;
  it('roulette: red+black, even+odd, low+high are OPPOSING_BETS; other mixes are fine', () => {
    for (const [a, b] of [
      ['red', 'black'],
      ['even', 'odd'],
      ['low', 'high'],
    ] as const) {
      expect(
        rouletteBetsProblem(roulette, [
          { type: a, amount: 5 },
          { type: b, amount: 5 },
        ])?.code,
      ).toBe('OPPOSING_BETS');
    }
    expect(
      rouletteBetsProblem(roulette, [
        { type: 'red', amount: 5 },
        { type: 'even', amount: 5 },
        { type: 'low', amount: 5 },
      ]),
    ).toBeNull();
    expect(rouletteOpposingBet(['odd', 'straight', 'even'])).toEqual(['even', 'odd']);
    // An illegal bet is still a validation error, whatever else is on the table.
    expect(
      rouletteBetsProblem(roulette, [
        { type: 'split', numbers: [1, 5], amount: 5 },
        { type: 'red', amount: 5 },
        { type: 'black', amount: 5 },
      ])?.code,
    ).toBe('REQUEST_VALIDATION_ERROR');
  });
  it('baccarat: player+banker is OPPOSING_BETS; player+tie is fine', () => {
    expect(
      baccaratBetsProblem(baccarat, [
        { type: 'player', amount: 5 },
        { type: 'banker', amount: 5 },
      ])?.code,
    ).toBe('OPPOSING_BETS');
    expect(
      baccaratBetsProblem(baccarat, [
        { type: 'player', amount: 5 },
        { type: 'tie', amount: 5 },
      ]),
    ).toBeNull();
  });
});

describe('log URLs', () => {
  it('drop the query string of reset and game pages, mask secret parameters elsewhere', () => {
    expect(loggableUrl('/reset-password?token=abc&email=a%40b.c')).toBe('/reset-password?[redacted]');
    expect(loggableUrl('/en/reset-password/?token=abc')).toBe('/en/reset-password/?[redacted]');
    expect(loggableUrl('/house/play/?token=abc&lang=ja')).toBe('/house/play/?[redacted]');
    expect(loggableUrl('/app-password-reset?token=abc')).toBe('/app-password-reset?[redacted]');
    expect(loggableUrl('/api/dev/outbox?to=a%40b.c&channel=sms')).toBe('/api/dev/outbox?to=%5Bredacted%5D&channel=sms');
    expect(loggableUrl('/api/games?languageCode=ja&siteRef=WEB')).toBe('/api/games?languageCode=ja&siteRef=WEB');
  });
});

describe('session_info cookie on the site', () => {
  it('is read under its plain name and under the __Host- prefix of an https site', () => {
    const value = encodeURIComponent(JSON.stringify({ displayName: 'たろう' }));
    expect(readSessionInfo(`a=1; session_info=${value}`)).toEqual({ displayName: 'たろう' });
    expect(readSessionInfo(`__Host-session_info=${value}; b=2`)).toEqual({ displayName: 'たろう' });
    expect(readSessionInfo('other=1')).toBeNull();
  });
});
