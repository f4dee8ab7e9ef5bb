import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Language } from '../../../contracts/constants';
import type { Mission } from '../../../contracts/progression';
import { ApiError } from '../../lib/api';
import { formatCoins } from '../../lib/formatCoins';
import { useT } from '../../lib/useT';
import { $missions, $progression, claimMission, levelShare } from '../../stores/progression';
import { localizePath } from '../../lib/routes';
import { showToast } from '../../stores/toasts';
import 'virtual:strings?progress.header,progress.missions';

/** Today's three missions with their progress and a claim button once completed (signed in). */
export default function MissionsPanel({ lang }: { lang: Language }) {
  const t = useT(lang, 'progress');
  const { data, error } = useStore($missions);
  const progression = useStore($progression).data;
  const [busy, setBusy] = useState<string | null>(null);
  if (!data)
    return error ? (
      <p role="alert" className="text-sm text-cream/80">
        {t('missions.failed')}
      </p>
    ) : null;
  const claim = async (m: Mission) => {
    if (busy) return;
    setBusy(m.id);
    try {
      const r = await claimMission(m.id);
      showToast(t('missions.claimedToast', { amount: formatCoins(r.bonus, lang) }), 'success');
    } catch (e) {
      showToast(t(`errors:${e instanceof ApiError ? e.displayCode : 'TECHNICAL_ERROR'}`), 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <section
      aria-labelledby="missions-heading"
      data-testid="missions-panel"
      className="flex flex-col gap-3 rounded-xl border border-brown-700 bg-brown-900/80 p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="missions-heading" className="text-xl font-bold text-gold-400">
          {t('missions.title')}
        </h2>
        <p className="text-xs text-cream/75">{t('missions.resets')}</p>
      </div>
      {progression && (
        // The level too (the header shows it from 480 px): the way to the levels and VIP page. Its
        // name is the whole sentence; what shows is the level, the XP, a bar and the link's words.
        <a
          href={localizePath('/levels', lang)}
          aria-label={
            progression.nextLevelXp === null
              ? t('header.levelTopLabel', { level: progression.level, xp: formatCoins(progression.xp, lang) })
              : t('header.levelLabel', { level: progression.level, xp: formatCoins(progression.xp, lang), next: formatCoins(progression.nextLevelXp, lang) })
          }
          className="group flex w-full max-w-sm flex-col gap-1 self-start rounded-lg border border-brown-700 bg-brown-950/60 px-3 py-2 hover:border-gold-500 focus-visible:border-gold-500"
          data-testid="missions-level"
        >
          <span aria-hidden="true" className="flex items-baseline gap-3">
            <span className="font-bold text-gold-400">{t('header.level', { level: progression.level })}</span>
            <span className="whitespace-nowrap text-xs tabular-nums text-cream/80">
              {progression.nextLevelXp === null
                ? t('header.menuTopXp', { xp: formatCoins(progression.xp, lang) })
                : t('header.menuXp', { xp: formatCoins(progression.xp, lang), next: formatCoins(progression.nextLevelXp, lang) })}
            </span>
            <span className="ml-auto whitespace-nowrap text-xs font-semibold text-gold-400 underline underline-offset-2 group-hover:text-gold-300">
              {t('header.menuLink')}
            </span>
          </span>
          <span aria-hidden="true" className="block h-1.5 overflow-hidden rounded-full bg-brown-600">
            <span className="block h-full rounded-full bg-gold-400" style={{ width: `${(levelShare(progression) * 100).toFixed(1)}%` }} />
          </span>
        </a>
      )}
      {data.paused ? (
        <p data-testid="missions-paused" className="text-sm text-cream/85">
          {t(`missions.paused${data.paused}`)}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-3">
          {data.missions.map((m) => {
            const share = Math.min(1, m.progress / m.target);
            return (
              <li
                key={m.id}
                data-testid="mission"
                data-mission-code={m.code}
                data-completed={m.completed}
                className="flex flex-col gap-2 rounded-lg border border-brown-700 bg-brown-950/60 p-3"
              >
                <p className="font-semibold">{t(`missions.${m.kind}_${m.games}`, { target: m.kind === 'WAGERED' ? formatCoins(m.target, lang) : m.target })}</p>
                <div
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={m.target}
                  aria-valuenow={m.progress}
                  aria-label={t(`missions.${m.kind}_${m.games}`, { target: m.target })}
                  className="h-2 overflow-hidden rounded-full bg-brown-700"
                >
                  <div className="h-full rounded-full bg-gold-400" style={{ width: `${Math.round(share * 100)}%` }} />
                </div>
                <div className="flex items-center justify-between gap-2 text-sm">
                  <span className="tabular-nums text-cream/85" data-testid="mission-progress">
                    {t('missions.progress', { progress: formatCoins(m.progress, lang), target: formatCoins(m.target, lang) })}
                  </span>
                  {m.claimed ? (
                    <span className="font-semibold text-cream/70" data-testid="mission-claimed">
                      {t('missions.claimed')}
                    </span>
                  ) : m.completed ? (
                    <button
                      type="button"
                      className="btn-gold px-3 py-1 text-sm"
                      data-testid="mission-claim"
                      disabled={busy === m.id}
                      onClick={() => void claim(m)}
                    >
                      {t('missions.claim', { amount: formatCoins(m.reward, lang) })}
                    </button>
                  ) : (
                    <span className="text-cream/75">{t('missions.reward', { amount: formatCoins(m.reward, lang) })}</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
