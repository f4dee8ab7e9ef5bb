import { useState } from 'react';
import type { z } from 'zod';
import type { Language } from '../../../contracts/constants';
import { ADJUSTMENT_REASON_CODES, roleHas, type StaffRole } from '../../../contracts/backoffice-constants';
import type { AdjustmentResultSchema, Player360, PlayerSearchResultSchema, RevokeResultSchema } from '../../../contracts/backoffice';
import { bo, errorText, Field, fmtDate, fmtNum, Notice, Section, useBo, useLoad } from './shared';

type Msg = { text: string; kind: 'ok' | 'error' } | null;

export function PlayerSearch({ lang }: { lang: Language }) {
  const t = useBo(lang);
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<z.output<typeof PlayerSearchResultSchema> | null>(null);
  const [message, setMessage] = useState<Msg>(null);
  const search = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!query.trim()) return;
    setMessage(null);
    try {
      setResult(await bo('/players', { query: { query: query.trim() } }));
    } catch (error) {
      setMessage({ text: errorText(t, error), kind: 'error' });
    }
  };
  return (
    <Section title={t('players.search')}>
      <form onSubmit={search} className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-end" role="search">
        <div className="flex-1">
          <label htmlFor="bo-player-query" className="mb-1 block text-sm font-semibold">
            {t('players.searchLabel')}
          </label>
          <input id="bo-player-query" className="field" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <button type="submit" className="btn-gold">
          {t('players.searchButton')}
        </button>
      </form>
      <Notice message={message} />
      {result && result.players.length === 0 && <p>{t('players.none')}</p>}
      {result && result.players.length > 0 && (
        <table className="table-stack w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">{t('players.email')}</th>
              <th scope="col">{t('players.displayName')}</th>
              <th scope="col">{t('players.accountRef')}</th>
              <th scope="col">{t('players.status')}</th>
              <th scope="col">
                <span className="sr-only">{t('players.open')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {result.players.map((p) => (
              <tr key={p.accountRef} className="border-t border-brown-700" data-testid="bo-player-row">
                <td className="py-2 pr-2" data-label={t('players.email')}>
                  {p.email ?? '—'}
                </td>
                <td className="py-2 pr-2" data-label={t('players.displayName')}>
                  {p.displayName ?? '—'}
                </td>
                <td className="py-2 pr-2 font-mono" data-label={t('players.accountRef')}>
                  {p.accountRef}
                </td>
                <td className="py-2 pr-2" data-label={t('players.status')}>
                  {p.locked ? t('players.locked') : t('players.active')}
                </td>
                <td className="py-2">
                  <a className="text-gold-400 underline" href={`#players/${p.accountRef}`} aria-label={`${t('players.open')}: ${p.email ?? p.accountRef}`}>
                    {t('players.open')}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function Table({ lang, headers, rows, empty }: { lang: Language; headers: string[]; rows: Array<Array<React.ReactNode>>; empty: string }) {
  void lang;
  if (rows.length === 0) return <p className="text-sm text-cream/80">{empty}</p>;
  return (
    <table className="table-stack w-full text-left text-sm">
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h} scope="col" className="pr-2">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, i) => (
          <tr key={i} className="border-t border-brown-700">
            {cells.map((c, j) => (
              <td key={j} className="py-1 pr-2" data-label={headers[j]}>
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Player360View({ lang, accountRef, role }: { lang: Language; accountRef: string; role: StaffRole }) {
  const t = useBo(lang);
  const { data, error, reload } = useLoad(() => bo<Player360>(`/players/${encodeURIComponent(accountRef)}`), [accountRef]);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<Msg>(null);
  const [amount, setAmount] = useState('');
  const [reasonCode, setReasonCode] = useState<string>(ADJUSTMENT_REASON_CODES[0]);
  const [note, setNote] = useState('');
  const [adjustMessage, setAdjustMessage] = useState<Msg>(null);

  const act = async (path: string, done: (r: unknown) => string, body?: unknown) => {
    setMessage(null);
    try {
      const r = await bo(`/players/${encodeURIComponent(accountRef)}${path}`, { method: 'POST', body });
      setMessage({ text: done(r), kind: 'ok' });
      reload();
    } catch (e) {
      setMessage({ text: errorText(t, e), kind: 'error' });
    }
  };
  const adjust = async (e: React.FormEvent) => {
    e.preventDefault();
    setAdjustMessage(null);
    try {
      const r = await bo<z.output<typeof AdjustmentResultSchema>>('/adjustments', {
        method: 'POST',
        body: { accountRef, amount: Number(amount), reasonCode, note },
      });
      setAdjustMessage({ text: r.status === 'APPLIED' ? t('p360.adjustApplied') : t('p360.adjustPending'), kind: 'ok' });
      setAmount('');
      setNote('');
      reload();
    } catch (err) {
      setAdjustMessage({ text: errorText(t, err), kind: 'error' });
    }
  };

  if (error) return <p role="alert">{errorText(t, error)}</p>;
  if (!data) return <p>{t('loading')}</p>;
  const p = data.profile;
  return (
    <div>
      <p className="mb-3">
        <a href="#players" className="text-gold-400 underline">
          ← {t('p360.back')}
        </a>
      </p>
      <h1 className="mb-4 text-2xl font-bold text-gold-400">{p.displayName ?? p.accountRef}</h1>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t('p360.profile')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold">{t('players.email')}</dt>
            <dd data-testid="bo-360-email">{p.email ?? '—'}</dd>
            <dt className="font-semibold">{t('players.accountRef')}</dt>
            <dd className="font-mono">{p.accountRef}</dd>
            <dt className="font-semibold">{t('players.phone')}</dt>
            <dd>
              {data.phone.number ?? '—'} ({data.phone.verified ? t('p360.phoneVerified') : t('p360.phoneNotVerified')})
            </dd>
            <dt className="font-semibold">{t('p360.language')}</dt>
            <dd>{p.language}</dd>
            <dt className="font-semibold">{t('players.created')}</dt>
            <dd>{fmtDate(lang, p.createdAt)}</dd>
            <dt className="font-semibold">{t('players.status')}</dt>
            <dd data-testid="bo-360-status">
              {p.deleted ? t('p360.deleted') : p.locked ? t('players.locked') : t('players.active')}
              {p.isTester ? ` · ${t('p360.tester')}` : ''}
            </dd>
            <dt className="font-semibold">{t('p360.balance')}</dt>
            <dd data-testid="bo-360-balance">{fmtNum(lang, data.balance)}</dd>
          </dl>
        </Section>
        <Section title={t('p360.actions')}>
          <Field label={t('p360.reason')} id="bo-action-reason">
            <input id="bo-action-reason" className="field" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </Field>
          <div className="flex flex-wrap gap-2">
            {p.locked ? (
              <button type="button" className="btn-gold" disabled={!reason.trim()} onClick={() => act('/unlock', () => t('p360.unlockedDone'), { reason })}>
                {t('p360.unlock')}
              </button>
            ) : (
              <button type="button" className="btn-gold" disabled={!reason.trim()} onClick={() => act('/lock', () => t('p360.lockedDone'), { reason })}>
                {t('p360.lock')}
              </button>
            )}
            <button
              type="button"
              className="btn-ghost"
              onClick={() => act('/sessions/revoke', (r) => t('p360.revoked', { count: (r as z.output<typeof RevokeResultSchema>).revoked }))}
            >
              {t('p360.revoke')}
            </button>
          </div>
          <Notice message={message} />
          {roleHas(role, 'adjustments') && (
            <form onSubmit={adjust} className="mt-4 border-t border-brown-700 pt-4" aria-labelledby="bo-adjust-heading">
              <h3 id="bo-adjust-heading" className="mb-2 font-bold">
                {t('p360.adjust')}
              </h3>
              <Field label={t('p360.amount')} id="bo-adjust-amount">
                <input
                  id="bo-adjust-amount"
                  className="field"
                  inputMode="numeric"
                  required
                  pattern="-?[0-9]+"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              </Field>
              <Field label={t('p360.reasonCode')} id="bo-adjust-reason">
                <select id="bo-adjust-reason" className="field" value={reasonCode} onChange={(e) => setReasonCode(e.target.value)}>
                  {ADJUSTMENT_REASON_CODES.map((c) => (
                    <option key={c} value={c}>
                      {t(`reasons.${c}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('p360.note')} id="bo-adjust-note">
                <input id="bo-adjust-note" className="field" required maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
              </Field>
              <button type="submit" className="btn-gold">
                {t('p360.submitAdjust')}
              </button>
              <Notice message={adjustMessage} />
            </form>
          )}
        </Section>
      </div>
      <Section title={t('p360.statement')}>
        <Table
          lang={lang}
          empty={t('p360.empty')}
          headers={[t('p360.date'), t('p360.type'), t('p360.coins'), t('p360.after'), t('audit.reason')]}
          rows={data.statement
            .slice(0, 20)
            .map((r) => [fmtDate(lang, r.createdDate), r.transactionType, fmtNum(lang, r.amount), fmtNum(lang, r.newBalance), r.reason ?? r.gameCode ?? '—'])}
        />
      </Section>
      <Section title={t('p360.rounds')}>
        <Table
          lang={lang}
          empty={t('p360.empty')}
          headers={[t('p360.date'), t('p360.game'), t('p360.bet'), t('p360.win'), t('p360.verify')]}
          rows={data.rounds.map((r) => [
            fmtDate(lang, r.at),
            r.gameCode,
            fmtNum(lang, r.bet),
            fmtNum(lang, r.win),
            <a key="v" className="text-gold-400 underline" href={r.verifyUrl}>
              {t('p360.verify')}
            </a>,
          ])}
        />
      </Section>
      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t('p360.sessions')}>
          <Table
            lang={lang}
            empty={t('p360.empty')}
            headers={[t('p360.created'), t('p360.expires'), t('players.status')]}
            rows={data.sessions.map((s) => [fmtDate(lang, s.createdAt), fmtDate(lang, s.expiresAt), s.active ? t('p360.live') : t('p360.ended')])}
          />
        </Section>
        <Section title={t('p360.results')}>
          <Table
            lang={lang}
            empty={t('p360.empty')}
            headers={['Ref', t('p360.type'), t('p360.place'), t('p360.prize')]}
            rows={data.tournamentResults.map((r) => [r.ref, r.kind, r.place ?? '—', r.prize === null ? '—' : fmtNum(lang, r.prize)])}
          />
        </Section>
      </div>
      <Section title={t('p360.controls')}>
        <pre className="overflow-x-auto whitespace-pre-wrap text-xs">{JSON.stringify(data.playControls, null, 2)}</pre>
        <h3 className="mt-3 font-bold">{t('p360.controlHistory')}</h3>
        <pre className="overflow-x-auto whitespace-pre-wrap text-xs">
          {data.playControlHistory.length ? JSON.stringify(data.playControlHistory, null, 2) : t('p360.empty')}
        </pre>
      </Section>
      <Section title={t('p360.audit')}>
        <Table
          lang={lang}
          empty={t('p360.empty')}
          headers={[t('audit.when'), t('audit.actor'), t('audit.action'), t('audit.reason')]}
          rows={data.audit.map((a) => [fmtDate(lang, a.at), a.actor, a.action, a.reason ?? '—'])}
        />
      </Section>
    </div>
  );
}
