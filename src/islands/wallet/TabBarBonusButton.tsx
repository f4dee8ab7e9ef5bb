import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import GiftIcon from './GiftIcon';
import { useDailyBonus } from './useDailyBonus';
import '../playerStrings';

const RADIUS = 16;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The tab bar's daily bonus button for a signed-in player (TabBarBonus.tsx loads it for a player only). */
export default function TabBarBonusButton({ lang }: { lang: Language }) {
  const t = useT(lang, 'wallet');
  const bonus = useDailyBonus(lang);
  const percent = Math.round(bonus.progress * 100);
  const label = bonus.claimable ? t('daily.claimAction') : t('daily.countdownLabel', { time: bonus.countdown });
  // The tab bar's <li> wraps this island (TabBar.astro), so this renders only the button.
  return (
    <button
      type="button"
      className="flex w-full flex-col items-center gap-0.5 py-1 text-xs text-cream/85 disabled:opacity-70"
      data-testid="tab-bar-bonus"
      aria-label={label}
      disabled={!bonus.ready || !bonus.claimable || bonus.guarded}
      onClick={() => void bonus.claim()}
    >
      <span className="relative -mt-4 flex h-11 w-11 items-center justify-center rounded-full bg-brown-800 shadow-lg shadow-black/40">
        <svg aria-hidden="true" viewBox="0 0 40 40" className="absolute inset-0 h-11 w-11 -rotate-90">
          <circle cx="20" cy="20" r={RADIUS} fill="none" stroke="currentColor" strokeWidth="4" className="text-brown-600" />
          <circle
            cx="20"
            cy="20"
            r={RADIUS}
            fill="none"
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
            className="text-gold-400 transition-[stroke-dashoffset] duration-1000"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - bonus.progress)}
            data-testid="tab-bar-bonus-progress"
            data-percent={percent}
          />
        </svg>
        <span className={bonus.claimable ? 'animate-pulse motion-reduce:animate-none' : ''}>
          <GiftIcon />
        </span>
      </span>
      <span aria-hidden="true" className={bonus.claimable ? 'font-semibold text-gold-400' : 'font-mono tabular-nums'}>
        {bonus.claimable && bonus.next
          ? t('progress:daily.streakDay', { day: bonus.next.day })
          : bonus.claimable || !bonus.ready
            ? t('daily.tab')
            : bonus.countdown}
      </span>
    </button>
  );
}
