import { useState } from 'react';
import type { z } from 'zod';
import type { Language } from '../../../contracts/constants';
import type { AdjustmentListSchema } from '../../../contracts/backoffice';
import { bo, errorText, fmtDate, fmtNum, Notice, Section, useBo, useLoad } from './shared';

type List = z.output<typeof AdjustmentListSchema>;

/** Adjustments above the threshold, waiting for a second finance or admin member. */
export function ApprovalQueue({ lang }: { lang: Language }) {
  const t = useBo(lang);
  const pending = useLoad(() => bo<List>('/adjustments', { query: { status: 'PENDING' } }), []);
  const recent = useLoad(() => bo<List>('/adjustments'), []);
  const [message, setMessage] = useState<{ text: string; kind: 'ok' | 'error' } | null>(null);
  const decide = async (id: string, approve: boolean) => {
    setMessage(null);
    try {
      await bo(`/adjustments/${id}/${approve ? 'approve' : 'reject'}`, { method: 'POST', body: {} });
      setMessage({ text: approve ? t('queue.approved') : t('queue.rejected'), kind: 'ok' });
    } catch (e) {
      setMessage({ text: errorText(t, e), kind: 'error' });
    }
    pending.reload();
    recent.reload();
  };
  const rows = pending.data?.adjustments ?? [];
  return (
    <>
      <Section title={t('queue.heading')}>
        <Notice message={message} />
        {pending.error ? <p role="alert">{errorText(t, pending.error)}</p> : null}
        {pending.data && rows.length === 0 && <p>{t('queue.none')}</p>}
        {rows.length > 0 && (
          <table className="table-stack w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">{t('queue.player')}</th>
                <th scope="col">{t('queue.amount')}</th>
                <th scope="col">{t('queue.reason')}</th>
                <th scope="col">{t('queue.note')}</th>
                <th scope="col">{t('queue.requestedBy')}</th>
                <th scope="col">{t('queue.when')}</th>
                <th scope="col">
                  <span className="sr-only">{t('queue.approve')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.id} className="border-t border-brown-700" data-testid="bo-pending-row">
                  <td className="py-2 pr-2" data-label={t('queue.player')}>
                    {a.playerEmail ?? a.accountRef}
                  </td>
                  <td className="py-2 pr-2 tabular-nums" data-label={t('queue.amount')}>
                    {fmtNum(lang, a.amount)}
                  </td>
                  <td className="py-2 pr-2" data-label={t('queue.reason')}>
                    {t(`reasons.${a.reasonCode}`)}
                  </td>
                  <td className="py-2 pr-2" data-label={t('queue.note')}>
                    {a.note}
                  </td>
                  <td className="py-2 pr-2" data-label={t('queue.requestedBy')}>
                    {a.requestedBy}
                  </td>
                  <td className="py-2 pr-2" data-label={t('queue.when')}>
                    {fmtDate(lang, a.createdAt)}
                  </td>
                  <td className="flex gap-2 py-2">
                    <button
                      type="button"
                      className="btn-gold px-3 py-1"
                      onClick={() => decide(a.id, true)}
                      aria-label={`${t('queue.approve')}: ${a.playerEmail ?? a.accountRef} ${a.amount}`}
                    >
                      {t('queue.approve')}
                    </button>
                    <button
                      type="button"
                      className="btn-ghost px-3 py-1"
                      onClick={() => decide(a.id, false)}
                      aria-label={`${t('queue.reject')}: ${a.playerEmail ?? a.accountRef} ${a.amount}`}
                    >
                      {t('queue.reject')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section title={t('queue.history')}>
        <table className="table-stack w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">{t('queue.player')}</th>
              <th scope="col">{t('queue.amount')}</th>
              <th scope="col">{t('queue.reason')}</th>
              <th scope="col">{t('queue.status')}</th>
              <th scope="col">{t('queue.requestedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {(recent.data?.adjustments ?? [])
              .filter((a) => a.status !== 'PENDING')
              .slice(0, 20)
              .map((a) => (
                <tr key={a.id} className="border-t border-brown-700">
                  <td className="py-1 pr-2" data-label={t('queue.player')}>
                    {a.playerEmail ?? a.accountRef}
                  </td>
                  <td className="py-1 pr-2 tabular-nums" data-label={t('queue.amount')}>
                    {fmtNum(lang, a.amount)}
                  </td>
                  <td className="py-1 pr-2" data-label={t('queue.reason')}>
                    {t(`reasons.${a.reasonCode}`)}
                  </td>
                  <td className="py-1 pr-2" data-label={t('queue.status')}>
                    {t(`statuses.${a.status}`)}
                  </td>
                  <td className="py-1 pr-2" data-label={t('queue.requestedBy')}>
                    {a.requestedBy}
                    {a.decidedBy && a.decidedBy !== a.requestedBy ? ` → ${a.decidedBy}` : ''}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </Section>
    </>
  );
}
