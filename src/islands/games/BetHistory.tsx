import { dateFormat } from '../../../contracts/languages';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import type { BetRecord } from '../../../contracts/games';
import { verifyRoundHref } from '../../lib/routes';
import { useT } from '../../lib/useT';
import { fetchBetHistory } from '../../stores/rounds';
import { openPopup } from '../../stores/popup';
import { useSession } from '../../stores/useSession';
import Spinner from '../Spinner';
import { formatCoins } from '../../lib/formatCoins';
import 'virtual:strings?games.history';

// The replay (the games' stores and drawings) loads the first time a round is replayed.
const RoundReplay = lazy(() => import('./RoundReplay'));

/**
 * The bet history (rounds) view: round id, game, time, stake, win, net and balance after, newest
 * first, one page at a time behind "Load more", and the end-of-records message. Sign-in required.
 */
export default function BetHistory({ lang }: { lang: Language }) {
  const t = useT(lang, 'games');
  const session = useSession();
  const [records, setRecords] = useState<BetRecord[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [replaying, setReplaying] = useState<string | null>(null);

  const loadPage = useCallback(
    async (next: number) => {
      setLoading(true);
      setFailed(false);
      try {
        const result = await fetchBetHistory(next, lang);
        // Keyed by round id: a round that moved between pages while reading is not listed twice.
        setRecords((current) => {
          const seen = new Set(current.map((r) => r.roundId));
          return [...current, ...result.records.filter((r) => !seen.has(r.roundId))];
        });
        setPage(next);
        setHasMore(result.hasMore);
      } catch {
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [lang],
  );

  useEffect(() => {
    if (session && page === 0) void loadPage(1);
  }, [session, page, loadPage]);

  if (!session) {
    return (
      <div className="rounded-lg border border-brown-600 bg-brown-900 p-5 text-center" data-testid="bet-history-login">
        <p className="mb-4">{t('history.loginRequired')}</p>
        <button type="button" className="btn-gold" onClick={() => openPopup('login')}>
          {t('history.signIn')}
        </button>
      </div>
    );
  }

  const time = dateFormat(lang, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <section aria-labelledby="rounds-heading" className="flex flex-col gap-3" data-testid="bet-history">
      <h2 id="rounds-heading" className="text-xl font-bold text-gold-400">
        {t('history.roundsHeading')}
      </h2>
      {records.length > 0 && (
        <div className="rounded-lg border border-brown-700 sm:overflow-x-auto">
          <table className="table-stack w-full text-sm sm:min-w-[40rem]">
            <caption className="sr-only">{t('history.caption')}</caption>
            <thead className="bg-brown-800 text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('history.round')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('history.game')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('history.time')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('history.stake')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('history.win')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('history.net')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('history.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr key={record.roundId} className="border-t border-brown-700" data-testid="bet-row" data-round-id={record.roundId}>
                  <td className="px-3 py-2 font-mono text-xs" data-label={t('history.round')}>
                    <a href={verifyRoundHref(record.roundId, lang)} className="text-gold-400 underline" title={t('history.verifyRound')}>
                      {record.roundId.slice(0, 8)}
                    </a>
                    {record.status !== 'settled' && <span className="ml-1 rounded bg-brown-700 px-1 text-[10px]">{t(`history.status.${record.status}`)}</span>}
                    <button
                      type="button"
                      className="ml-2 rounded border border-gold-600 px-2 py-0.5 font-sans text-xs text-gold-400 hover:bg-brown-800"
                      aria-haspopup="dialog"
                      aria-label={t('history.replayRound', { round: record.roundId.slice(0, 8) })}
                      onClick={() => setReplaying(record.roundId)}
                      data-testid="replay-open"
                    >
                      {t('history.replay')}
                    </button>
                  </td>
                  <td className="px-3 py-2" data-label={t('history.game')}>
                    {record.gameTitle}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap" data-label={t('history.time')}>
                    {time.format(new Date(record.createdAt))}
                  </td>
                  <td className="px-3 py-2 text-right" data-testid="bet-stake" data-label={t('history.stake')}>
                    {formatCoins(record.stake, lang)}
                  </td>
                  <td className="px-3 py-2 text-right" data-label={t('history.win')}>
                    {formatCoins(record.win, lang)}
                  </td>
                  <td
                    data-label={t('history.net')}
                    className={`px-3 py-2 text-right font-semibold ${record.net > 0 ? 'text-green-400' : record.net < 0 ? 'text-red-300' : ''}`}
                  >
                    {record.net > 0 ? '+' : ''}
                    {formatCoins(record.net, lang)}
                  </td>
                  <td className="px-3 py-2 text-right" data-testid="bet-balance-after" data-label={t('history.balanceAfter')}>
                    {formatCoins(record.balanceAfter, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {replaying && (
        <Suspense fallback={null}>
          <RoundReplay lang={lang} roundId={replaying} onClose={() => setReplaying(null)} />
        </Suspense>
      )}
      {loading && <Spinner lang={lang} />}
      {failed && (
        <p role="alert" className="rounded border border-red-500 bg-red-950/40 p-3">
          {t('history.loadFailed')}
        </p>
      )}
      {!loading && !failed && hasMore && page > 0 && (
        <button type="button" className="btn-ghost self-center" onClick={() => void loadPage(page + 1)} data-testid="load-more">
          {t('history.loadMore')}
        </button>
      )}
      {!loading && !failed && !hasMore && (
        <p className="text-center text-cream/70" data-testid="end-of-records">
          {records.length === 0 ? t('history.none') : t('history.end')}
        </p>
      )}
    </section>
  );
}
