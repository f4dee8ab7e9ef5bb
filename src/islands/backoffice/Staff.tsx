import { useState } from 'react';
import type { z } from 'zod';
import type { Language } from '../../../contracts/constants';
import { STAFF_ROLES } from '../../../contracts/backoffice-constants';
import type { StaffCreateResultSchema, StaffListSchema } from '../../../contracts/backoffice';
import { bo, errorText, Field, fmtDate, Notice, Section, useBo, useLoad } from './shared';

type Msg = { text: string; kind: 'ok' | 'error' } | null;

export function StaffView({ lang }: { lang: Language }) {
  const t = useBo(lang);
  const list = useLoad(() => bo<z.output<typeof StaffListSchema>>('/staff'), []);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('support');
  const [link, setLink] = useState<z.output<typeof StaffCreateResultSchema> | null>(null);
  const [message, setMessage] = useState<Msg>(null);
  const [reason, setReason] = useState('');

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      setLink(await bo('/staff', { method: 'POST', body: { email, role } }));
      setEmail('');
      list.reload();
    } catch (err) {
      setMessage({ text: errorText(t, err), kind: 'error' });
    }
  };
  const change = async (id: string, body: Record<string, string>, path: string) => {
    setMessage(null);
    try {
      await bo(`/staff/${id}/${path}`, { method: 'POST', body: { ...body, reason } });
      setMessage({ text: t('staff.done'), kind: 'ok' });
      list.reload();
    } catch (err) {
      setMessage({ text: errorText(t, err), kind: 'error' });
    }
  };

  return (
    <>
      <Section title={t('staff.create')}>
        <form onSubmit={create} className="grid gap-x-3 sm:grid-cols-3">
          <Field label={t('staff.email')} id="bo-staff-email">
            <input id="bo-staff-email" type="email" required className="field" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field label={t('staff.role')} id="bo-staff-role">
            <select id="bo-staff-role" className="field" value={role} onChange={(e) => setRole(e.target.value)}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          </Field>
          <div className="flex items-end pb-3">
            <button type="submit" className="btn-gold w-full">
              {t('staff.create')}
            </button>
          </div>
        </form>
        {link && (
          <div className="rounded-md border border-gold-500 p-3 text-sm">
            <p>{t('staff.createdLink', { email: link.email })}</p>
            <p className="mt-1 break-all font-mono" data-testid="bo-setup-link">
              {link.setupUrl}
            </p>
          </div>
        )}
      </Section>
      <Section title={t('staff.heading')}>
        <Field label={t('staff.reason')} id="bo-staff-reason">
          <input id="bo-staff-reason" className="field" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
        </Field>
        <Notice message={message} />
        <table className="table-stack w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">{t('staff.email')}</th>
              <th scope="col">{t('staff.role')}</th>
              <th scope="col">{t('staff.enrolled')}</th>
              <th scope="col">{t('players.status')}</th>
              <th scope="col">{t('players.created')}</th>
              <th scope="col">
                <span className="sr-only">{t('staff.deactivate')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.staff ?? []).map((s) => (
              <tr key={s.id} className="border-t border-brown-700">
                <td className="py-1 pr-2 break-all" data-label={t('staff.email')}>
                  {s.email}
                </td>
                <td className="py-1 pr-2" data-label={t('staff.role')}>
                  <select
                    className="field py-1"
                    aria-label={`${t('staff.changeRole')}: ${s.email}`}
                    value={s.role}
                    disabled={!s.active || !reason.trim()}
                    onChange={(e) => change(s.id, { role: e.target.value }, 'role')}
                  >
                    {STAFF_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t(`roles.${r}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="py-1 pr-2" data-label={t('staff.enrolled')}>
                  {s.enrolled ? t('staff.yes') : t('staff.no')}
                </td>
                <td className="py-1 pr-2" data-label={t('players.status')}>
                  {s.active ? t('staff.active') : t('staff.inactive')}
                </td>
                <td className="py-1 pr-2" data-label={t('players.created')}>
                  {fmtDate(lang, s.createdAt)}
                </td>
                <td className="py-1">
                  {s.active && (
                    <button
                      type="button"
                      className="btn-ghost px-3 py-1"
                      disabled={!reason.trim()}
                      onClick={() => change(s.id, {}, 'deactivate')}
                      aria-label={`${t('staff.deactivate')}: ${s.email}`}
                    >
                      {t('staff.deactivate')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </>
  );
}
