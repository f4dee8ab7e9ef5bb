/**
 * Where a Japanese game title may wrap on a tile (decision 0021): between its words, never inside one
 * (「ヨーロピア/ンルーレット」, 「クラシックブ/ラックジャック」). BudouX cannot help here: it keeps a run
 * of katakana whole, and it is not shipped to the browser, where the catalogue's titles arrive.
 * A title breaks where a katakana word starts after kanji, kana or Latin letters (「VIP/ルーレット」,
 * 「花火/フェスティバル」), and inside a katakana run after one of the first words below, which the
 * catalogue's titles begin their runs with (「ヨーロピアン/ルーレット」); never so that a piece is one
 * character. A title with none of these stays whole and wraps as the browser wraps it.
 */
const FIRST_WORDS = [
  'ヨーロピアン',
  'フレンチ',
  'クラシック',
  'ベガス',
  'スピード',
  'フルーツ',
  'スペース',
  'バイキング',
  'キャンディ',
  'ワイルド',
  'ジャングル',
  'クリスタル',
  'ネオン',
];

const KATAKANA = /[\u30a0-\u30ff]/;

/** The title's words, in order (joined, the title); one piece when it has no break. */
export function titleWords(title: string): string[] {
  const words: string[] = [];
  let start = 0;
  const cut = (at: number) => {
    // Never a word of one character (「桜/フォーチュン」 would leave 「桜」 alone on its line).
    if (at - start > 1 && at < title.length - 1) {
      words.push(title.slice(start, at));
      start = at;
    }
  };
  for (let i = 0; i < title.length; i++) {
    const isKatakana = KATAKANA.test(title[i]);
    const runStart = isKatakana && (i === 0 || !KATAKANA.test(title[i - 1]));
    if (!runStart) continue;
    cut(i);
    const first = FIRST_WORDS.find((w) => title.startsWith(w, i) && KATAKANA.test(title[i + w.length] ?? ''));
    if (first) cut(i + first.length);
  }
  words.push(title.slice(start));
  return words;
}
