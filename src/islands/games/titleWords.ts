/**
 * Where a Japanese game title may wrap on a tile (decision 0021): between its words, never inside one
 * (「ヨーロピア/ンルーレット」, 「クラシックブ/ラックジャック」). BudouX cannot help here: it keeps a run
 * of katakana whole, and it is not shipped to the browser, where the catalogue's titles arrive.
 * A title breaks before a katakana word that follows two or more other letters (「VIP/ルーレット」,
 * 「花火/フェスティバル」, not 「桜/フォーチュン」), and inside a katakana run before one of the words that
 * end the catalogue's titles too long for a tile's line (「ヨーロピアン/ルーレット」); never before a last
 * character. A run of up to 8 characters fits a line (GameTile sizes its font so) and stays whole. (With
 * the tiles, not in src/lib: only pages with tiles load it.)
 */
const BREAK = /(?<=[^\u30a0-\u30ff]{2})(?=[\u30a0-\u30ff].)|(?<=[\u30a0-\u30ff])(?=ルーレット|ブラックジャック|ジャックポット|フィエスタ|ラッシュ)/;

/** The title's words, in order (joined, the title); one piece when it has no break. */
export const titleWords = (title: string): string[] => title.split(BREAK);
