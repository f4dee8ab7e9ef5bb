import type { Language } from '../../../../contracts/constants';
import type { SlotRoundState } from '../../../stores/slotRound';
import { formatCoins } from '../../../lib/formatCoins';
import { useT } from '../../../lib/useT';

/** Where the falling coins start and how they fall: fixed, so every celebration looks the same. */
const COINS = Array.from({ length: 18 }, (_, i) => ({
  left: (i * 37) % 100,
  delay: (i * 0.17) % 1.4,
  duration: 1.6 + ((i * 7) % 5) * 0.2,
  size: 18 + ((i * 5) % 3) * 8,
}));

/**
 * The big and mega win celebration over the game: its title, the win counting up (the store counts),
 * and coins raining (more and for a mega win). Decoration: the result line announces the win, so it
 * is hidden from assistive technology and lets clicks through to Skip and Spin.
 */
export default function SlotCelebration({ lang, celebration }: { lang: Language; celebration: NonNullable<SlotRoundState['celebration']> }) {
  const t = useT(lang, 'games');
  const mega = celebration.level === 'mega';
  const coins = mega ? COINS : COINS.slice(0, 10);
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed inset-0 z-30 flex items-center justify-center overflow-hidden bg-black/70 p-4"
      data-testid="big-win"
      data-level={celebration.level}
    >
      {coins.map((coin, i) => (
        <span
          key={i}
          className="absolute top-0 animate-[coinfall_linear_infinite] rounded-full border-2 border-gold-700 bg-[radial-gradient(circle_at_35%_35%,#fff6c2,#f5b700_45%,#b07a00)] motion-reduce:hidden"
          style={{ left: `${coin.left}%`, width: coin.size, height: coin.size, animationDelay: `${coin.delay}s`, animationDuration: `${coin.duration}s` }}
        />
      ))}
      <div
        className={`relative flex animate-[bigwin_0.5s_ease-out] flex-col items-center gap-1 rounded-3xl border-4 px-6 py-5 motion-reduce:animate-none sm:px-10 ${
          mega
            ? 'border-pink-400 bg-[radial-gradient(circle,#5b1a6e_0%,#1a0b24_80%)] shadow-[0_0_80px_#ff4da6]'
            : 'border-gold-500 bg-[radial-gradient(circle,#4a3122_0%,#1a100b_80%)] shadow-[0_0_60px_#e6a817]'
        }`}
      >
        <span
          className={`animate-[winpulse_0.9s_ease-in-out_infinite] whitespace-nowrap text-3xl font-black [text-shadow:0_2px_8px_#000] motion-reduce:animate-none sm:text-6xl ${mega ? 'text-pink-300' : 'text-gold-400'}`}
        >
          {t(mega ? 'slot.megaWinTitle' : 'slot.bigWinTitle')}
        </span>
        <span className="text-3xl font-black tabular-nums text-cream sm:text-5xl" data-testid="big-win-amount">
          {formatCoins(celebration.counted, lang)}
        </span>
      </div>
    </div>
  );
}
