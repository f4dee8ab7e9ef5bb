import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { useDailyBonus } from './useDailyBonus';

/** The desktop header's daily bonus button: claimable, or an hh:mm:ss countdown to nextClaim. */
export default function DailyBonusButton({ lang }: { lang: Language }) {
  const t = useT(lang, 'wallet');
  const bonus = useDailyBonus(lang);
  if (!bonus.ready) return null;
  if (bonus.claimable) {
    return (
      <button
        type="button"
        className="btn-gold hidden gap-1.5 px-3 py-1.5 text-sm md:inline-flex"
        data-testid="daily-bonus-claim"
        disabled={bonus.guarded}
        aria-busy={bonus.guarded}
        onClick={() => void bonus.claim()}
      >
        <span aria-hidden="true">🎁</span>
        {bonus.guarded ? t('daily.claiming') : t('daily.claimAction')}
      </button>
    );
  }
  return (
    <div
      className="hidden items-center gap-1.5 rounded-md border border-brown-600 px-3 py-1 text-sm md:flex"
      data-testid="daily-bonus-countdown"
      role="timer"
      aria-label={t('daily.countdownLabel', { time: bonus.countdown })}
    >
      <span className="text-cream/80" aria-hidden="true">{t('daily.nextIn')}</span>
      <span className="font-mono font-semibold tabular-nums text-gold-400" aria-hidden="true" data-testid="daily-bonus-time">
        {bonus.countdown}
      </span>
    </div>
  );
}
