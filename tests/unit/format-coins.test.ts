import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contracts/constants';
import { formatCoins } from '../../src/lib/formatCoins';

/** formatCoins (src/lib/formatCoins.ts) writes what Intl.NumberFormat writes, in every site language. */
describe('formatCoins: the same text as Intl.NumberFormat', () => {
  const chosen = [
    0,
    -0,
    1,
    -1,
    9,
    10,
    99,
    100,
    999,
    1000,
    -1000,
    9999,
    10000,
    12345,
    99999,
    100000,
    999999,
    1000000,
    1234567,
    -1234567,
    2 ** 31,
    2 ** 32,
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    0.5,
    1234.5678,
    -0.0001,
    1e21,
    Number.MAX_SAFE_INTEGER + 2,
    NaN,
    Infinity,
    -Infinity,
  ];
  for (const lang of LANGUAGES) {
    it(`${lang}: chosen and generated amounts`, () => {
      const intl = new Intl.NumberFormat(lang);
      for (const amount of chosen) expect(formatCoins(amount, lang), String(amount)).toBe(intl.format(amount));
      fc.assert(
        fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double()), (amount) => formatCoins(amount, lang) === intl.format(amount)),
        { numRuns: 5000 },
      );
    });
  }
});
