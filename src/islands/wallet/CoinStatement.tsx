import { dateFormat, numberFormat } from '../../../contracts/languages';
import { useCallback, useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import { STATEMENT_PAGE_SIZE } from '../../../contracts/constants';
import type { TransactionList } from '../../../contracts/wallet';
import { useT } from '../../lib/useT';
import { openPopup } from '../../stores/popup';
import { useSession } from '../../stores/useSession';
import { fetchStatement } from '../../stores/wallet';
import { useGames } from '../../stores/games';
import Spinner from '../Spinner';
import CoinIcon from './CoinIcon';
import 'virtual:strings?wallet.statement';

/** The "coins" view of the bet history page: the player's coin statement, newest first, page by page. */
export default function CoinStatement({ lang }: { lang: Language }) {
  const t = useT(lang, 'wallet');
  const session = useSession();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<TransactionList | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // Game titles in the page's language, as the bet history shows them (the statement only has codes).
  const { data: catalogue } = useGames(lang);
  const titles = new Map((catalogue ?? []).map((game) => [game.gameCode, game.title]));

  const load = useCallback(async (next: number) => {
    setLoading(true);
    setFailed(false);
    try {
      setData(await fetchStatement(next, STATEMENT_PAGE_SIZE));
      setPage(next);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (session) void load(1);
  }, [session, load]);

  const heading = (
    <h2 id="coin-statement-heading" className="flex items-center gap-2 text-xl font-bold text-gold-400">
      <CoinIcon /> {t('statement.heading')}
    </h2>
  );

  if (!session) {
    return (
      <section aria-labelledby="coin-statement-heading" className="flex flex-col gap-3">
        {heading}
        <div className="rounded-lg border border-brown-600 bg-brown-900 p-5 text-center" data-testid="statement-login">
          <p className="mb-4">{t('statement.loginRequired')}</p>
          <button type="button" className="btn-gold" onClick={() => openPopup('login')}>
            {t('statement.signIn')}
          </button>
        </div>
      </section>
    );
  }

  const number = numberFormat(lang);
  const signed = numberFormat(lang, { signDisplay: 'exceptZero' });
  const time = dateFormat(lang, { dateStyle: 'medium', timeStyle: 'medium' });
  const pages = data ? Math.max(1, Math.ceil(data.totalRecordAmount / STATEMENT_PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="coin-statement-heading" className="flex flex-col gap-3" data-testid="coin-statement" aria-busy={loading}>
      {heading}
      <p className="text-sm text-cream/80">{t('statement.intro')}</p>
      {data && data.records.length > 0 && (
        <div className="rounded-lg border border-brown-700 sm:overflow-x-auto">
          <table className="table-stack w-full text-sm sm:min-w-[36rem]">
            <caption className="sr-only">{t('statement.caption', { page, pages })}</caption>
            <thead className="bg-brown-800 text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('statement.date')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('statement.type')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('statement.game')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('statement.amount')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('statement.balance')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.records.map((r) => (
                <tr key={r.transactionId} className="border-t border-brown-700" data-testid="statement-row" data-type={r.transactionType}>
                  <td className="whitespace-nowrap px-3 py-2" data-label={t('statement.date')}>
                    {time.format(new Date(r.createdDate))}
                  </td>
                  <td className="px-3 py-2" data-label={t('statement.type')}>
                    {t(`statement.types.${r.transactionType}`)}
                    {/* A back-office adjustment says why, in the player's language (docs/decisions/0019). */}
                    {r.adjustmentReason && (
                      <span className="block text-sm text-cream/80" data-testid="statement-reason">
                        {t(`statement.adjustmentReasons.${r.adjustmentReason}`)}
                      </span>
                    )}
                  </td>
                  <td className="px-3 py-2" data-label={t('statement.game')} data-testid="statement-game">
                    {r.gameCode ? (titles.get(r.gameCode) ?? r.gameCode) : '—'}
                  </td>
                  <td
                    className={`px-3 py-2 text-right font-semibold tabular-nums ${r.amount > 0 ? 'text-green-400' : 'text-red-300'}`}
                    data-testid="statement-amount"
                    data-label={t('statement.amount')}
                  >
                    {signed.format(r.amount)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums" data-testid="statement-balance" data-label={t('statement.balance')}>
                    {number.format(r.newBalance)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {loading && <Spinner lang={lang} />}
      {failed && (
        <div role="alert" className="flex items-center justify-between gap-3 rounded border border-red-500 bg-red-950/40 p-3">
          <span>{t('statement.failed')}</span>
          <button type="button" className="btn-ghost px-3 py-1 text-sm" onClick={() => void load(page)}>
            {t('statement.retry')}
          </button>
        </div>
      )}
      {data && data.records.length === 0 && !loading && (
        <p className="text-center text-cream/70" data-testid="statement-empty">
          {t('statement.empty')}
        </p>
      )}
      {data && data.totalRecordAmount > 0 && (
        <nav aria-label={t('statement.heading')} className="flex items-center justify-between gap-3 text-sm">
          {pages > 1 ? (
            <button type="button" className="btn-ghost px-3 py-1 disabled:opacity-40" disabled={page <= 1 || loading} onClick={() => void load(page - 1)}>
              {t('statement.previous')}
            </button>
          ) : (
            <span />
          )}
          <span data-testid="statement-page">
            {t('statement.pageOf', { page, pages })} · {t('statement.total', { count: data.totalRecordAmount })}
          </span>
          {pages > 1 ? (
            <button type="button" className="btn-ghost px-3 py-1 disabled:opacity-40" disabled={page >= pages || loading} onClick={() => void load(page + 1)}>
              {t('statement.next')}
            </button>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
