import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Language } from '../../../contracts/constants';
import { localizePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import { $progression, levelShare, watchProgress } from '../../stores/progression';
import PersonIcon from '../account/PersonIcon';
import 'virtual:strings?progress.header';

/**
 * The header's level: a compact "Lv 3" with a thin bar of the way to the next level, linking to the
 * levels page. The XP numbers are in its accessible name (and data-xp, which the journeys read).
 * Below 768 px the header has no room for it: `variant="ring"` is the account menu button's icon
 * there (a ring of the way to the next level around the level's number) and `variant="item"` the
 * first entry of the account menu (the same label, as a link to the levels page).
 */
export default function HeaderProgress({ lang, variant = 'bar' }: { lang: Language; variant?: 'bar' | 'ring' | 'item' }) {
  const t = useT(lang, 'progress');
  const { data } = useStore($progression);
  useEffect(() => watchProgress(), []);
  if (!data) return variant === 'ring' ? <PersonIcon /> : null;
  const share = levelShare(data);
  const label =
    data.nextLevelXp === null
      ? t('header.levelTopLabel', { level: data.level, xp: data.xp })
      : t('header.levelLabel', { level: data.level, xp: data.xp, next: data.nextLevelXp });
  if (variant === 'ring') {
    // The person icon's size, so the header is no wider; r = 10.5: a circumference of 66; the arc starts at the top.
    return (
      <>
        <span aria-hidden="true" className="relative grid h-5 w-5 place-items-center md:hidden" data-testid="header-level-ring" data-level={data.level}>
          <svg viewBox="0 0 24 24" className="absolute inset-0 h-full w-full -rotate-90">
            <circle cx="12" cy="12" r="10.5" fill="none" strokeWidth="2.5" className="stroke-brown-600" />
            <circle
              cx="12"
              cy="12"
              r="10.5"
              fill="none"
              strokeWidth="2.5"
              strokeLinecap="round"
              className="stroke-gold-400 transition-[stroke-dasharray] duration-500"
              strokeDasharray={`${(share * 66).toFixed(1)} 66`}
            />
          </svg>
          <span className="text-[11px] font-black leading-none tabular-nums text-cream">{data.level}</span>
        </span>
        <PersonIcon className="hidden h-5 w-5 md:block" />
      </>
    );
  }
  if (variant === 'item') {
    return (
      <li className="md:hidden">
        <a
          href={localizePath('/levels', lang)}
          aria-label={label}
          className="block rounded px-3 py-2 text-sm hover:bg-brown-700 focus-visible:bg-brown-700"
          data-testid="menu-level"
        >
          <span aria-hidden="true" className="flex items-baseline justify-between gap-3">
            <span className="font-bold text-gold-400">{t('header.level', { level: data.level })}</span>
            <span className="whitespace-nowrap text-xs tabular-nums text-cream/80">
              {data.nextLevelXp === null ? t('header.menuTopXp', { xp: data.xp }) : t('header.menuXp', { xp: data.xp, next: data.nextLevelXp })}
            </span>
          </span>
          <span aria-hidden="true" className="mt-1 block h-1 overflow-hidden rounded-full bg-brown-600">
            <span className="block h-full rounded-full bg-gold-400" style={{ width: `${(share * 100).toFixed(1)}%` }} />
          </span>
          <span aria-hidden="true" className="mt-1 block text-xs text-cream/70">
            {t('header.menuLink')}
          </span>
        </a>
      </li>
    );
  }
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
      <span aria-hidden="true" className="whitespace-nowrap text-center text-[11px] font-bold leading-none text-gold-400 sm:text-xs">
        {t('header.level', { level: data.level })}
      </span>
      <span aria-hidden="true" className="block h-1 w-7 overflow-hidden rounded-full bg-brown-700 sm:w-9">
        <span className="block h-full rounded-full bg-gold-400 transition-[width] duration-500" style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
    </a>
  );
}
