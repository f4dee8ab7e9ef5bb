/**
 * The slots' themes: colours, the background pattern of the tile, and every symbol drawn for its
 * slot (100×100 SVG fragments). Card ranks are the only shared idea, and even they are dressed in
 * each slot's colours and ornament. Names (ja, en) label the symbols for screen readers.
 */
import type { ShippedLanguage } from '../../contracts/languages';
import { INK, O, THIN, around, blossom, burst, c, e, g, ln, p, r, rank, ribbon, shine, star } from './draw';

export type Deco = 'petals' | 'waves' | 'stars' | 'dots' | 'rays' | 'confetti' | 'grid' | 'leaves' | 'bamboo' | 'sand' | 'scales';
/** A symbol's drawing and its name in every language of the site. */
export type SymbolArt = Record<ShippedLanguage, string> & { svg: string };
export interface SlotTheme {
  bg: [string, string];
  frame: string;
  accent: string;
  deco: Deco;
  symbols: Record<string, SymbolArt>;
}

const s = (ja: string, en: string, svg: string): SymbolArt => ({ ja, en, svg });
/** Card ranks A K Q J for a theme: its two colours and a small ornament behind the letter. */
function ranks(fills: [string, string, string, string], edge: string, ornament: string): Record<string, SymbolArt> {
  return {
    L1: s('A', 'A', rank('A', fills[0], edge, ornament)),
    L2: s('K', 'K', rank('K', fills[1], edge, ornament)),
    L3: s('Q', 'Q', rank('Q', fills[2], edge, ornament)),
    L4: s('J', 'J', rank('J', fills[3], edge, ornament)),
  };
}
const wild = (body: string, word = 'WILD', fill?: string, text?: string) => body + ribbon(word, fill, text);
const scatter = (color: string, body: string, word = 'BONUS') => burst(color) + body + ribbon(word, '#fff3c4', '#7a1d4a');

const face = (cx: number, cy: number, k = 1) => `${c(cx - 7 * k, cy, 2.6 * k, INK, '')}${c(cx + 7 * k, cy, 2.6 * k, INK, '')}`;

export const SLOT_THEMES: Record<string, SlotTheme> = {
  'slot-sakura-fortune': {
    bg: ['#ffb7d0', '#6b1f4a'],
    frame: '#ffd6e6',
    accent: '#ff5c93',
    deco: 'petals',
    symbols: {
      H1: s('桜', 'Sakura blossom', ln('M20,88 C35,70 45,60 70,20', '#6b3a1e', 6) + blossom(50, 48, 34, '#ffc1d9', '#ff5c93')),
      H2: s(
        '鳥居',
        'Torii gate',
        p('M8,22 Q50,12 92,22 L90,30 Q50,22 10,30Z', '#e03a2f') +
          r(16, 34, 68, 7, 2, '#e03a2f') +
          r(24, 28, 9, 62, 2, '#e03a2f') +
          r(67, 28, 9, 62, 2, '#e03a2f') +
          r(45, 30, 10, 11, 1, '#ffd84a'),
      ),
      H3: s(
        'ひな人形',
        'Hina doll',
        p('M50,44 L80,90 L20,90Z', '#c8102e') +
          p('M50,44 L64,90 L36,90Z', '#ffd84a') +
          c(50, 32, 16, '#fff5e8') +
          p('M34,30 Q50,6 66,30 Q58,20 50,22 Q42,20 34,30Z', INK, '') +
          face(50, 34, 0.6) +
          c(50, 42, 1.8, '#e03a2f', ''),
      ),
      H4: s(
        '提灯',
        'Paper lantern',
        r(38, 8, 24, 8, 2, INK) +
          e(50, 50, 30, 34, '#ff3b30') +
          ln('M24,38 H76 M22,50 H78 M24,62 H76', '#9e1b12', 2) +
          r(38, 82, 24, 8, 2, INK) +
          shine('M32,36 Q30,46 32,58'),
      ),
      ...ranks(['#ff5c93', '#c2185b', '#ff8fb5', '#e91e63'], '#fff', blossom(80, 22, 12, '#ffc1d9', '#ff5c93')),
      W: s(
        '満月と桜',
        'Full moon wild',
        wild(
          c(50, 38, 32, '#fff3b0') +
            c(40, 30, 5, '#f1dc7a', '') +
            c(60, 44, 7, '#f1dc7a', '') +
            blossom(22, 18, 13, '#ffc1d9', '#ff5c93') +
            blossom(80, 56, 11, '#ffc1d9', '#ff5c93'),
        ),
      ),
      S: s(
        '風鈴',
        'Wind chime',
        scatter(
          '#ff8fb5',
          p('M28,50 Q28,16 50,16 Q72,16 72,50Z', '#bfe8ff') +
            ln('M32,40 Q50,46 68,40', '#2d7dd2', 3) +
            ln('M50,50 V60', INK, 2) +
            r(42, 58, 16, 12, 2, '#ff5c93', THIN),
        ),
      ),
    },
  },
  'slot-dragon-pearl': {
    bg: ['#c8102e', '#2a0505'],
    frame: '#ffd84a',
    accent: '#ffb300',
    deco: 'scales',
    symbols: {
      H1: s('龍', 'Dragon', dragonHead('#2fa84f', '#1b6b32', '#ffd84a')),
      H2: s(
        '龍の真珠',
        'Dragon pearl',
        c(50, 50, 30, '#e8f4ff') +
          c(50, 50, 20, '#bcd9ff', 'stroke="none"') +
          shine('M36,40 Q40,30 50,28') +
          p('M20,76 Q30,66 36,74 Q40,64 50,72 Q60,64 64,74 Q70,66 80,76 Q50,92 20,76Z', '#ff9f1c'),
      ),
      H3: s(
        '金貨',
        'Gold coin',
        c(50, 50, 36, '#ffd84a') + c(50, 50, 28, '#ffc400', THIN) + r(42, 42, 16, 16, 1, '#c8102e', THIN) + shine('M28,36 Q32,26 42,22'),
      ),
      H4: s(
        '紅包',
        'Red envelope',
        r(24, 12, 52, 76, 6, '#e0201b') +
          p('M24,18 L50,40 L76,18', 'none', `stroke="#ffd84a" stroke-width="3"`) +
          c(50, 56, 12, '#ffd84a', THIN) +
          r(46, 52, 8, 8, 1, '#e0201b', ''),
      ),
      ...ranks(['#ffd84a', '#ffb300', '#ffe58a', '#ffc940'], '#7a0a0a', `<path d="${star(50, 44, 8, 44, 36)}" fill="#7a0a0a" opacity=".5"/>`),
      W: s(
        '金龍',
        'Golden dragon wild',
        wild(g('translate(6,-8) scale(.86)', dragonHead('#ffd84a', '#c89b00', '#ff5a36')) + c(18, 56, 10, '#e8f4ff'), 'WILD', '#c8102e', '#ffd84a'),
      ),
      S: s('翡翠', 'Jade charm', scatter('#2fa84f', p(star(50, 42, 4, 34, 14, -90), '#4be38a') + c(50, 42, 10, '#bfffdc') + ln('M50,70 V62', '#c8102e', 4))),
    },
  },
  'slot-neon-sevens': {
    bg: ['#1b0638', '#05010f'],
    frame: '#ff2bd6',
    accent: '#00f0ff',
    deco: 'grid',
    symbols: {
      H1: s('ネオンの7', 'Neon seven', neon('M22,18 H78 V28 L46,86 H32 L62,30 H22Z', '#ff2b6e')),
      H2: s('ネオンのダイヤ', 'Neon diamond', neon('M26,22 H74 L90,42 L50,86 L10,42Z M10,42 H90 M38,22 L32,42 L50,86 L68,42 L62,22', '#00f0ff')),
      H3: s('ネオンのベル', 'Neon bell', neon('M50,14 C32,14 26,30 26,46 V60 L16,72 H84 L74,60 V46 C74,30 68,14 50,14Z M42,80 Q50,90 58,80', '#ffe600')),
      H4: s(
        'ネオンBAR',
        'Neon BAR',
        neon('M10,30 H90 V70 H10Z', '#39ff14') +
          `<text x="50" y="61" font-family="Impact, 'Arial Black', sans-serif" font-size="30" text-anchor="middle" fill="#39ff14" stroke="#eaffdf" stroke-width="1">BAR</text>`,
      ),
      L1: s(
        'ネオンのチェリー',
        'Neon cherries',
        neon('M34,60 Q40,30 66,16 M64,60 Q60,36 66,16', '#7CFF6B') +
          neon('M20,68 A14,14 0 1 0 48,68 A14,14 0 1 0 20,68Z M50,68 A14,14 0 1 0 78,68 A14,14 0 1 0 50,68Z', '#ff2b6e'),
      ),
      L2: s('ネオンのレモン', 'Neon lemon', neon('M12,50 Q20,26 50,24 Q80,26 88,50 Q80,74 50,76 Q20,74 12,50Z M30,44 Q40,36 52,36', '#ffe600')),
      L3: s(
        'ネオンのぶどう',
        'Neon grapes',
        neon(
          'M50,14 V24 M38,34 a8,8 0 1 0 0.1,0 M62,34 a8,8 0 1 0 0.1,0 M50,50 a8,8 0 1 0 0.1,0 M30,50 a8,8 0 1 0 0.1,0 M70,50 a8,8 0 1 0 0.1,0 M40,66 a8,8 0 1 0 0.1,0 M60,66 a8,8 0 1 0 0.1,0 M50,80 a8,8 0 1 0 0.1,0',
          '#c86bff',
        ),
      ),
      W: s('ネオンスター', 'Neon star wild', wild(neon(star(50, 38, 5, 32, 14), '#ffe600'), 'WILD', '#ff2bd6', '#fff')),
      S: s('ネオンの流れ星', 'Neon comet', scatter('#00f0ff', neon(`${star(64, 30, 4, 18, 6)} M52,42 L18,72 M58,48 L30,74 M46,38 L14,58`, '#00f0ff'))),
    },
  },
  'slot-golden-koi': {
    bg: ['#0b6e8a', '#062433'],
    frame: '#ffd84a',
    accent: '#ff7a1a',
    deco: 'waves',
    symbols: {
      H1: s('鯉', 'Koi', koi('#ff7a1a', '#fff6ea')),
      H2: s(
        '蓮の花',
        'Lotus',
        e(50, 76, 38, 10, '#2fa84f') +
          p('M50,70 Q34,50 50,20 Q66,50 50,70Z', '#ff9ecb') +
          p('M50,72 Q24,64 18,40 Q40,44 50,72Z', '#ffc1dd') +
          p('M50,72 Q76,64 82,40 Q60,44 50,72Z', '#ffc1dd') +
          c(50, 62, 4, '#ffd84a', THIN),
      ),
      H3: s(
        '蛙',
        'Frog',
        e(50, 78, 40, 10, '#2fa84f') +
          e(50, 56, 28, 20, '#7ed957') +
          c(36, 36, 9, '#7ed957') +
          c(64, 36, 9, '#7ed957') +
          c(36, 36, 4, INK, '') +
          c(64, 36, 4, INK, '') +
          ln('M38,62 Q50,70 62,62', INK, 2.5),
      ),
      H4: s(
        '波',
        'Wave',
        p('M8,80 Q10,40 44,30 Q74,24 84,46 Q70,38 60,46 Q52,54 62,62 Q72,68 90,60 L92,80Z', '#2d9cdb') +
          ln('M20,72 Q26,52 44,44 M36,74 Q40,60 54,56', '#e6f6ff', 3) +
          p('M84,46 Q92,40 90,30 Q84,36 78,34', '#e6f6ff', THIN),
      ),
      ...ranks(['#ffd84a', '#ff9f45', '#7fe0ff', '#ffb37a'], '#063244', ln('M14,84 Q30,76 50,84 T86,84', '#7fe0ff', 4)),
      W: s('金の鯉', 'Golden koi wild', wild(g('translate(0,-10)', koi('#ffd84a', '#ffb300')))),
      S: s(
        '泡',
        'Bubbles',
        scatter(
          '#7fe0ff',
          c(44, 44, 20, '#bff0ff80') + shine('M32,38 Q36,30 44,28') + c(72, 28, 10, '#bff0ff80') + c(70, 58, 8, '#bff0ff80') + c(24, 22, 7, '#bff0ff80'),
        ),
      ),
    },
  },
  'slot-ninja-gold': {
    bg: ['#2b2d42', '#0b0c14'],
    frame: '#ffd84a',
    accent: '#e63946',
    deco: 'bamboo',
    symbols: {
      H1: s(
        '忍者',
        'Ninja',
        c(50, 50, 36, '#1d1f2b') +
          r(18, 40, 64, 18, 9, '#f2d1b3') +
          p('M28,48 Q36,42 44,48 Q36,52 28,48Z', '#fff', THIN) +
          p('M56,48 Q64,42 72,48 Q64,52 56,48Z', '#fff', THIN) +
          c(37, 48, 2.5, INK, '') +
          c(63, 48, 2.5, INK, '') +
          r(14, 28, 72, 8, 3, '#e63946') +
          p('M84,30 L96,22 L94,36Z', '#e63946'),
      ),
      H2: s(
        'クナイ',
        'Kunai',
        g(
          'rotate(-40 50 50)',
          p('M50,6 L60,44 L50,52 L40,44Z', '#cfd8e3') +
            ln('M50,10 V48', '#8a97a8', 2) +
            r(45, 52, 10, 28, 2, '#3d3d52') +
            ln('M45,58 H55 M45,64 H55 M45,70 H55', '#e63946', 2) +
            c(50, 88, 7, 'none'),
        ),
      ),
      H3: s(
        '巻物',
        'Scroll',
        r(20, 22, 60, 56, 2, '#f5e6c4') +
          r(12, 16, 10, 68, 5, '#a0522d') +
          r(78, 16, 10, 68, 5, '#a0522d') +
          ln('M32,36 H66 M32,46 H60 M32,56 H66 M32,66 H54', '#6b4a2b', 3),
      ),
      H4: s(
        '竹',
        'Bamboo',
        r(30, 8, 16, 84, 5, '#6cc24a') +
          r(56, 20, 14, 72, 5, '#4fa83a') +
          ln('M30,36 H46 M30,64 H46 M56,46 H70 M56,72 H70', INK, 3) +
          p('M46,30 Q66,18 82,22 Q64,32 46,30Z', '#8be06a', THIN) +
          p('M30,52 Q14,40 8,44 Q20,56 30,52Z', '#8be06a', THIN),
      ),
      ...ranks(['#ffd84a', '#e63946', '#cfd8e3', '#f4a261'], '#0b0c14', `<path d="${star(50, 46, 4, 42, 12, -45)}" fill="#3d3d52"/>`),
      W: s(
        '小判袋',
        'Gold sack wild',
        wild(
          p('M30,30 Q16,60 26,66 H74 Q84,60 70,30Z', '#c8963e') +
            p('M36,30 L30,16 Q50,24 70,16 L64,30Z', '#a8772a') +
            ln('M34,30 H66', '#e63946', 4) +
            e(50, 50, 10, 13, '#ffd84a', THIN) +
            e(50, 50, 5, 8, 'none', THIN),
        ),
      ),
      S: s('手裏剣', 'Shuriken', scatter('#6c7a96', p(star(50, 42, 4, 36, 10, -45), '#cfd8e3') + c(50, 42, 7, '#3d3d52'))),
    },
  },
  'slot-samurai-spirit': {
    bg: ['#8b1a1a', '#1a0a0a'],
    frame: '#d4af37',
    accent: '#f4f1de',
    deco: 'rays',
    symbols: {
      H1: s('刀', 'Crossed katanas', g('rotate(40 50 50)', katana()) + g('rotate(-40 50 50)', katana())),
      H2: s(
        '城',
        'Castle',
        p('M22,40 L50,18 L78,40Z', '#3d3d52') +
          r(28, 40, 44, 16, 1, '#f4f1de') +
          p('M16,62 L50,46 L84,62Z', '#3d3d52') +
          r(22, 62, 56, 26, 1, '#f4f1de') +
          r(44, 70, 12, 18, 1, '#5a3a22', THIN) +
          p('M46,18 Q50,10 54,18', '#d4af37', THIN),
      ),
      H3: s(
        '軍馬',
        'War horse',
        p('M28,88 L32,56 Q26,36 40,20 L46,10 L50,22 Q70,24 82,44 Q86,54 76,56 Q66,52 60,46 L60,88Z', '#7a4a26') +
          p('M40,20 Q30,34 32,56 L24,50 Q22,30 36,16Z', INK, '') +
          c(58, 34, 3, INK, '') +
          r(58, 42, 10, 4, 2, '#d4af37', ''),
      ),
      H4: s(
        'のぼり旗',
        'War banner',
        r(24, 6, 6, 88, 2, '#5a3a22') + r(30, 10, 44, 66, 1, '#f4f1de') + c(52, 40, 12, '#c8102e', THIN) + ln('M30,14 H74', '#c8102e', 4),
      ),
      ...ranks(['#d4af37', '#f4f1de', '#e07a5f', '#c9a227'], '#1a0a0a', c(50, 50, 38, '#c8102e40', 'stroke="none"')),
      W: s(
        '鬼の面',
        'Oni mask wild',
        wild(
          p('M20,20 Q50,6 80,20 Q88,44 78,62 Q64,74 50,74 Q36,74 22,62 Q12,44 20,20Z', '#d62828') +
            p('M22,22 L16,4 L32,16 M78,22 L84,4 L68,16', '#f4f1de') +
            p('M28,36 L44,42 L28,46Z', '#ffd84a', THIN) +
            p('M72,36 L56,42 L72,46Z', '#ffd84a', THIN) +
            p('M34,58 Q50,50 66,58 Q50,66 34,58Z', '#fff', THIN),
        ),
      ),
      S: s(
        '炎',
        'Flame',
        scatter(
          '#ff6b00',
          p('M50,8 Q72,30 70,52 Q70,72 50,74 Q30,72 30,52 Q30,38 40,28 Q40,44 50,44 Q46,26 50,8Z', '#ff6b00') +
            p('M50,36 Q62,50 60,60 Q58,70 50,70 Q42,70 40,60 Q40,50 50,36Z', '#ffd84a', THIN),
        ),
      ),
    },
  },
  'slot-lucky-cat': {
    bg: ['#ff6b6b', '#5c0f1f'],
    frame: '#ffd84a',
    accent: '#ffd84a',
    deco: 'dots',
    symbols: {
      H1: s('招き猫', 'Beckoning cat', luckyCat('#fffaf0', '#e63946')),
      H2: s(
        '小判',
        'Koban coin',
        e(50, 50, 26, 38, '#ffd84a') +
          e(50, 50, 19, 30, 'none', THIN) +
          ln('M40,30 H60 M40,40 H60 M40,60 H60 M40,70 H60', '#c89b00', 2.5) +
          r(44, 44, 12, 12, 2, '#c89b00', THIN) +
          shine('M32,34 Q34,24 42,18'),
      ),
      H3: s(
        '鯉のぼり',
        'Carp streamer',
        ln('M12,8 V94', '#6b3a1e', 4) +
          p('M14,16 H76 Q90,24 92,30 Q90,36 76,44 H14 L24,30Z', '#2d7dd2') +
          c(74, 28, 5, '#fff') +
          c(75, 28, 2, INK, '') +
          p('M14,50 H70 Q84,58 86,64 Q84,70 70,78 H14 L24,64Z', '#e63946') +
          c(68, 62, 5, '#fff') +
          c(69, 62, 2, INK, ''),
      ),
      H4: s(
        'みたらし団子',
        'Mitarashi dango',
        ln('M50,6 V94', '#c8a26b', 4) +
          c(50, 24, 14, '#d9a05b') +
          c(50, 50, 14, '#d9a05b') +
          c(50, 76, 14, '#d9a05b') +
          ln('M40,20 Q50,14 60,20 M40,46 Q50,40 60,46', '#7a3e0a', 3),
      ),
      ...ranks(['#e63946', '#ffd84a', '#f4a261', '#ff8fab'], '#fff', c(80, 22, 9, '#ffd84a', THIN)),
      W: s('金の招き猫', 'Golden cat wild', wild(g('translate(0,-6) scale(.92) translate(4,0)', luckyCat('#ffd84a', '#e63946')))),
      S: s(
        '鈴',
        'Lucky bell',
        scatter(
          '#ffd84a',
          c(50, 42, 28, '#ffd84a') +
            ln('M24,42 H76', '#c89b00', 3) +
            c(50, 52, 5, INK, '') +
            ln('M50,56 V66', INK, 3) +
            p('M40,12 Q50,2 60,12 L56,16 Q50,10 44,16Z', '#e63946', THIN) +
            shine('M32,32 Q36,22 46,18'),
        ),
      ),
    },
  },
  'slot-fuji-treasure': {
    bg: ['#8ecae6', '#1d3557'],
    frame: '#f1faee',
    accent: '#e63946',
    deco: 'waves',
    symbols: {
      H1: s(
        '富士山',
        'Mount Fuji',
        p('M4,86 L38,24 Q50,18 62,24 L96,86Z', '#457b9d') +
          p('M30,38 L38,24 Q50,18 62,24 L70,38 L62,34 L56,42 L50,34 L44,42 L38,34Z', '#fff', THIN) +
          c(80, 20, 9, '#e63946', THIN),
      ),
      H2: s(
        '花札',
        'Hanafuda card',
        r(24, 8, 52, 84, 4, '#1d1d1d') +
          r(28, 12, 44, 76, 2, '#e63946', '') +
          c(50, 36, 14, '#ffd84a', THIN) +
          p('M28,66 Q40,54 50,64 Q60,54 72,66 V88 H28Z', '#2a9d8f', THIN),
      ),
      H3: s(
        '徳利',
        'Sake flask',
        p('M42,10 H58 V22 Q58,30 66,40 Q80,58 72,80 Q64,92 50,92 Q36,92 28,80 Q20,58 34,40 Q42,30 42,22Z', '#f1faee') +
          ln('M36,52 Q50,60 64,52', '#457b9d', 5) +
          r(68, 70, 20, 18, 3, '#f1faee') +
          ln('M68,74 H88', '#457b9d', 3),
      ),
      H4: s(
        '鶴',
        'Crane',
        p('M14,56 Q40,38 58,48 Q76,28 96,30 Q78,44 66,56 Q56,66 40,64Z', '#fff') +
          ln('M58,48 Q56,30 62,18', INK, 4) +
          c(63, 16, 5, '#e63946', THIN) +
          p('M66,16 L78,14 L66,19Z', INK, '') +
          ln('M38,64 L34,88 M44,64 L46,88', INK, 2.5),
      ),
      ...ranks(['#e63946', '#1d3557', '#457b9d', '#2a9d8f'], '#f1faee', p('M20,86 L40,62 L50,70 L62,56 L82,86Z', '#a8dadc', 'stroke="none"')),
      W: s(
        '初日の出',
        'First sunrise wild',
        wild(c(50, 50, 24, '#ff6b35') + around(10, 50, 50, ln('M50,10 V20', '#ffb703', 4)) + p('M4,66 L30,40 L50,56 L70,36 L96,66Z', '#1d3557')),
      ),
      S: s(
        '羅針盤',
        'Compass',
        scatter(
          '#ffb703',
          c(50, 42, 28, '#f1faee') +
            c(50, 42, 22, 'none', THIN) +
            p('M50,18 L56,42 L50,66 L44,42Z', '#e63946', THIN) +
            p('M50,42 L44,42 L50,66Z', '#457b9d', '') +
            c(50, 42, 3, INK, ''),
        ),
      ),
    },
  },
  'slot-ocean-gems': {
    bg: ['#00b4d8', '#03045e'],
    frame: '#90e0ef',
    accent: '#ffd166',
    deco: 'waves',
    symbols: {
      H1: s(
        '貝殻',
        'Seashell',
        p('M50,84 L14,44 Q20,14 50,12 Q80,14 86,44Z', '#ffb4a2') +
          ln('M50,84 L26,26 M50,84 L40,16 M50,84 L60,16 M50,84 L74,26', '#e5989b', 3) +
          r(40, 80, 20, 10, 3, '#ffb4a2'),
      ),
      H2: s(
        'たこ',
        'Octopus',
        e(50, 36, 28, 26, '#9b5de5') +
          face(50, 38) +
          ln('M26,56 Q18,76 28,86 M38,60 Q34,80 42,88 M50,62 V90 M62,60 Q66,80 58,88 M74,56 Q82,76 72,86', '#9b5de5', 7) +
          c(40, 28, 4, '#fff', ''),
      ),
      H3: s(
        'いるか',
        'Dolphin',
        p('M10,60 Q30,24 66,28 L74,14 L80,32 Q94,42 90,50 L80,50 Q70,64 50,64 L44,78 L38,62 Q24,62 10,60Z', '#4895ef') +
          c(70, 38, 3, INK, '') +
          ln('M30,56 Q50,58 66,48', '#caf0f8', 3),
      ),
      H4: s(
        '錨',
        'Anchor',
        c(50, 18, 8, 'none', `stroke="${INK}" stroke-width="6"`) +
          ln('M50,26 V84 M34,36 H66 M18,60 Q20,84 50,86 Q80,84 82,60', INK, 10) +
          ln('M50,26 V84 M34,36 H66 M18,60 Q20,84 50,86 Q80,84 82,60', '#ffd166', 5),
      ),
      ...ranks(['#ffd166', '#90e0ef', '#ef476f', '#06d6a0'], '#03045e', `<path d="${star(50, 46, 5, 40, 16)}" fill="#0077b6" opacity=".5"/>`),
      W: s(
        '三叉槍',
        'Trident wild',
        wild(
          ln('M50,14 V70 M30,16 V34 Q30,44 50,44 Q70,44 70,34 V16', INK, 9) +
            ln('M50,14 V70 M30,16 V34 Q30,44 50,44 Q70,44 70,34 V16', '#ffd166', 4.5) +
            p('M24,18 L30,6 L36,18Z M44,16 L50,2 L56,16Z M64,18 L70,6 L76,18Z', '#ffd166', THIN),
        ),
      ),
      S: s(
        'くじら',
        'Whale',
        scatter(
          '#90e0ef',
          p('M8,50 Q12,22 50,22 Q80,22 84,44 L96,30 L94,58 L84,52 Q76,68 48,68 Q14,68 8,50Z', '#3a86ff') +
            c(28, 40, 3, INK, '') +
            ln('M50,20 Q48,8 40,6 M50,20 Q54,8 62,6', '#caf0f8', 3),
        ),
      ),
    },
  },
  'slot-fruit-fiesta': {
    bg: ['#ffd60a', '#d00000'],
    frame: '#80ed99',
    accent: '#ff006e',
    deco: 'confetti',
    symbols: {
      H1: s(
        'すいか',
        'Watermelon',
        p('M8,34 Q50,100 92,34Z', '#2d6a4f') +
          p('M14,36 Q50,88 86,36Z', '#ff4d6d', '') +
          ln('M14,36 H86', INK, 3) +
          c(36, 48, 2.5, INK, '') +
          c(50, 56, 2.5, INK, '') +
          c(64, 48, 2.5, INK, '') +
          c(50, 44, 2.5, INK, ''),
      ),
      H2: s(
        'パイナップル',
        'Pineapple',
        p('M50,30 L36,6 L48,18 L50,2 L52,18 L64,6Z', '#52b788') +
          e(50, 62, 24, 30, '#ffb703') +
          ln('M32,46 L66,84 M34,76 L66,44 M28,62 L52,88 M48,36 L72,62', '#c77d00', 2.5),
      ),
      H3: s(
        'いちご',
        'Strawberry',
        p('M50,88 Q14,60 20,36 Q30,24 50,28 Q70,24 80,36 Q86,60 50,88Z', '#e5383b') +
          p('M30,28 L40,16 L50,24 L60,16 L70,28 L50,34Z', '#52b788', THIN) +
          [
            [38, 48],
            [58, 46],
            [48, 62],
            [34, 64],
            [64, 62],
            [50, 76],
          ]
            .map(([x, y]) => e(x, y, 2, 3, '#ffd60a', ''))
            .join(''),
      ),
      H4: s(
        'オレンジ',
        'Orange',
        c(50, 54, 34, '#ff8c1a') + around(6, 50, 54, ln('M50,54 V30', '#ffd08a', 3)) + p('M50,20 Q60,6 76,10 Q66,22 50,20Z', '#52b788', THIN),
      ),
      L1: s(
        'チェリー',
        'Cherries',
        ln('M34,60 Q40,30 66,14 M64,60 Q60,34 66,14', '#2d6a4f', 4) + c(32, 68, 15, '#d00000') + c(66, 68, 15, '#d00000') + shine('M24,64 Q26,58 30,56'),
      ),
      L2: s('レモン', 'Lemon', p('M10,50 Q20,24 50,22 Q80,24 90,50 Q80,76 50,78 Q20,76 10,50Z', '#ffe45e') + shine('M28,42 Q36,34 48,32')),
      L3: s(
        'ぶどう',
        'Grapes',
        ln('M50,8 V24', '#2d6a4f', 4) +
          [
            [38, 32],
            [62, 32],
            [50, 34],
            [30, 50],
            [50, 50],
            [70, 50],
            [40, 66],
            [60, 66],
            [50, 82],
          ]
            .map(([x, y]) => c(x, y, 10, '#7b2cbf', THIN))
            .join(''),
      ),
      L4: s(
        '青りんご',
        'Green apple',
        p('M50,28 Q70,14 84,34 Q92,62 70,84 Q60,92 50,84 Q40,92 30,84 Q8,62 16,34 Q30,14 50,28Z', '#80ed99') +
          ln('M50,28 Q52,16 58,10', '#6b3a1e', 4) +
          shine('M28,42 Q30,34 38,30'),
      ),
      W: s(
        '虹',
        'Rainbow wild',
        wild(
          ['#e5383b', '#ff8c1a', '#ffd60a', '#52b788', '#3a86ff', '#7b2cbf']
            .map((col, i) => ln(`M${12 + i * 5},66 A${38 - i * 5},${38 - i * 5} 0 0 1 ${88 - i * 5},66`, col, 5))
            .join(''),
        ),
      ),
      S: s(
        'クラッカー',
        'Party popper',
        scatter(
          '#ff006e',
          p('M20,80 L44,30 L70,56Z', '#ffbe0b') +
            ln('M30,60 L52,68 M36,46 L60,58', '#ff006e', 4) +
            c(62, 20, 4, '#3a86ff', '') +
            c(80, 30, 4, '#80ed99', '') +
            c(78, 14, 3, '#ff006e', '') +
            ln('M56,26 Q62,12 70,18 M74,44 Q86,40 88,48', '#7b2cbf', 3),
        ),
      ),
    },
  },
  'slot-space-jackpot': {
    bg: ['#3c096c', '#03001c'],
    frame: '#9d4edd',
    accent: '#00f5d4',
    deco: 'stars',
    symbols: {
      H1: s(
        'ロケット',
        'Rocket',
        p('M50,6 Q70,22 70,54 L30,54 Q30,22 50,6Z', '#f1f1f1') +
          c(50, 32, 8, '#4cc9f0') +
          p('M30,40 L16,62 L30,60Z M70,40 L84,62 L70,60Z', '#e63946') +
          r(34, 54, 32, 10, 2, '#adb5bd') +
          p('M38,64 Q50,96 62,64Z', '#ff9f1c'),
      ),
      H2: s(
        '惑星',
        'Ringed planet',
        c(50, 50, 24, '#f4a261') +
          ln('M30,44 Q50,40 70,46 M28,56 Q50,52 72,58', '#e76f51', 3) +
          e(50, 52, 44, 12, 'none', `stroke="#ffd166" stroke-width="5" transform="rotate(-15 50 52)"`),
      ),
      H3: s(
        '宇宙人',
        'Alien',
        p('M50,10 Q82,10 80,44 Q76,72 50,88 Q24,72 20,44 Q18,10 50,10Z', '#70e000') +
          e(36, 46, 10, 6, INK, 'transform="rotate(25 36 46)"') +
          e(64, 46, 10, 6, INK, 'transform="rotate(-25 64 46)"') +
          ln('M44,70 Q50,74 56,70', INK, 2.5),
      ),
      H4: s(
        'UFO',
        'Flying saucer',
        e(50, 40, 20, 18, '#9be7ff') +
          e(50, 56, 42, 14, '#adb5bd') +
          [26, 42, 58, 74].map((x) => c(x, 56, 4, '#ffd166', THIN)).join('') +
          p('M36,70 L24,92 H76 L64,70Z', '#00f5d480', ''),
      ),
      ...ranks(['#00f5d4', '#f15bb5', '#fee440', '#9b5de5'], '#03001c', c(50, 50, 36, 'none', `stroke="#9d4edd" stroke-width="3" stroke-dasharray="4 6"`)),
      W: s('彗星', 'Comet wild', wild(p('M70,20 L18,62 L28,40 L8,44Z', '#00f5d4', THIN) + c(70, 24, 14, '#fee440'), 'WILD', '#00f5d4', '#03001c')),
      S: s(
        '銀河',
        'Galaxy',
        scatter('#9d4edd', ln('M50,42 m-4,0 a4,4 0 1 1 8,0 a10,10 0 1 1 -20,0 a18,18 0 1 1 36,0 a26,26 0 1 1 -52,0', '#f15bb5', 5) + c(50, 42, 5, '#fff', '')),
      ),
    },
  },
  'slot-pharaoh-secrets': {
    bg: ['#e9c46a', '#3d2b0f'],
    frame: '#2a9d8f',
    accent: '#264653',
    deco: 'sand',
    symbols: {
      H1: s(
        'らくだ',
        'Camel',
        p(
          'M12,56 Q14,44 22,42 L26,28 L34,26 L32,44 Q40,28 52,40 Q60,24 72,40 Q80,52 76,60 L76,88 L70,88 L68,64 L40,64 L38,88 L32,88 L30,62 Q20,60 18,56Z',
          '#c68b59',
        ) + c(29, 31, 2, INK, ''),
      ),
      H2: s(
        '壺',
        'Amphora',
        p('M40,8 H60 V16 Q56,20 58,26 Q82,38 76,64 Q70,84 50,90 Q30,84 24,64 Q18,38 42,26 Q44,20 40,16Z', '#e76f51') +
          ln('M26,48 H74 M28,62 H72', '#264653', 4) +
          p('M32,30 Q16,32 20,46', 'none') +
          p('M68,30 Q84,32 80,46', 'none'),
      ),
      H3: s(
        'ホルスの目',
        'Eye of Horus',
        p('M10,44 Q50,14 90,44 Q50,64 10,44Z', '#fff') +
          c(50, 42, 11, '#264653') +
          ln('M8,36 Q50,10 92,36 M44,56 L40,82 Q36,90 28,84 M58,54 Q66,70 80,72', '#264653', 5),
      ),
      H4: s(
        'コブラ',
        'Cobra',
        p('M50,10 Q76,14 74,40 Q70,56 58,60 L58,78 Q70,82 80,78 Q76,92 50,90 Q30,88 36,76 Q42,70 42,60 Q30,56 26,40 Q24,14 50,10Z', '#2a9d8f') +
          e(50, 34, 10, 14, '#e9c46a', THIN) +
          c(44, 26, 2.5, INK, '') +
          c(56, 26, 2.5, INK, ''),
      ),
      ...ranks(['#2a9d8f', '#e76f51', '#264653', '#f4a261'], '#fff3c4', p('M20,86 L50,40 L80,86Z', '#d4a24c', 'stroke="none"')),
      W: s(
        '太陽円盤',
        'Sun disk wild',
        wild(
          p('M8,40 Q20,24 38,34 L36,44 Q20,38 8,40Z M92,40 Q80,24 62,34 L64,44 Q80,38 92,40Z', '#2a9d8f') +
            c(50, 38, 18, '#ffb703') +
            p('M40,58 Q50,66 60,58 L56,50 H44Z', '#2a9d8f', THIN),
        ),
      ),
      S: s(
        'アンク',
        'Ankh',
        scatter(
          '#ffb703',
          e(50, 22, 12, 16, 'none', `stroke="${INK}" stroke-width="10"`) +
            e(50, 22, 12, 16, 'none', `stroke="#ffd84a" stroke-width="5"`) +
            ln('M50,38 V72 M30,42 H70', INK, 10) +
            ln('M50,38 V72 M30,42 H70', '#ffd84a', 5),
        ),
      ),
    },
  },
  'slot-viking-raid': {
    bg: ['#5c7c99', '#14213d'],
    frame: '#c0c0c0',
    accent: '#e63946',
    deco: 'scales',
    symbols: {
      H1: s(
        '戦斧',
        'Battle axe',
        r(46, 10, 8, 84, 3, '#8d5524') +
          p('M54,18 Q88,20 90,46 Q86,64 54,54Z', '#d9d9d9') +
          p('M46,18 Q22,22 20,38 Q26,48 46,46Z', '#bfbfbf') +
          shine('M62,26 Q80,30 82,42'),
      ),
      H2: s(
        '円盾',
        'Round shield',
        c(50, 50, 40, '#a0522d') +
          around(8, 50, 50, ln('M50,14 V34', '#5c3a1e', 3)) +
          c(50, 50, 40, 'none', `stroke="#c0c0c0" stroke-width="6"`) +
          c(50, 50, 12, '#d9d9d9'),
      ),
      H3: s(
        'ロングシップ',
        'Longship',
        p('M6,62 Q50,86 94,62 L86,78 Q50,92 14,78Z', '#8d5524') +
          p('M6,62 Q2,50 12,44 M94,62 Q98,50 88,44', 'none', `stroke="${INK}" stroke-width="4"`) +
          r(48, 10, 4, 56, 1, '#5c3a1e', '') +
          p('M26,14 H74 L70,56 H30Z', '#e63946') +
          ln('M34,14 V56 M50,14 V56 M66,14 V56', '#fff', 3),
      ),
      H4: s(
        '狼',
        'Wolf',
        p('M20,14 L36,36 Q50,30 64,36 L80,14 L82,50 Q78,76 50,88 Q22,76 18,50Z', '#8d99ae') +
          p('M36,58 Q50,54 64,58 L50,88Z', '#edf2f4', THIN) +
          c(50, 66, 5, INK, '') +
          p('M32,46 L42,44 L40,50Z M68,46 L58,44 L60,50Z', '#ffd166', THIN),
      ),
      ...ranks(['#edf2f4', '#e63946', '#8ecae6', '#c0c0c0'], '#14213d', ln('M50,12 V88 M30,30 L50,50 L70,30', '#ffffff30', 6)),
      W: s('雷槌', 'Thunder hammer wild', wild(p('M52,4 L30,36 H46 L36,66 L68,26 H52 L62,4Z', '#ffd60a'))),
      S: s(
        '雪山',
        'Snow peak',
        scatter(
          '#8ecae6',
          p('M4,74 L36,20 L52,42 L64,28 L96,74Z', '#5c7c99') + p('M28,34 L36,20 L46,34 L40,32 L36,38 L32,32Z M58,36 L64,28 L72,40 L66,38Z', '#fff', THIN),
        ),
      ),
    },
  },
  'slot-candy-rush': {
    bg: ['#ffafcc', '#7b2cbf'],
    frame: '#fff',
    accent: '#ff5d8f',
    deco: 'dots',
    symbols: {
      H1: s(
        'ペロペロキャンディ',
        'Lollipop',
        ln('M50,60 V96', '#fff', 6) +
          c(50, 36, 28, '#ff5d8f') +
          ln('M50,36 m0,-4 a4,4 0 1 1 0,8 a10,10 0 1 1 0,-20 a16,16 0 1 1 0,32 a22,22 0 1 1 0,-44', '#fff', 4),
      ),
      H2: s(
        'ドーナツ',
        'Doughnut',
        c(50, 50, 36, '#e9a46a') +
          p('M18,46 Q20,16 50,14 Q80,16 82,46 Q76,60 66,52 Q56,62 46,54 Q34,64 26,54 Q20,58 18,46Z', '#ff8fab', THIN) +
          c(50, 50, 11, '#7b2cbf') +
          [
            [30, 30, '#fff'],
            [62, 26, '#80ffdb'],
            [70, 40, '#ffd60a'],
            [40, 24, '#80ffdb'],
          ]
            .map(([x, y, col]) => r(Number(x), Number(y), 7, 3, 1.5, String(col), ''))
            .join(''),
      ),
      H3: s(
        'カップケーキ',
        'Cupcake',
        p('M24,54 H76 L68,90 H32Z', '#4cc9f0') +
          ln('M36,54 L40,90 M50,54 V90 M64,54 L60,90', '#3a86ff', 3) +
          p('M20,56 Q14,40 30,36 Q30,18 50,20 Q70,18 70,36 Q86,40 80,56Z', '#fff0f6') +
          c(50, 14, 7, '#e5383b'),
      ),
      H4: s(
        '包みキャンディ',
        'Wrapped candy',
        p('M30,50 L8,34 L12,66Z M70,50 L92,34 L88,66Z', '#ffd60a') +
          e(50, 50, 24, 18, '#ffd60a') +
          ln('M36,38 Q44,50 36,62 M50,34 Q58,50 50,66 M64,38 Q72,50 64,62', '#ff5d8f', 4),
      ),
      L1: s('ぶどうグミ', 'Grape gummy', p('M20,78 Q16,30 50,20 Q84,30 80,78Z', '#9d4edd') + shine('M30,60 Q30,40 40,32')),
      L2: s('メロンゼリー', 'Melon jelly bean', e(50, 50, 38, 22, '#70e000', `${O} transform="rotate(-20 50 50)"`) + shine('M26,46 Q34,34 48,32')),
      L3: s('ソーダ星', 'Soda star candy', p(star(50, 52, 5, 40, 20), '#4cc9f0') + shine('M40,38 L46,30')),
      L4: s(
        'レモンハート',
        'Lemon heart gummy',
        p('M50,86 Q10,58 14,34 Q20,12 42,20 Q48,24 50,30 Q52,24 58,20 Q80,12 86,34 Q90,58 50,86Z', '#ffd60a') + shine('M26,38 Q28,28 36,26'),
      ),
      W: s(
        '板チョコ',
        'Chocolate bar wild',
        wild(
          r(16, 8, 68, 58, 4, '#6f3a1f') +
            [0, 1, 2].map((i) => r(22, 14 + i * 17, 26, 13, 2, '#8b4a26', THIN) + r(52, 14 + i * 17, 26, 13, 2, '#8b4a26', THIN)).join(''),
          'WILD',
          '#ff5d8f',
          '#fff',
        ),
      ),
      S: s(
        'ケーキ',
        'Birthday cake',
        scatter(
          '#ff5d8f',
          r(18, 40, 64, 34, 4, '#fff0f6') +
            p('M18,50 Q30,58 40,50 Q50,58 60,50 Q70,58 82,50 V44 H18Z', '#ff5d8f', THIN) +
            r(46, 20, 8, 20, 2, '#4cc9f0', THIN) +
            p('M50,8 Q56,16 50,20 Q44,16 50,8Z', '#ffd60a', THIN),
        ),
      ),
    },
  },
  'slot-wild-west': {
    bg: ['#dda15e', '#603808'],
    frame: '#fefae0',
    accent: '#bc6c25',
    deco: 'sand',
    symbols: {
      H1: s(
        'カウボーイハット',
        'Cowboy hat',
        p('M6,64 Q20,52 30,60 Q32,24 50,26 Q68,24 70,60 Q80,52 94,64 Q80,80 50,78 Q20,80 6,64Z', '#8b5a2b') + ln('M31,56 Q50,62 69,56', '#d62828', 5),
      ),
      H2: s(
        '蹄鉄',
        'Horseshoe',
        ln('M28,88 L24,44 Q24,14 50,14 Q76,14 76,44 L72,88', INK, 16) +
          ln('M28,88 L24,44 Q24,14 50,14 Q76,14 76,44 L72,88', '#c0c0c0', 10) +
          [
            [24, 70],
            [24, 46],
            [36, 22],
            [64, 22],
            [76, 46],
            [76, 70],
          ]
            .map(([x, y]) => c(x, y, 2, INK, ''))
            .join(''),
      ),
      H3: s(
        'サボテン',
        'Cactus',
        r(40, 14, 20, 78, 10, '#588157') +
          p('M40,52 H28 Q20,52 20,44 V30 Q20,24 26,24 Q32,24 32,30 V42 H40Z M60,60 H72 Q80,60 80,52 V36 Q80,30 74,30 Q68,30 68,36 V50 H60Z', '#588157') +
          ln('M50,22 V86', '#3a5a40', 2),
      ),
      H4: s(
        'リボルバー',
        'Revolver',
        p('M12,30 H76 V44 H40 L34,86 H16 L24,44 H12Z', '#6c757d') +
          c(52, 44, 9, '#495057') +
          r(76, 32, 14, 8, 1, '#6c757d') +
          p('M18,50 L34,50 L30,84 H18Z', '#8b5a2b', THIN),
      ),
      ...ranks(['#d62828', '#fefae0', '#bc6c25', '#283618'], '#fefae0', `<path d="${star(50, 48, 5, 40, 18)}" fill="#bc6c2555"/>`),
      W: s(
        '保安官バッジ',
        'Sheriff badge wild',
        wild(
          p(star(50, 40, 6, 34, 20, -90), '#ffd60a') +
            c(50, 40, 12, '#e9b200', THIN) +
            [0, 60, 120, 180, 240, 300]
              .map((a) => c(50 + 34 * Math.cos(((a - 90) * Math.PI) / 180), 40 + 34 * Math.sin(((a - 90) * Math.PI) / 180), 4, '#ffd60a', THIN))
              .join(''),
        ),
      ),
      S: s(
        '金袋',
        'Money bag',
        scatter(
          '#ffd60a',
          p('M32,26 Q10,60 24,70 H76 Q90,60 68,26Z', '#c2a878') +
            p('M36,26 L28,10 H72 L64,26Z', '#a98c5a') +
            `<text x="50" y="62" font-family="Georgia, serif" font-weight="700" font-size="30" text-anchor="middle" fill="#2d6a4f">$</text>`,
        ),
      ),
    },
  },
  'slot-jungle-king': {
    bg: ['#2d6a4f', '#081c15'],
    frame: '#ffd60a',
    accent: '#f77f00',
    deco: 'leaves',
    symbols: {
      H1: s(
        'ライオン',
        'Lion',
        around(14, 50, 50, p('M50,4 L58,20 L42,20Z', '#c1440e', THIN)) +
          c(50, 50, 34, '#e85d04') +
          c(50, 54, 24, '#ffba08') +
          face(50, 48) +
          p('M44,58 H56 L50,64Z', INK, '') +
          ln('M50,64 Q44,72 38,68 M50,64 Q56,72 62,68', INK, 2),
      ),
      H2: s(
        '象',
        'Elephant',
        e(18, 44, 16, 22, '#adb5bd') +
          e(82, 44, 16, 22, '#adb5bd') +
          c(50, 42, 26, '#ced4da') +
          p('M42,56 Q40,84 52,90 Q60,92 62,84 Q54,84 56,56Z', '#ced4da') +
          face(50, 40, 0.9) +
          p('M36,62 L30,74 L40,66Z M64,62 L70,74 L60,66Z', '#fff', THIN),
      ),
      H3: s(
        'オウム',
        'Parrot',
        p('M60,20 Q30,20 30,50 Q30,80 60,92 L66,70 Q82,56 76,34 Q72,20 60,20Z', '#e63946') +
          p('M30,50 Q40,70 60,76 L56,92 Q24,80 30,50Z', '#3a86ff') +
          p('M72,28 Q92,32 88,48 Q82,42 74,44Z', '#ffd60a') +
          c(62, 34, 4, '#fff') +
          c(62, 34, 2, INK, ''),
      ),
      H4: s(
        '猿',
        'Monkey',
        c(18, 46, 11, '#d4a373') +
          c(82, 46, 11, '#d4a373') +
          c(50, 48, 30, '#8b5a2b') +
          p('M28,52 Q30,30 50,34 Q70,30 72,52 Q70,76 50,78 Q30,76 28,52Z', '#f2cc8f') +
          face(50, 48) +
          ln('M42,64 Q50,70 58,64', INK, 2.5),
      ),
      ...ranks(['#ffd60a', '#f77f00', '#52b788', '#e63946'], '#081c15', p('M50,86 Q20,60 50,12 Q80,60 50,86Z', '#52b78860', 'stroke="none"')),
      W: s(
        '王冠',
        'Crown wild',
        wild(
          p('M12,60 L16,20 L34,40 L50,14 L66,40 L84,20 L88,60Z', '#ffd60a') +
            c(50, 48, 6, '#e63946', THIN) +
            c(28, 50, 4, '#3a86ff', THIN) +
            c(72, 50, 4, '#52b788', THIN),
        ),
      ),
      S: s(
        'ヤシの木',
        'Palm tree',
        scatter(
          '#ffd60a',
          ln('M50,74 Q44,50 52,26', '#8b5a2b', 8) +
            p('M52,26 Q30,10 12,26 Q32,20 52,26 Q40,40 30,56 Q50,40 52,26 Q76,10 90,28 Q70,20 52,26 Q66,40 74,54 Q56,36 52,26Z', '#52b788'),
        ),
      ),
    },
  },
  'slot-crystal-moon': {
    bg: ['#5a189a', '#10002b'],
    frame: '#c77dff',
    accent: '#e0aaff',
    deco: 'stars',
    symbols: {
      H1: s(
        '三日月',
        'Crescent moon',
        p('M62,10 Q24,14 22,50 Q24,86 62,90 Q36,76 36,50 Q36,24 62,10Z', '#ffe066') + c(70, 40, 3, '#fff', '') + c(76, 64, 2, '#fff', ''),
      ),
      H2: s(
        '水晶玉',
        'Crystal ball',
        c(50, 44, 32, '#c77dff') + c(50, 44, 22, '#e0aaff80', 'stroke="none"') + shine('M32,34 Q36,22 48,18') + p('M24,76 Q50,66 76,76 L80,90 H20Z', '#7b2cbf'),
      ),
      H3: s(
        'ふくろう',
        'Owl',
        p('M22,20 L34,30 Q50,24 66,30 L78,20 L80,60 Q76,88 50,90 Q24,88 20,60Z', '#9d4edd') +
          c(36, 44, 12, '#fff') +
          c(64, 44, 12, '#fff') +
          c(36, 44, 5, INK, '') +
          c(64, 44, 5, INK, '') +
          p('M46,56 L54,56 L50,64Z', '#ffb703', THIN) +
          p('M34,72 Q50,78 66,72', 'none', THIN),
      ),
      H4: s('きらめき', 'Sparkles', p(star(40, 54, 4, 32, 7), '#fff3b0') + p(star(74, 26, 4, 16, 4), '#e0aaff') + p(star(76, 74, 4, 12, 3), '#ffe066')),
      ...ranks(
        ['#e0aaff', '#ffe066', '#c77dff', '#fff'],
        '#3c096c',
        p('M66,14 Q40,18 40,50 Q40,82 66,86 Q28,80 28,50 Q28,20 66,14Z', '#c77dff50', 'stroke="none"'),
      ),
      W: s(
        'ムーンクリスタル',
        'Moon crystal wild',
        wild(p('M50,4 L74,28 L50,66 L26,28Z', '#a2d2ff') + p('M26,28 H74 M50,4 L42,28 L50,66 L58,28Z', 'none', THIN) + shine('M36,24 L46,12')),
      ),
      S: s('流れ星', 'Shooting star', scatter('#c77dff', ln('M60,30 L14,70 M64,40 L30,74 M52,24 L16,50', '#e0aaff', 4) + p(star(66, 30, 5, 20, 9), '#ffe066'))),
    },
  },
  'slot-zodiac-gems': {
    bg: ['#bc4749', '#2b0a0a'],
    frame: '#f2e8cf',
    accent: '#6a994e',
    deco: 'rays',
    symbols: {
      H1: s(
        '子（ねずみ）',
        'Rat',
        medallion(
          '#f2e8cf',
          c(30, 30, 12, '#adb5bd') +
            c(70, 30, 12, '#adb5bd') +
            p('M22,54 Q30,28 50,30 Q70,28 78,54 Q70,72 50,84 Q30,72 22,54Z', '#ced4da') +
            face(50, 54) +
            c(50, 80, 4, '#ff8fab', THIN),
        ),
      ),
      H2: s(
        '丑（うし）',
        'Ox',
        medallion(
          '#f2e8cf',
          p('M20,30 Q10,14 18,8 Q24,22 32,28Z M80,30 Q90,14 82,8 Q76,22 68,28Z', '#fff') +
            p('M24,34 Q50,20 76,34 Q80,60 66,70 H34 Q20,60 24,34Z', '#5c4033') +
            e(50, 70, 18, 12, '#d4a373') +
            face(50, 46) +
            c(44, 70, 2, INK, '') +
            c(56, 70, 2, INK, ''),
        ),
      ),
      H3: s(
        '寅（とら）',
        'Tiger',
        medallion(
          '#f2e8cf',
          c(26, 28, 9, '#f77f00') +
            c(74, 28, 9, '#f77f00') +
            c(50, 54, 32, '#f77f00') +
            ln('M50,24 V36 M40,26 L44,36 M60,26 L56,36 M20,50 H30 M70,50 H80 M20,60 H28 M72,60 H80', INK, 3) +
            e(50, 66, 14, 10, '#fff') +
            face(50, 50) +
            p('M46,62 H54 L50,66Z', INK, ''),
        ),
      ),
      H4: s(
        '卯（うさぎ）',
        'Rabbit',
        medallion(
          '#f2e8cf',
          e(38, 24, 7, 20, '#fff') +
            e(62, 24, 7, 20, '#fff') +
            e(38, 24, 3, 14, '#ff8fab', '') +
            e(62, 24, 3, 14, '#ff8fab', '') +
            c(50, 60, 26, '#fff') +
            face(50, 56) +
            c(50, 64, 3, '#ff8fab', ''),
        ),
      ),
      L1: s(
        '辰（たつ）',
        'Dragon',
        token(
          '#6a994e',
          p('M24,66 Q20,40 44,30 Q60,24 74,34 L84,32 L78,44 Q80,58 66,62 L40,70Z', '#a7c957') +
            c(62, 42, 3, INK, '') +
            p('M44,30 L40,18 L50,28Z', '#f2e8cf', THIN),
        ),
      ),
      L2: s(
        '巳（へび）',
        'Snake',
        token(
          '#6a994e',
          ln('M26,70 Q20,52 40,52 Q60,52 60,40 Q60,26 44,28', '#386641', 12) +
            ln('M26,70 Q20,52 40,52 Q60,52 60,40 Q60,26 44,28', '#a7c957', 7) +
            c(44, 28, 3, INK, ''),
        ),
      ),
      L3: s(
        '午（うま）',
        'Horse',
        token('#6a994e', p('M34,78 L36,52 Q30,36 44,26 L48,16 L54,28 Q70,30 76,46 Q76,54 68,54 Q62,50 58,46 L60,78Z', '#bc6c25') + c(58, 38, 2.5, INK, '')),
      ),
      L4: s('未（ひつじ）', 'Sheep', token('#6a994e', around(8, 50, 50, c(50, 28, 9, '#fff', THIN)) + c(50, 52, 14, '#f2e8cf') + face(50, 52, 0.6))),
      L5: s(
        '申（さる）',
        'Monkey',
        token('#6a994e', c(26, 50, 8, '#d4a373') + c(74, 50, 8, '#d4a373') + c(50, 50, 24, '#8b5a2b') + e(50, 56, 16, 14, '#f2cc8f', '') + face(50, 50, 0.7)),
      ),
      W: s('お守りの目', 'Amulet eye wild', wild(c(50, 38, 30, '#1d4ed8') + c(50, 38, 22, '#fff') + c(50, 38, 14, '#60a5fa') + c(50, 38, 7, INK, ''))),
      S: s(
        '祝いの花火',
        'Festive firework',
        scatter('#ffd166', around(12, 50, 40, ln('M50,36 V10', '#ffd166', 4) + c(50, 8, 3, '#ef476f', '')) + c(50, 40, 6, '#fff', '')),
      ),
    },
  },
  'slot-tanuki-bonanza': {
    bg: ['#d4a373', '#3a2412'],
    frame: '#fefae0',
    accent: '#bc6c25',
    deco: 'leaves',
    symbols: {
      H1: s(
        'たぬき',
        'Tanuki',
        c(24, 26, 10, '#6b4a2b') +
          c(76, 26, 10, '#6b4a2b') +
          c(50, 52, 34, '#a47148') +
          p('M18,56 Q26,38 40,48 Q44,60 34,66Z M82,56 Q74,38 60,48 Q56,60 66,66Z', '#3a2412', '') +
          c(36, 54, 4, '#fff', '') +
          c(64, 54, 4, '#fff', '') +
          e(50, 70, 12, 9, '#fefae0') +
          c(50, 66, 4, INK, ''),
      ),
      H2: s(
        'きのこ',
        'Mushroom',
        p('M14,50 Q16,14 50,12 Q84,14 86,50Z', '#d62828') +
          c(34, 32, 6, '#fff', '') +
          c(60, 24, 5, '#fff', '') +
          c(70, 40, 5, '#fff', '') +
          r(38, 50, 24, 38, 8, '#fefae0'),
      ),
      H3: s(
        'もみじ',
        'Maple leaf',
        p('M50,6 L58,28 L76,18 L70,40 L92,42 L72,56 L80,72 L58,64 L54,88 H46 L42,64 L20,72 L28,56 L8,42 L30,40 L24,18 L42,28Z', '#e85d04') +
          ln('M50,20 V86 M50,50 L28,40 M50,50 L72,40', '#9d0208', 2),
      ),
      H4: s(
        '栗',
        'Chestnut',
        p('M50,12 Q74,28 80,58 Q80,86 50,88 Q20,86 20,58 Q26,28 50,12Z', '#8b4513') +
          p('M22,62 Q50,54 78,62 Q80,86 50,88 Q20,86 22,62Z', '#d4a373') +
          shine('M36,34 Q40,24 48,20'),
      ),
      ...ranks(['#e0a15a', '#fefae0', '#ff7b29', '#a7c957'], '#3a2412', c(80, 20, 8, '#e85d04', THIN)),
      W: s(
        '化け葉',
        'Magic leaf wild',
        wild(p('M20,64 Q16,20 70,8 Q84,50 40,64Z', '#80b918') + ln('M20,64 Q40,40 66,14 M34,48 L26,36 M46,36 L40,22 M50,40 L64,38', '#2b9348', 3)),
      ),
      S: s(
        '月見',
        'Moon viewing',
        scatter(
          '#fefae0',
          c(54, 32, 22, '#ffe066') +
            ln('M18,74 Q22,40 14,20 M26,74 Q30,46 34,24 M22,74 Q14,50 6,40', '#bc6c25', 3) +
            c(70, 62, 7, '#fff') +
            c(80, 62, 7, '#fff') +
            c(75, 54, 7, '#fff'),
        ),
      ),
    },
  },
  'slot-firework-festival': {
    bg: ['#14213d', '#000814'],
    frame: '#ffc300',
    accent: '#ff006e',
    deco: 'stars',
    symbols: {
      H1: s(
        '大輪の花火',
        'Chrysanthemum firework',
        around(16, 50, 50, ln('M50,42 V8', '#ff006e', 3.5) + c(50, 6, 3, '#ffc300', '')) + c(50, 50, 8, '#fff', ''),
      ),
      H2: s(
        '線香花火',
        'Sparkler',
        ln('M50,96 V54', '#8b5a2b', 3) + c(50, 50, 6, '#ff7b00') + around(10, 50, 50, ln('M50,40 L46,22 L54,16 L50,6', '#ffd60a', 2)),
      ),
      H3: s(
        '浴衣',
        'Yukata',
        p('M30,12 L50,28 L70,12 L92,30 L80,44 L70,36 V90 H30 V36 L20,44 L8,30Z', '#3a86ff') +
          p('M50,28 L40,90 H44Z', '#fff', THIN) +
          r(30, 50, 40, 10, 1, '#ff006e') +
          c(40, 74, 5, '#fff', '') +
          c(60, 70, 4, '#fff', ''),
      ),
      H4: s(
        'かき氷',
        'Shaved ice',
        p('M22,50 Q20,20 50,16 Q80,20 78,50Z', '#ff4d6d') +
          p('M22,50 H78 L66,88 H34Z', '#caf0f8') +
          ln('M30,56 L40,84 M50,56 V86 M70,56 L60,84', '#90e0ef', 2) +
          r(60, 8, 4, 18, 2, '#fff', THIN),
      ),
      ...ranks(['#ffc300', '#ff006e', '#8ecae6', '#fb5607'], '#000814', around(8, 50, 50, c(50, 10, 3, '#ffc30080', ''))),
      W: s(
        'くす玉',
        'Kusudama wild',
        wild(
          c(50, 36, 26, '#ffc300') +
            ln('M24,36 H76 M50,10 V62', '#ff006e', 3) +
            r(40, 62, 20, 6, 1, '#fff', THIN) +
            ln('M20,12 L14,30 M80,12 L86,30 M28,8 L30,22', '#8ecae6', 3),
        ),
      ),
      S: s(
        '夜店の風鈴',
        'Festival wind chime',
        scatter(
          '#ffc300',
          p('M26,50 Q26,14 50,14 Q74,14 74,50Z', '#fff') +
            c(44, 30, 5, '#ff006e', '') +
            c(58, 38, 4, '#3a86ff', '') +
            ln('M50,50 V60', INK, 2) +
            r(40, 58, 20, 12, 2, '#ffc300', THIN),
        ),
      ),
    },
  },
  'slot-tea-garden': {
    bg: ['#b5e48c', '#1e3d2b'],
    frame: '#f8f4e3',
    accent: '#e56b6f',
    deco: 'leaves',
    symbols: {
      H1: s(
        '抹茶',
        'Matcha bowl',
        p('M12,40 H88 Q86,84 50,86 Q14,84 12,40Z', '#6b4a2b') +
          e(50, 40, 38, 10, '#80b918') +
          ln('M24,58 Q50,66 76,58', '#a47148', 3) +
          ln('M50,4 Q58,20 50,30 M62,10 Q68,22 62,30', '#ffffff90', 3),
      ),
      H2: s(
        '茶葉',
        'Tea sprig',
        ln('M50,92 V30', '#386641', 4) +
          p('M50,34 Q26,30 20,10 Q46,12 50,34Z', '#6a994e') +
          p('M50,50 Q76,46 84,24 Q56,26 50,50Z', '#6a994e') +
          p('M50,68 Q26,66 16,46 Q44,46 50,68Z', '#a7c957'),
      ),
      H3: s(
        '急須',
        'Kyusu teapot',
        c(48, 56, 28, '#e56b6f') +
          r(66, 30, 28, 8, 4, '#6b4a2b') +
          p('M20,50 L4,40 L8,46 L22,60Z', '#e56b6f') +
          e(48, 30, 14, 5, '#b56576') +
          c(48, 24, 4, '#6b4a2b'),
      ),
      H4: s('花見団子', 'Hanami dango', ln('M50,6 V94', '#c8a26b', 4) + c(50, 24, 14, '#ffafcc') + c(50, 50, 14, '#fff') + c(50, 76, 14, '#90be6d')),
      ...ranks(['#6a994e', '#e56b6f', '#386641', '#b56576'], '#f8f4e3', p('M20,86 Q20,60 50,50 Q80,60 80,86Z', '#a7c95740', 'stroke="none"')),
      W: s(
        'ハイビスカス',
        'Hibiscus wild',
        wild(
          around(5, 50, 36, p('M50,36 Q30,20 38,4 Q50,0 62,4 Q70,20 50,36Z', '#e63946', THIN)) +
            ln('M50,36 L62,22', '#ffd60a', 3) +
            c(62, 22, 3, '#ffd60a', ''),
        ),
      ),
      S: s(
        '蝶',
        'Butterfly',
        scatter(
          '#b5e48c',
          p('M50,40 Q30,6 14,18 Q6,36 50,42 Q14,50 24,68 Q40,74 50,42 Q60,74 76,68 Q86,50 50,42 Q94,36 86,18 Q70,6 50,40Z', '#4cc9f0') +
            e(50, 44, 4, 16, INK, '') +
            c(28, 24, 4, '#fff', '') +
            c(72, 24, 4, '#fff', ''),
        ),
      ),
    },
  },
  'slot-robot-factory': {
    bg: ['#adb5bd', '#212529'],
    frame: '#ffd60a',
    accent: '#00b4d8',
    deco: 'grid',
    symbols: {
      H1: s(
        'ロボット',
        'Robot',
        ln('M50,18 V6', INK, 3) +
          c(50, 6, 4, '#e63946', THIN) +
          r(18, 18, 64, 56, 10, '#ced4da') +
          r(26, 30, 48, 22, 6, '#212529') +
          c(38, 41, 6, '#00f5d4', '') +
          c(62, 41, 6, '#00f5d4', '') +
          r(34, 58, 32, 8, 2, '#6c757d', THIN) +
          r(8, 36, 10, 20, 3, '#6c757d') +
          r(82, 36, 10, 20, 3, '#6c757d') +
          r(30, 76, 40, 16, 3, '#adb5bd'),
      ),
      H2: s('歯車', 'Gear', p(star(50, 50, 10, 42, 32, -90).replace(/L/g, 'L'), '#ffd60a') + c(50, 50, 24, '#e9b200', THIN) + c(50, 50, 10, '#212529')),
      H3: s(
        'バッテリー',
        'Battery',
        r(20, 18, 60, 74, 8, '#343a40') +
          r(38, 8, 24, 10, 2, '#adb5bd') +
          r(28, 54, 44, 30, 3, '#70e000', '') +
          r(28, 38, 44, 12, 3, '#70e000', '') +
          p('M54,24 L40,52 H52 L46,76 L62,44 H50Z', '#ffd60a', THIN),
      ),
      H4: s(
        'レンチ',
        'Wrench',
        g(
          'rotate(-45 50 50)',
          r(42, 30, 16, 62, 6, '#adb5bd') + p('M30,26 Q30,6 50,6 Q70,6 70,26 L60,34 H40Z', '#adb5bd') + r(44, 4, 12, 18, 2, '#212529', ''),
        ),
      ),
      L1: s('ナット', 'Hex nut', p('M50,12 L84,31 V69 L50,88 L16,69 V31Z', '#6c757d') + c(50, 50, 14, '#212529')),
      L2: s(
        '電球',
        'Light bulb',
        c(50, 40, 26, '#ffe45e') +
          r(38, 62, 24, 20, 3, '#adb5bd') +
          ln('M38,70 H62 M38,76 H62', INK, 2) +
          ln('M42,48 L46,34 L50,44 L54,34 L58,48', '#f77f00', 2.5),
      ),
      L3: s(
        'パラボラ',
        'Dish antenna',
        p('M14,30 Q30,80 80,70Z', '#dee2e6') + ln('M46,56 L66,28', INK, 3) + c(68, 26, 5, '#e63946', THIN) + p('M40,64 L34,90 H66 L56,64Z', '#6c757d'),
      ),
      L4: s(
        '磁石',
        'Magnet',
        ln('M28,20 V54 Q28,80 50,80 Q72,80 72,54 V20', INK, 20) +
          ln('M28,20 V54 Q28,80 50,80 Q72,80 72,54 V20', '#e63946', 14) +
          r(20, 14, 16, 14, 1, '#dee2e6') +
          r(64, 14, 16, 14, 1, '#dee2e6'),
      ),
      W: s(
        'ロボットアーム',
        'Robot arm wild',
        wild(
          r(14, 56, 30, 10, 2, '#6c757d') +
            ln('M28,56 L40,26 L72,16', INK, 12) +
            ln('M28,56 L40,26 L72,16', '#ffd60a', 7) +
            c(40, 26, 6, '#212529') +
            p('M72,10 L88,6 L84,16 Z M72,22 L88,26 L84,16Z', '#adb5bd', THIN),
        ),
      ),
      S: s(
        '人工衛星',
        'Satellite',
        scatter(
          '#00b4d8',
          r(38, 30, 24, 24, 3, '#ffd60a') +
            r(6, 34, 28, 16, 1, '#0077b6') +
            r(66, 34, 28, 16, 1, '#0077b6') +
            ln('M34,42 H38 M62,42 H66', INK, 3) +
            ln('M50,30 V18', INK, 2) +
            c(50, 16, 3, '#e63946', ''),
        ),
      ),
    },
  },
};

function neon(d: string, color: string): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-opacity=".35" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="${color}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="#fff" stroke-opacity=".8" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round"/>`;
}
function koi(body: string, belly: string): string {
  return (
    p('M10,58 Q30,30 62,36 Q80,40 86,54 Q80,66 62,68 Q36,72 22,62 L6,76 L8,54Z', belly) +
    p('M30,44 Q44,34 60,40 Q52,50 36,52Z M58,56 Q70,58 76,62 Q66,66 56,64Z', body, THIN) +
    p('M44,36 Q52,22 60,36Z M48,66 Q52,78 60,68Z', body, THIN) +
    c(76, 50, 3, INK, '') +
    ln('M86,54 Q92,50 94,56', INK, 2)
  );
}
function dragonHead(skin: string, shade: string, horn: string): string {
  return (
    p('M20,70 Q14,40 40,28 Q56,20 74,30 L90,26 L82,40 Q88,56 74,64 Q60,72 50,66 L44,82 L36,70Z', skin) +
    p('M40,28 L34,10 L48,24 M56,24 L58,6 L66,26', horn) +
    c(64, 42, 5, '#fff') +
    c(65, 42, 2.4, INK, '') +
    ln('M74,56 Q84,60 92,56 M72,62 Q78,72 88,74', horn, 2.5) +
    ln('M30,54 Q40,50 46,56', shade, 2.5)
  );
}
function katana(): string {
  return p('M48,4 Q56,30 54,62 L46,62 Q48,30 48,4Z', '#e9ecef', THIN) + r(40, 62, 20, 4, 1, '#d4af37', THIN) + r(46, 66, 8, 28, 2, '#3d3d52', THIN);
}
function luckyCat(fur: string, collar: string): string {
  return (
    p('M22,30 L28,8 L42,22 Z M78,30 L72,8 L58,22Z', fur) +
    e(50, 70, 28, 24, fur) +
    c(50, 40, 26, fur) +
    p('M70,60 Q84,46 82,24 Q90,22 92,30 Q94,50 78,66Z', fur) +
    ln('M84,26 V32 M88,26 V32', INK, 1.5) +
    ln('M38,40 Q41,36 44,40 M56,40 Q59,36 62,40', INK, 2.5) +
    p('M47,48 H53 L50,51Z', '#ff8fab', THIN) +
    ln('M30,48 H40 M60,48 H70', INK, 1.5) +
    r(28, 60, 44, 7, 3, collar) +
    c(50, 70, 6, '#ffd84a', THIN) +
    c(36, 84, 8, '#ffd84a', THIN)
  );
}
function medallion(fill: string, body: string): string {
  return c(50, 50, 46, fill, 'stroke="#bc4749" stroke-width="4"') + body;
}
function token(fill: string, body: string): string {
  return p('M50,6 L88,28 V72 L50,94 L12,72 V28Z', `${fill}55`, `stroke="${fill}" stroke-width="4" stroke-linejoin="round"`) + body;
}
