import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { $balance, refreshBalance } from '../../stores/wallet';
import CoinIcon from './CoinIcon';
import { formatCoins } from '../../lib/formatCoins';
import { useCountUp } from './useCountUp';
import '../playerStrings';

/**
 * The signed-in header's balance with the coin icon, counting up to each new value (spec sections 2
 * and 4). A balance that could not load (an error answer, or none within the API client's timeout)
 * says so with a retry button instead of keeping its skeleton; an amount already shown stays.
 */
export default function HeaderBalance({ lang }: { lang: Language }) {
  const t = useT(lang, 'wallet');
  const { data, error, loading } = useStore($balance);
  const shown = useCountUp(data?.balance);
  return (
    <div
      className="flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border border-brown-600 bg-brown-800 px-2 py-1 sm:px-3"
      data-testid="header-balance"
    >
      <CoinIcon />
      {data === undefined && error && !loading ? (
        <>
          <span className="sr-only" role="alert">
            {t('balance.loadFailed')}
          </span>
          <button
            type="button"
            className="text-xs font-bold text-gold-400 underline underline-offset-2 hover:text-gold-300"
            title={t('balance.loadFailed')}
            onClick={refreshBalance}
          >
            {t('balance.retry')}
          </button>
        </>
      ) : data === undefined || shown === undefined ? (
        <span className="h-4 w-12 animate-pulse rounded bg-brown-700" role="status" aria-label={t('balance.loading')} />
      ) : (
        <>
          {/* The animated digits are hidden from screen readers; they hear the final amount once. */}
          <span aria-hidden="true" className="min-w-[3ch] text-right font-bold tabular-nums text-gold-400" data-testid="balance" data-target={data.balance}>
            {formatCoins(shown, lang)}
          </span>
          <span className="sr-only">
            {t('balance.label')}: {t('balance.coins', { amount: formatCoins(data.balance, lang) })}
          </span>
        </>
      )}
    </div>
  );
}
