import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import { localizePath } from '../../lib/routes';
import { $session } from '../../stores/session';
import { useSession } from '../../stores/useSession';
import { formatRaffleDate, historyTitle, raffleHistoryStore } from '../../stores/raffle';
import Spinner from '../Spinner';
import { formatCoins } from '../../lib/formatCoins';
import 'virtual:strings?raffle.history';

/**
 * Raffle history (spec section 2): sign-in required (signed out goes to the site root); name, draw
 * date and result at 50/30/20%, newest draw first; the name in the current language, else
 * 'default', else N/A; the date in the local format; the result opens the draw's public record in
 * a new tab. Refetched on window focus by the query layer.
 */
export default function RaffleHistory({ lang }: { lang: Language }) {
  const t = useT(lang, 'raffle');
  const session = useSession();
  const [mounted, setMounted] = useState(false);
  const { data, loading, error } = useStore(raffleHistoryStore(lang));

  useEffect(() => {
    setMounted(true);
    if (!$session.get()) location.replace(localizePath('/', lang));
  }, [lang]);

  if (!mounted || !session || (!data && !error)) return <Spinner lang={lang} />;
  if (!data) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="rounded border border-red-500 bg-red-950/40 p-3">
          {t('raffle:history.loadFailed')}
        </p>
        <button type="button" className="btn-gold" onClick={() => raffleHistoryStore(lang).revalidate()}>
          {t('raffle:history.retry')}
        </button>
      </div>
    );
  }
  // The server sends newest first; sorted here too so the order never depends on it.
  const rows = [...data].sort((a, b) => Date.parse(b.raffleDrawDate) - Date.parse(a.raffleDrawDate));
  return (
    <div className="flex flex-col gap-3" data-testid="raffle-history">
      {rows.length > 0 && (
        <div className="rounded-lg border border-brown-700">
          <table className="w-full table-fixed text-sm">
            <caption className="sr-only">{t('raffle:history.caption')}</caption>
            <colgroup>
              <col style={{ width: '50%' }} />
              <col style={{ width: '30%' }} />
              <col style={{ width: '20%' }} />
            </colgroup>
            <thead className="bg-brown-800 text-left">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  {t('raffle:history.name')}
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  {t('raffle:history.drawDate')}
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  {t('raffle:history.result')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const name = historyTitle(row, lang) ?? t('raffle:history.na');
                return (
                  <tr key={row.id} className="border-t border-brown-700" data-testid="raffle-history-row">
                    <td className="break-words px-2 py-2 sm:px-3" data-testid="raffle-history-name">
                      {name}
                    </td>
                    <td className="px-2 py-2 sm:px-3">
                      <time dateTime={row.raffleDrawDate}>{formatRaffleDate(row.raffleDrawDate, lang, false)}</time>
                    </td>
                    <td className="px-2 py-2 sm:px-3">
                      {/* Won (with the prize) or not won, still linking to the public record. */}
                      {(() => {
                        const outcome = row.prize > 0 ? t('raffle:history.won', { amount: formatCoins(row.prize, lang) }) : t('raffle:history.notWon');
                        const text = (
                          <span data-testid="raffle-history-outcome" className={row.prize > 0 ? 'font-bold text-gold-400' : 'text-cream/80'}>
                            {outcome}
                          </span>
                        );
                        if (!row.raffleDrawResult) return text;
                        return (
                          <a
                            href={row.raffleDrawResult}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={t('raffle:history.outcomeLabel', { outcome, name })}
                            className="inline-flex flex-wrap items-center gap-0.5 underline decoration-gold-400"
                            data-testid="raffle-history-result"
                          >
                            {text}
                            <svg
                              aria-hidden="true"
                              viewBox="0 0 24 24"
                              className="h-3 w-3 shrink-0 text-gold-400"
                              fill="none"
                              stroke="currentColor"
                              strokeWidth="2"
                            >
                              <path d="M14 4h6v6M20 4l-9 9M18 14v6H4V6h6" />
                            </svg>
                          </a>
                        );
                      })()}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {loading && rows.length > 0 && (
        <span className="sr-only" role="status">
          {t('common:loading')}
        </span>
      )}
      <p className="text-center text-cream/80" data-testid="end-of-records">
        {rows.length === 0 ? t('raffle:history.none') : t('raffle:history.end')}
      </p>
    </div>
  );
}
