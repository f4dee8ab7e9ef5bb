import { describe, expect, it } from 'vitest';
import { GAME_TITLES } from '../../contracts/game-titles';
import { titleWords } from '../../src/islands/games/titleWords';

describe('where a Japanese tile title may wrap (src/islands/games/titleWords.ts)', () => {
  it('between the words of a katakana compound, and where katakana starts after kanji, kana or Latin letters', () => {
    expect(titleWords('ヨーロピアンルーレット')).toEqual(['ヨーロピアン', 'ルーレット']);
    expect(titleWords('クラシックブラックジャック')).toEqual(['クラシック', 'ブラックジャック']);
    expect(titleWords('VIPブラックジャック')).toEqual(['VIP', 'ブラックジャック']);
    expect(titleWords('花火フェスティバル')).toEqual(['花火', 'フェスティバル']);
    expect(titleWords('キャンディラッシュ')).toEqual(['キャンディ', 'ラッシュ']);
    // Eight characters fit a tile's line: no break needed.
    expect(titleWords('バイキングレイド')).toEqual(['バイキングレイド']);
  });

  it('never leaves one character alone, never cuts after a particle, and keeps English whole', () => {
    expect(titleWords('桜フォーチュン')).toEqual(['桜フォーチュン']);
    expect(titleWords('ファラオの秘密')).toEqual(['ファラオの秘密']);
    expect(titleWords('黄金の鯉')).toEqual(['黄金の鯉']);
    expect(titleWords('Classic Blackjack')).toEqual(['Classic Blackjack']);
  });

  it('gives every built-in title words of at most 8 characters, which fit a tile at 320 px', () => {
    for (const titles of Object.values(GAME_TITLES)) {
      const { ja = '', en = '' } = titles;
      const words = titleWords(ja);
      expect(words.join('')).toBe(ja);
      for (const word of words) expect(word.length, `${ja}: ${words.join(' / ')}`).toBeLessThanOrEqual(8);
      expect(titleWords(en)).toEqual([en]);
    }
  });
});
