import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Language } from '../../../contracts/constants';
import { ApiError } from '../../lib/api';
import { formatCoins } from '../../lib/formatCoins';
import { useT } from '../../lib/useT';
import { $progression, claimTierBonus } from '../../stores/progression';
import { useSession } from '../../stores/useSession';
import { showToast } from '../../stores/toasts';
import MissionsPanel from './MissionsPanel';
import 'virtual:strings?progress';

/** The levels page's own part for a signed-in player: level, XP to the next, tier and its monthly bonus, streak, missions. */
export default function LevelsProgress({ lang }: { lang: Language }) {
  const t = useT(lang, 'progress');
  const session = useSession();
  const { data } = useStore($progression);
  const [busy, setBusy] = useState(false);
  if (!session) return <p className="mb-6 text-cream/85">{t('missions.signIn')}</p>;
  if (!data) return null;
  const claim = async () => {
    setBusy(true);
    try {
      const r = await claimTierBonus();
      showToast(t('page.tierBonusToast', { amount: formatCoins(r.bonus, lang) }), 'success');
    } catch (e) {
      showToast(t(`errors:${e instanceof ApiError ? e.displayCode : 'TECHNICAL_ERROR'}`), 'error');
    } finally {
      setBusy(false);
    }
  };
  const share = data.nextLevelXp === null ? 1 : (data.xp - data.levelXp) / (data.nextLevelXp - data.levelXp);
  return (
    <div className="mb-8 flex flex-col gap-6">
      <section
        aria-labelledby="your-progress"
        data-testid="levels-progress"
        className="flex flex-col gap-3 rounded-xl border border-brown-700 bg-brown-900/80 p-4"
      >
        <h2 id="your-progress" className="text-xl font-bold text-gold-400">
          {t('page.yourProgress')}
        </h2>
        <p className="text-2xl font-bold">
          {t('header.level', { level: data.level })}{' '}
          <span className="text-base font-normal text-cream/80">{t('page.xp', { xp: formatCoins(data.xp, lang) })}</span>
        </p>
        <div
          role="progressbar"
          aria-valuemin={data.levelXp}
          aria-valuemax={data.nextLevelXp ?? data.xp}
          aria-valuenow={data.xp}
          aria-label={t('page.yourProgress')}
          className="h-3 overflow-hidden rounded-full bg-brown-700"
        >
          <div className="h-full rounded-full bg-gold-400" style={{ width: `${Math.round(Math.min(1, share) * 100)}%` }} />
        </div>
        <p className="text-sm text-cream/85">
          {data.nextLevelXp === null ? t('page.topLevel') : t('page.toNext', { left: formatCoins(data.nextLevelXp - data.xp, lang), level: data.level + 1 })}
        </p>
        <p data-testid="levels-tier">{t('page.tierNow', { tier: t(`tier.${data.vipTier}`) })}</p>
        <p>{t('page.streakNow', { days: data.streakDays })}</p>
        {data.tierBonus.claimable && (
          <button type="button" className="btn-gold self-start" disabled={busy} onClick={() => void claim()} data-testid="tier-bonus-claim">
            {t('page.tierBonusClaim', { amount: formatCoins(data.tierBonus.amount, lang) })}
          </button>
        )}
      </section>
      <MissionsPanel lang={lang} />
    </div>
  );
}
