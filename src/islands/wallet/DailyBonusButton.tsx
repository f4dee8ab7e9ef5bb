import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import GiftIcon from './GiftIcon';
import { useDailyBonus } from './useDailyBonus';
import '../playerStrings';
import { formatCoins } from '../../lib/formatCoins';

/**
 * The desktop header's (from 1024 px, where the tab bar's bonus button hides) daily bonus button: claimable, or an hh:mm:ss countdown to nextClaim.
 * Compact (gift icon only, or the bare countdown) below 1280 px so the header never wraps; the
 * accessible name always says what it is.
 */
export default function DailyBonusButton({ lang }: { lang: Language }) {
  const t = useT(lang, 'wallet');
  const bonus = useDailyBonus(lang);
  if (!bonus.ready) return null;
  if (bonus.claimable) {
    return (
      <button
        type="button"
        className="btn-gold hidden shrink-0 items-center gap-1.5 whitespace-nowrap px-2 py-1.5 text-sm lg:inline-flex xl:px-3"
        data-testid="daily-bonus-claim"
        disabled={bonus.guarded}
        aria-busy={bonus.guarded}
        aria-label={
          bonus.guarded
            ? t('daily.claiming')
            : bonus.next
              ? `${t('daily.claimAction')} ${t('progress:daily.streakLabel', { day: bonus.next.day, amount: formatCoins(bonus.next.amount, lang) })}`
              : t('daily.claimAction')
        }
        data-streak-day={bonus.next?.day}
        onClick={() => void bonus.claim()}
      >
        <GiftIcon />
        {bonus.next && !bonus.guarded ? (
          <span className="hidden xl:inline" data-testid="daily-bonus-streak">
            {t('progress:daily.streakDay', { day: bonus.next.day })} · {formatCoins(bonus.next.amount, lang)}
          </span>
        ) : (
          <span className="hidden xl:inline">{bonus.guarded ? t('daily.claiming') : t('daily.claimAction')}</span>
        )}
      </button>
    );
  }
  return (
    <div
      className="hidden shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md border border-brown-600 px-2 py-1 text-sm lg:flex xl:px-3"
      data-testid="daily-bonus-countdown"
      role="timer"
      aria-label={t('daily.countdownLabel', { time: bonus.countdown })}
    >
      <GiftIcon className="h-4 w-4 opacity-70" />
      <span className="hidden text-cream/80 xl:inline" aria-hidden="true">
        {t('daily.nextIn')}
      </span>
      <span className="font-mono font-semibold tabular-nums text-gold-400" aria-hidden="true" data-testid="daily-bonus-time">
        {bonus.countdown}
      </span>
    </div>
  );
}
