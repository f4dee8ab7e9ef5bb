import { useEffect, useState } from 'react';
import type { LiveResult } from '../../../contracts/live-tables';
import type { TFunction } from '../../lib/i18n';

/** A spot's name in the viewer's language: 赤, 第 2 ダズン, スプリット 1・2, トリオ 0・1・2, プレイヤー. */
export function spotLabel(t: TFunction<'live'>, spot: string): string {
  const [type, ...rest] = spot.split('-');
  switch (type) {
    case 'red':
    case 'black':
    case 'odd':
    case 'even':
    case 'low':
    case 'high':
    case 'player':
    case 'banker':
    case 'tie':
      return t(`table.spot.${type}`);
    case 'dozen':
    case 'column':
      return t(`table.spot.${type}`, { value: rest[0] });
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'line': {
      const numbers = rest.join(t('table.spot.sep'));
      // 0-1-2 and 0-2-3 are played as streets, 0-1-2-3 as a corner: the table calls them trio and first four.
      if (rest[0] === '0' && type === 'street') return t('table.spot.trio', { numbers });
      if (rest[0] === '0' && type === 'corner') return t('table.spot.firstFour', { numbers });
      return t(`table.spot.${type}`, { numbers });
    }
    default:
      return spot;
  }
}

/** A result in words: 17（赤）, プレイヤーの勝ち. */
export function resultText(t: TFunction<'live'>, result: LiveResult): string {
  if (result.kind === 'roulette') return t('results.result.roulette', { number: result.number, color: t(`results.color.${result.color}`) });
  return t(`results.result.${result.outcome}`);
}

/** The classes of a result's chip in a strip: the pocket's colour, or the side's. */
export function resultChipClass(result: LiveResult): string {
  if (result.kind === 'roulette') return result.color === 'red' ? 'bg-red-700' : result.color === 'black' ? 'bg-neutral-900' : 'bg-green-800';
  return result.outcome === 'player' ? 'bg-blue-800' : result.outcome === 'banker' ? 'bg-red-800' : 'bg-green-800';
}

/** What a strip's chip shows: the number, or P / B / T. */
export const resultShort = (t: TFunction<'live'>, result: LiveResult) =>
  result.kind === 'roulette' ? String(result.number) : t(`results.resultShort.${result.outcome}`);

/** The device's time, again every `ms` while mounted (the countdowns read the server's clock from it). */
export function useNow(ms = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

export { compactCoins } from '../../lib/formatCoins';
