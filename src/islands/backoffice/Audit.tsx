import { useState } from 'react';
import type { z } from 'zod';
import type { Language } from '../../../contracts/constants';
import type { AuditListSchema } from '../../../contracts/backoffice';
import { bo, errorText, Field, fmtDate, Section, useBo, useLoad } from './shared';

const short = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v));

export function AuditView({ lang }: { lang: Language }) {
  const t = useBo(lang);
  const [filters, setFilters] = useState({ actor: '', action: '', target: '', from: '', to: '' });
  const [applied, setApplied] = useState(filters);
  const { data, error } = useLoad(
    () =>
      bo<z.output<typeof AuditListSchema>>('/audit', {
        query: {
          actor: applied.actor || undefined,
          action: applied.action || undefined,
          target: applied.target || undefined,
          from: applied.from ? new Date(`${applied.from}T00:00:00Z`).toISOString() : undefined,
          to: applied.to ? new Date(`${applied.to}T23:59:59Z`).toISOString() : undefined,
        },
      }),
    [applied],
  );
  const set = (k: keyof typeof filters) => (e: React.ChangeEvent<HTMLInputElement>) => setFilters({ ...filters, [k]: e.target.value });
  return (
    <Section title={t('audit.heading')}>
      {data?.head && (
        <p className="mb-3 break-all text-sm" data-testid="bo-audit-head">
          {t('audit.head', { seq: data.head.seq, hash: data.head.hash })}
        </p>
      )}
      <form
        className="mb-4 grid gap-x-3 sm:grid-cols-3 lg:grid-cols-6"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(filters);
        }}
      >
        <Field label={t('audit.actor')} id="bo-audit-actor">
          <input id="bo-audit-actor" className="field" value={filters.actor} onChange={set('actor')} />
        </Field>
        <Field label={t('audit.action')} id="bo-audit-action">
          <input id="bo-audit-action" className="field" value={filters.action} onChange={set('action')} />
        </Field>
        <Field label={t('audit.target')} id="bo-audit-target">
          <input id="bo-audit-target" className="field" value={filters.target} onChange={set('target')} />
        </Field>
        <Field label={t('audit.from')} id="bo-audit-from">
          <input id="bo-audit-from" type="date" className="field" value={filters.from} onChange={set('from')} />
        </Field>
        <Field label={t('audit.to')} id="bo-audit-to">
          <input id="bo-audit-to" type="date" className="field" value={filters.to} onChange={set('to')} />
        </Field>
        <div className="flex items-end pb-3">
          <button type="submit" className="btn-gold w-full">
            {t('audit.filter')}
          </button>
        </div>
      </form>
      {error ? <p role="alert">{errorText(t, error)}</p> : null}
      {data && data.entries.length === 0 && <p>{t('audit.none')}</p>}
      {data && data.entries.length > 0 && (
        <table className="table-stack w-full text-left text-xs">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('audit.when')}</th>
              <th scope="col">{t('audit.actor')}</th>
              <th scope="col">{t('audit.role')}</th>
              <th scope="col">{t('audit.action')}</th>
              <th scope="col">{t('audit.target')}</th>
              <th scope="col">{t('audit.change')}</th>
              <th scope="col">{t('audit.reason')}</th>
              <th scope="col">{t('audit.ip')}</th>
            </tr>
          </thead>
          <tbody>
            {data.entries.map((e) => (
              <tr key={e.seq} className="border-t border-brown-700 align-top" data-testid="bo-audit-row">
                <td className="py-1 pr-2" data-label="#">
                  {e.seq}
                </td>
                <td className="py-1 pr-2" data-label={t('audit.when')}>
                  {fmtDate(lang, e.at)}
                </td>
                <td className="py-1 pr-2 break-all" data-label={t('audit.actor')}>
                  {e.actor}
                </td>
                <td className="py-1 pr-2" data-label={t('audit.role')}>
                  {e.role}
                </td>
                <td className="py-1 pr-2 font-mono" data-label={t('audit.action')}>
                  {e.action}
                </td>
                <td className="py-1 pr-2 break-all font-mono" data-label={t('audit.target')}>
                  {e.target ?? '—'}
                </td>
                <td className="py-1 pr-2 break-all font-mono" data-label={t('audit.change')}>
                  {short(e.before)} → {short(e.after)}
                </td>
                <td className="py-1 pr-2" data-label={t('audit.reason')}>
                  {e.reason ?? '—'}
                </td>
                <td className="py-1 pr-2" data-label={t('audit.ip')}>
                  {e.ip ?? '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
