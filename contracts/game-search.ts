import { GAME_TITLES } from './game-titles';

/**
 * Game search by title in either language (zod-free: the header's search box runs it as you type).
 * Titles and the query are folded the same way: NFKC (full and half width, ｱ -> ア), lower case,
 * katakana -> hiragana, spaces and punctuation dropped. Titles written in kanji also match their
 * reading in kana (「まねき」 finds 招き猫ラッキー).
 */
export const TITLE_READINGS: Record<string, string> = {
  'slot-sakura-fortune': 'さくらふぉーちゅん',
  'slot-dragon-pearl': 'りゅうのしんじゅ',
  'slot-golden-koi': 'おうごんのこい',
  'slot-ninja-gold': 'にんじゃごーるど',
  'slot-samurai-spirit': 'さむらいすぴりっと',
  'slot-lucky-cat': 'まねきねこらっきー',
  'slot-fuji-treasure': 'ふじのたから',
  'slot-ocean-gems': 'うみのほうせき',
  'slot-zodiac-gems': 'じゅうにしじぇむ',
  'slot-firework-festival': 'はなびふぇすてぃばる',
  'slot-tea-garden': 'ちゃていのごご',
};

/** The form titles and queries are compared in. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/[\s'’・.,!?、。「」()-]/g, '');
}

export interface Searchable {
  gameCode: string;
  title: string;
}

/** The games whose title (either language, or its reading) contains the query, best first (prefix matches first). */
export function searchGames<G extends Searchable>(games: readonly G[], query: string, limit = 8): G[] {
  const q = foldForSearch(query);
  if (!q) return [];
  const scored: Array<{ game: G; score: number; index: number }> = [];
  games.forEach((game, index) => {
    const known = GAME_TITLES[game.gameCode];
    const names = [game.title, ...Object.values(known ?? {}), TITLE_READINGS[game.gameCode]].filter((n): n is string => Boolean(n)).map(foldForSearch);
    const best = Math.min(...names.map((n) => (n.startsWith(q) ? 0 : n.includes(q) ? 1 : 9)));
    if (best < 9) scored.push({ game, score: best, index });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .slice(0, limit)
    .map((s) => s.game);
}
