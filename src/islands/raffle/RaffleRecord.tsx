import { useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import type { RaffleRecord as Record } from '../../../contracts/raffle';
import type { RaffleListSchema } from '../../../contracts/raffle';
import { verifyRaffleRecord, type RecordCheck } from '../../../contracts/raffle-draw';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/useT';
import { localizePath, splitLocalePath } from '../../lib/routes';
import { fetchRaffleRecord, fetchRaffles, formatRaffleAmount, formatRaffleDate, historyTitle } from '../../stores/raffle';
import Spinner from '../Spinner';
import 'virtual:strings?raffle.coins,raffle.record,raffle.status';

/** The ref in /raffles/<ref> (the one prerendered page per language serves every ref). */
export function refFromPath(pathname: string): string | null {
  const match = /^\/raffles\/([a-z0-9][a-z0-9-]{0,62})\/?$/.exec(splitLocalePath(pathname).path);
  return match ? match[1] : null;
}

/**
 * A raffle's public draw record (`/raffles/<ref>`), or the list of raffles (`/raffles/`). The
 * record page recomputes the winners in the browser with the very code the server drew with
 * (contracts/raffle-draw.ts), from the published seed, ticket list and prizes alone.
 */
export default function RaffleRecord({ lang }: { lang: Language }) {
  const [ref, setRef] = useState<string | null | undefined>(undefined);
  useEffect(() => setRef(refFromPath(location.pathname)), []);
  if (ref === undefined) return <Spinner lang={lang} />;
  return ref ? <RecordView lang={lang} raffleRef={ref} /> : <RaffleList lang={lang} />;
}

function RaffleList({ lang }: { lang: Language }) {
  const t = useT(lang, 'raffle');
  const [list, setList] = useState<z.infer<typeof RaffleListSchema> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchRaffles().then(setList, () => setFailed(true));
  }, []);
  if (failed) return <p role="alert">{t('raffle:record.loadFailed')}</p>;
  if (!list) return <Spinner lang={lang} />;
  if (list.length === 0) return <p>{t('raffle:record.listEmpty')}</p>;
  return (
    <section aria-labelledby="raffle-list-heading" data-testid="raffle-list">
      <h2 id="raffle-list-heading" className="mb-3 text-xl font-bold text-gold-400">
        {t('raffle:record.listHeading')}
      </h2>
      <ul className="flex flex-col gap-2">
        {list.map((r) => (
          <li key={r.ref} className="rounded-lg border border-brown-700 bg-brown-800 p-3">
            <a className="font-semibold text-gold-400 underline" href={localizePath(`/raffles/${r.ref}`, lang)}>
              {historyTitle(r, lang) ?? r.ref}
            </a>
            <span className="ml-2 rounded bg-brown-700 px-1.5 py-0.5 text-xs">{t(`raffle:status.${r.status}`)}</span>
            <p className="text-sm text-cream/80">
              {formatRaffleDate(r.startDateUtc, lang)} – {formatRaffleDate(r.endDateUtc, lang)} · {t('raffle:record.drawDate')}:{' '}
              {formatRaffleDate(r.raffleDrawDate, lang)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Field({
  label,
  children,
  mono = false,
  wide = false,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  mono?: boolean;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs uppercase tracking-wide text-cream/80">{label}</dt>
      <dd className={mono ? 'break-all font-mono text-xs' : ''} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function RecordView({ lang, raffleRef }: { lang: Language; raffleRef: string }) {
  const t = useT(lang, 'raffle');
  const [record, setRecord] = useState<Record | null>(null);
  const [failure, setFailure] = useState<'notFound' | 'loadFailed' | null>(null);
  const [check, setCheck] = useState<RecordCheck | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    fetchRaffleRecord(raffleRef).then(setRecord, (error) => setFailure(error instanceof ApiError && error.status === 404 ? 'notFound' : 'loadFailed'));
  }, [raffleRef]);

  const recompute = (r: Record) => {
    if (!r.serverSeed || !r.ticketListHash || !r.tickets) return;
    setChecking(true);
    // Let the "recomputing" state paint before the (synchronous) hashing runs.
    setTimeout(() => {
      setCheck(
        verifyRaffleRecord({
          commitment: r.commitment,
          serverSeed: r.serverSeed!,
          ticketListHash: r.ticketListHash!,
          tickets: r.tickets!,
          prizes: r.prizes,
          winners: r.winners,
        }),
      );
      setChecking(false);
    }, 20);
  };
  useEffect(() => {
    if (record) recompute(record);
  }, [record]);

  if (failure)
    return (
      <p role="alert" data-testid="raffle-record-error">
        {t(`raffle:record.${failure}`)}
      </p>
    );
  if (!record) return <Spinner lang={lang} />;

  const title = historyTitle(record, lang) ?? record.translations[0]?.title ?? record.ref;
  const coins = (amount: number) => formatRaffleAmount(amount, record.baseCurrency, lang, (formatted) => t('raffle:coins', { amount: formatted }));
  const drawn = record.status === 'DRAWN' && record.tickets !== null;
  let start = 0;
  const ranges = (record.tickets ?? []).map((h) => {
    const first = start;
    start += h.tickets;
    return [first, start - 1] as const;
  });
  const yesNo = (ok: boolean) => (
    <span className={ok ? 'font-semibold text-green-400' : 'font-semibold text-red-300'}>
      {ok ? `✓ ${t('raffle:record.passed')}` : `✗ ${t('raffle:record.failed')}`}
    </span>
  );
  const allOk = check?.commitmentMatches && check.ticketListHashMatches && check.winnersMatch;

  return (
    <article className="flex flex-col gap-6" data-testid="raffle-record" data-raffle-ref={record.ref}>
      <header>
        <a className="text-sm text-gold-400 underline" href={localizePath('/raffles/', lang)}>
          {t('raffle:record.back')}
        </a>
        <h2 className="mt-2 text-2xl font-bold text-gold-400" data-testid="raffle-record-title">
          {title}
        </h2>
        <p className="mt-1">
          <span className="rounded bg-brown-700 px-1.5 py-0.5 text-xs" data-testid="raffle-record-status">
            {t(`raffle:status.${record.status}`)}
          </span>
        </p>
      </header>

      <dl className="grid grid-cols-1 gap-3 rounded-lg border border-brown-700 bg-brown-800 p-4 text-sm sm:grid-cols-2">
        <Field label={t('raffle:record.period')}>
          {formatRaffleDate(record.startDateUtc, lang)} – {formatRaffleDate(record.endDateUtc, lang)}
        </Field>
        <Field label={t('raffle:record.drawDate')}>{formatRaffleDate(record.raffleDrawDate, lang)}</Field>
        <Field label={t('raffle:record.wagerPerEntry')}>{coins(record.wagerPerEntry)}</Field>
        {record.drawnAtUtc && <Field label={t('raffle:record.drawnAt')}>{formatRaffleDate(record.drawnAtUtc, lang)}</Field>}
        <Field wide label={t('raffle:record.commitment')} mono testId="raffle-commitment">
          {record.commitment}
        </Field>
        {record.serverSeed && (
          <Field wide label={t('raffle:record.serverSeed')} mono testId="raffle-server-seed">
            {record.serverSeed}
          </Field>
        )}
        {record.ticketListHash && (
          <Field wide label={t('raffle:record.ticketListHash')} mono testId="raffle-list-hash">
            {record.ticketListHash}
          </Field>
        )}
      </dl>

      {record.status === 'CANCELLED' && <p>{t('raffle:record.cancelled')}</p>}
      {!drawn && record.status !== 'CANCELLED' && (
        <p data-testid="raffle-not-drawn">{t('raffle:record.notDrawn', { date: formatRaffleDate(record.raffleDrawDate, lang) })}</p>
      )}

      {drawn && (
        <>
          <section aria-labelledby="verify-heading" className="rounded-lg border border-gold-500/50 bg-brown-900 p-4" data-testid="raffle-verify">
            <h3 id="verify-heading" className="mb-2 font-bold text-gold-400">
              {t('raffle:record.verify')}
            </h3>
            {checking || !check ? (
              <p role="status">{t('raffle:record.verifying')}</p>
            ) : (
              <>
                <ul className="flex flex-col gap-1 text-sm">
                  <li data-testid="check-commitment">
                    {t('raffle:record.checkCommitment')}: {yesNo(check.commitmentMatches)}
                  </li>
                  <li data-testid="check-list">
                    {t('raffle:record.checkList')}: {yesNo(check.ticketListHashMatches)}
                  </li>
                  <li data-testid="check-winners">
                    {t('raffle:record.checkWinners')}: {yesNo(check.winnersMatch)}
                  </li>
                </ul>
                <p role="status" className="mt-2 font-semibold" data-testid="raffle-verify-result" data-verified={allOk ? 'true' : 'false'}>
                  {allOk ? t('raffle:record.allPassed') : t('raffle:record.someFailed')}
                </p>
                <button type="button" className="btn-ghost mt-3 text-sm" onClick={() => recompute(record)}>
                  {t('raffle:record.verify')}
                </button>
              </>
            )}
          </section>

          <section aria-labelledby="winners-heading">
            <h3 id="winners-heading" className="mb-2 text-lg font-bold text-gold-400">
              {t('raffle:record.winners')}
            </h3>
            {record.winners.length === 0 ? (
              <p>{t('raffle:record.noWinners')}</p>
            ) : (
              <div className="overflow-x-auto rounded-lg border border-brown-700">
                <table className="w-full text-sm" data-testid="raffle-winners">
                  <caption className="sr-only">{t('raffle:record.winnersCaption')}</caption>
                  <thead className="bg-brown-800 text-left">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        {t('raffle:record.place')}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t('raffle:record.holder')}
                      </th>
                      <th scope="col" className="px-3 py-2 text-right">
                        {t('raffle:record.ticket')}
                      </th>
                      <th scope="col" className="px-3 py-2 text-right">
                        {t('raffle:record.prize')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {record.winners.map((w) => (
                      <tr key={w.place} className="border-t border-brown-700" data-testid="raffle-winner-row">
                        <td className="px-3 py-2">{w.place}</td>
                        <td className="px-3 py-2 font-mono text-xs">{w.holder}</td>
                        <td className="px-3 py-2 text-right tabular-nums">{w.ticket}</td>
                        <td className="px-3 py-2 text-right">{coins(w.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section aria-labelledby="tickets-heading">
            <h3 id="tickets-heading" className="mb-2 text-lg font-bold text-gold-400">
              {t('raffle:record.tickets')}
            </h3>
            <p className="mb-2 text-sm">{t('raffle:record.totalTickets', { count: record.totalTickets ?? 0 })}</p>
            {record.tickets!.length === 0 ? (
              <p>{t('raffle:record.noTickets')}</p>
            ) : (
              <div className="max-h-96 overflow-auto rounded-lg border border-brown-700">
                <table className="w-full text-sm" data-testid="raffle-tickets">
                  <caption className="sr-only">{t('raffle:record.ticketsCaption')}</caption>
                  <thead className="sticky top-0 bg-brown-800 text-left">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        {t('raffle:record.holder')}
                      </th>
                      <th scope="col" className="px-3 py-2 text-right">
                        {t('raffle:record.ticketCount')}
                      </th>
                      <th scope="col" className="px-3 py-2 text-right">
                        {t('raffle:record.ticketRange')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {record.tickets!.map((h, i) => (
                      <tr key={h.holder} className="border-t border-brown-700">
                        <td className="px-3 py-2 font-mono text-xs">{h.holder}</td>
                        <td className="px-3 py-2 text-right tabular-nums">{h.tickets}</td>
                        <td className="px-3 py-2 text-right tabular-nums">
                          {ranges[i][0]}–{ranges[i][1]}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}

      <section aria-labelledby="algorithm-heading" className="text-sm">
        <h3 id="algorithm-heading" className="mb-2 text-lg font-bold text-gold-400">
          {t('raffle:record.algorithm')}
        </h3>
        <p className="mb-3">{t('raffle:record.algorithmWords')}</p>
        <details>
          <summary className="cursor-pointer text-gold-400">
            {t('raffle:record.algorithmCode')} ({record.algorithm.version})
          </summary>
          <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-black/40 p-3 text-xs" tabIndex={0}>
            <code>{record.algorithm.code}</code>
          </pre>
        </details>
      </section>
    </article>
  );
}
