import { describe, expect, it } from 'vitest';
import { GAME_TITLES } from '../../contracts/game-titles';
import { foldForSearch, searchGames } from '../../contracts/game-search';

const catalogue = (lang: 'ja' | 'en') => Object.entries(GAME_TITLES).map(([gameCode, t]) => ({ gameCode, title: t[lang] ?? gameCode }));

describe('game search (issue #26)', () => {
  it('folds width and kana: ﾙｰﾚｯﾄ, ルーレット and るーれっと are one', () => {
    expect(foldForSearch('ﾙｰﾚｯﾄ')).toBe(foldForSearch('ルーレット'));
    expect(foldForSearch('ルーレット')).toBe('るーれっと');
    expect(foldForSearch('ＬＵＣＫＹ Cat')).toBe('luckycat');
  });
  it('finds 招き猫ラッキー by 「まねき」 and by "lucky", in either language', () => {
    for (const lang of ['ja', 'en'] as const) {
      expect(searchGames(catalogue(lang), 'まねき').map((g) => g.gameCode)).toEqual(['slot-lucky-cat']);
      expect(searchGames(catalogue(lang), 'lucky').map((g) => g.gameCode)).toEqual(['slot-lucky-cat']);
      expect(searchGames(catalogue(lang), 'マネキ').map((g) => g.gameCode)).toEqual(['slot-lucky-cat']);
    }
  });
  it('finds every roulette by half-width 「ﾙｰﾚｯﾄ」 and nothing for an unknown word', () => {
    expect(
      searchGames(catalogue('ja'), 'ﾙｰﾚｯﾄ')
        .map((g) => g.gameCode)
        .sort(),
    ).toEqual(['roulette-european', 'roulette-french', 'roulette-vip']);
    expect(searchGames(catalogue('en'), 'ﾙｰﾚｯﾄ')).toHaveLength(3);
    expect(searchGames(catalogue('en'), 'zzz')).toEqual([]);
    expect(searchGames(catalogue('en'), '  ')).toEqual([]);
  });
});
