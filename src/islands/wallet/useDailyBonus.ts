import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/useT';
import { showToast } from '../../stores/toasts';
import {
  $balance,
  $bonusClaimGuard,
  bonusProgress,
  claimDailyBonus,
  formatCountdown,
  isBonusClaimable,
  msUntilNextClaim,
  refreshBalance,
} from '../../stores/wallet';
import { formatCoins } from '../../lib/formatCoins';
import { $progression } from '../../stores/progression';
import '../playerStrings';

/** The current time, ticking every second while mounted (the countdown's clock). */
function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * What both daily bonus buttons (desktop header, mobile tab bar) show and do: claimable or an
 * hh:mm:ss countdown, the progress of the 24 h wait, and the guarded claim with its toast.
 */
export function useDailyBonus(lang: Language) {
  const t = useT(lang, 'wallet');
  const { data } = useStore($balance);
  const guarded = useStore($bonusClaimGuard);
  const progression = useStore($progression).data;
  const now = useNow();
  const claimable = data ? isBonusClaimable(data, now) : false;
  const remaining = data ? msUntilNextClaim(data, now) : 0;

  // When the countdown ends, ask the server again so its canClaimBonus agrees with the button.
  const wasWaiting = useRef(false);
  useEffect(() => {
    if (remaining > 0) wasWaiting.current = true;
    else if (wasWaiting.current) {
      wasWaiting.current = false;
      refreshBalance();
    }
  }, [remaining]);

  const claim = async () => {
    try {
      const result = await claimDailyBonus();
      if (result) {
        const streak = (result as { streakDays?: number }).streakDays;
        showToast(
          streak
            ? t('progress:daily.claimedStreak', { day: streak, amount: formatCoins(result.bonus, lang) })
            : t('daily.won', { amount: formatCoins(result.bonus, lang) }),
          'success',
        );
      }
    } catch (error) {
      const code = error instanceof ApiError ? error.displayCode : 'TECHNICAL_ERROR';
      // A refusal's text loads with it (as the error catalogue does): a page with the button does not carry it.
      const { protectionMessage } = await import('../account/protectionText');
      showToast(protectionMessage(t, lang, error) ?? t(`errors:${code}`), 'error');
    }
  };

  return {
    ready: Boolean(data),
    claimable,
    guarded,
    countdown: formatCountdown(remaining),
    progress: data ? bonusProgress(data, now) : 0,
    /** The next claim's streak day and coins (GET /progression), when known and not paused. */
    next: progression && !progression.paused ? progression.dailyBonus : null,
    claim,
  };
}
