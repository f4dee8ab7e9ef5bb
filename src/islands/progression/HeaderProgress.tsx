import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Language } from '../../../contracts/constants';
import { localizePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import { $progression, watchProgress } from '../../stores/progression';
import './strings';

/**
 * The header's level: a compact "Lv 3" with a thin bar of the way to the next level, linking to the
 * levels page. The XP numbers are in its accessible name (and data-xp, which the journeys read).
 * Below 480 px it leaves the header to the balance and the menu (home's missions panel and the levels page show it).
 */
export default function HeaderProgress({ lang }: { lang: Language }) {
  const t = useT(lang, 'progress');
  const { data } = useStore($progression);
  useEffect(() => watchProgress(), []);
  if (!data) return null;
  const span = data.nextLevelXp === null ? 1 : data.nextLevelXp - data.levelXp;
  const share = data.nextLevelXp === null ? 1 : Math.min(1, Math.max(0, (data.xp - data.levelXp) / span));
  const label = data.nextLevelXp === null
    ? t('header.levelTopLabel', { level: data.level, xp: data.xp })
    : t('header.levelLabel', { level: data.level, xp: data.xp, next: data.nextLevelXp });
  return (
    <a
      href={localizePath('/levels', lang)}
      aria-label={label}
      title={label}
      data-testid="header-level"
      data-xp={data.xp}
      data-level={data.level}
      className="hidden shrink-0 flex-col items-stretch gap-0.5 rounded-md px-0.5 py-1 hover:bg-brown-700 md:flex sm:px-1.5"
    >
      <span aria-hidden="true" className="whitespace-nowrap text-center text-[11px] font-bold leading-none text-gold-400 sm:text-xs">{t('header.level', { level: data.level })}</span>
      <span aria-hidden="true" className="block h-1 w-7 overflow-hidden rounded-full bg-brown-700 sm:w-9">
        <span className="block h-full rounded-full bg-gold-400 transition-[width] duration-500" style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
    </a>
  );
}
