import { contentFor, type Language, type LanguageTexts } from './languages';

/** Game display titles, zod-free: the server's answers and the site's search (contracts/game-search.ts) use them. */
/**
 * The built-in map of 30 game codes to display titles (spec section 3): used when a catalogue entry
 * has no title of its own; an unmapped code is shown as is.
 */
export const GAME_TITLES: Record<string, LanguageTexts<string>> = {
  'slot-sakura-fortune': { ja: '桜フォーチュン', en: 'Sakura Fortune' },
  'slot-dragon-pearl': { ja: '龍の真珠', en: 'Dragon Pearl' },
  'slot-neon-sevens': { ja: 'ネオンセブン', en: 'Neon Sevens' },
  'slot-golden-koi': { ja: '黄金の鯉', en: 'Golden Koi' },
  'slot-ninja-gold': { ja: '忍者ゴールド', en: 'Ninja Gold' },
  'slot-samurai-spirit': { ja: '侍スピリット', en: 'Samurai Spirit' },
  'slot-lucky-cat': { ja: '招き猫ラッキー', en: 'Lucky Cat' },
  'slot-fuji-treasure': { ja: '富士の宝', en: 'Fuji Treasure' },
  'slot-ocean-gems': { ja: '海の宝石', en: 'Ocean Gems' },
  'slot-fruit-fiesta': { ja: 'フルーツフィエスタ', en: 'Fruit Fiesta' },
  'slot-space-jackpot': { ja: 'スペースジャックポット', en: 'Space Jackpot' },
  'slot-pharaoh-secrets': { ja: 'ファラオの秘密', en: "Pharaoh's Secrets" },
  'slot-viking-raid': { ja: 'バイキングレイド', en: 'Viking Raid' },
  'slot-candy-rush': { ja: 'キャンディラッシュ', en: 'Candy Rush' },
  'slot-wild-west': { ja: 'ワイルドウエスト', en: 'Wild West' },
  'slot-jungle-king': { ja: 'ジャングルキング', en: 'Jungle King' },
  'slot-crystal-moon': { ja: 'クリスタルムーン', en: 'Crystal Moon' },
  'slot-zodiac-gems': { ja: '十二支ジェム', en: 'Zodiac Gems' },
  'slot-tanuki-bonanza': { ja: 'たぬきボナンザ', en: 'Tanuki Bonanza' },
  'slot-firework-festival': { ja: '花火フェスティバル', en: 'Firework Festival' },
  'slot-tea-garden': { ja: '茶庭の午後', en: 'Tea Garden' },
  'roulette-european': { ja: 'ヨーロピアンルーレット', en: 'European Roulette' },
  'roulette-french': { ja: 'フレンチルーレット', en: 'French Roulette' },
  'roulette-vip': { ja: 'VIPルーレット', en: 'VIP Roulette' },
  'blackjack-classic': { ja: 'クラシックブラックジャック', en: 'Classic Blackjack' },
  'blackjack-vegas': { ja: 'ベガスブラックジャック', en: 'Vegas Blackjack' },
  'blackjack-vip': { ja: 'VIPブラックジャック', en: 'VIP Blackjack' },
  'baccarat-classic': { ja: 'クラシックバカラ', en: 'Classic Baccarat' },
  'baccarat-speed': { ja: 'スピードバカラ', en: 'Speed Baccarat' },
  'baccarat-vip': { ja: 'VIPバカラ', en: 'VIP Baccarat' },
};

/** A game's own titles (the catalogue's `titles`), by language code of the registry. */
export type GameTitles = LanguageTexts<string>;

/** A game's display title: its own title in the language, else the built-in map's, else the raw code. */
export function gameDisplayTitle(gameCode: string, language: Language, titles?: GameTitles | null): string {
  const own = titles ? contentFor(titles, language) : undefined;
  if (own?.trim()) return own;
  const builtIn = GAME_TITLES[gameCode];
  return builtIn ? contentFor(builtIn, language) : gameCode;
}
