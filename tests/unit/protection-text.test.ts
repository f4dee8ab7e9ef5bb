import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/lib/api';
import { makeT, type Namespaces } from '../../src/lib/translate';
import { formatWhen, protectionMessage } from '../../src/islands/account/protectionText';

/** The refusals of player protection (docs/decisions/0008) say until when, in both languages. */
const load = (lang: string): Namespaces => ({
  errors: JSON.parse(readFileSync(`locales/${lang}/errors.json`, 'utf8')),
  protection: JSON.parse(readFileSync(`locales/${lang}/protection.json`, 'utf8')),
});

describe('protection refusal messages', () => {
  const until = '2030-03-11T00:00:00.000Z';
  for (const lang of ['ja', 'en'] as const) {
    const t = makeT(lang, load(lang), 'errors');
    it(`${lang}: each code with its end time in the page's language and UTC`, () => {
      const when = formatWhen(lang, until);
      expect(when).toContain('2030');
      expect(when).toContain('UTC');
      for (const code of ['PLAY_BREAK_ACTIVE', 'SELF_EXCLUDED', 'PLAY_LIMIT_REACHED']) {
        const text = protectionMessage(t, lang, new ApiError(code, 403, until))!;
        expect(text).toBe(t(`errors:${code}`, { until: when }));
        expect(text).toContain(when);
        expect(text).not.toContain('{{');
      }
    });
    it(`${lang}: an indefinite exclusion says so; other failures are not protection's`, () => {
      expect(protectionMessage(t, lang, new ApiError('SELF_EXCLUDED', 403))).toContain(t('protection:indefinitely'));
      expect(protectionMessage(t, lang, new ApiError('INSUFFICIENT_FUNDS', 409))).toBeNull();
      expect(protectionMessage(t, lang, new Error('network'))).toBeNull();
    });
  }
  it('the two languages differ (both are translated)', () => {
    const ja = makeT('ja', load('ja'), 'errors');
    const en = makeT('en', load('en'), 'errors');
    expect(protectionMessage(ja, 'ja', new ApiError('PLAY_BREAK_ACTIVE', 403, until))).not.toBe(
      protectionMessage(en, 'en', new ApiError('PLAY_BREAK_ACTIVE', 403, until)),
    );
  });
});
