import { useState } from 'react';
import type { z } from 'zod';
import type { Language } from '../../../contracts/constants';
import type { ContentGameListSchema, ContentRaffleListSchema } from '../../../contracts/backoffice';
import { PromotionsView } from './PromotionsAdmin';
import { RacesView } from './Races';
import { emptyTexts, LanguageTextFields, writtenTexts } from './LanguageTexts';
import { bo, errorText, Field, fmtDate, Notice, Section, useBo, useLoad } from './shared';

type Msg = { text: string; kind: 'ok' | 'error' } | null;
const toInputValue = (d: Date) => d.toISOString().slice(0, 16);
const fromInput = (v: string) => new Date(`${v}:00Z`).toISOString();

/** Raffles (the same RaffleDefinitionSchema as `raffle:create`), races, promotions and the games catalogue. */
export function ContentView({ lang }: { lang: Language }) {
  const t = useBo(lang);
  const raffles = useLoad(() => bo<z.output<typeof ContentRaffleListSchema>>('/raffles'), []);
  const games = useLoad(() => bo<z.output<typeof ContentGameListSchema>>('/games'), []);
  const [message, setMessage] = useState<Msg>(null);
  const [gameMessage, setGameMessage] = useState<Msg>(null);
  const now = Date.now();
  const [form, setForm] = useState({
    ref: '',
    texts: emptyTexts(['title'] as const),
    start: toInputValue(new Date(now - 60_000)),
    end: toInputValue(new Date(now + 7 * 86_400_000)),
    draw: toInputValue(new Date(now + 7 * 86_400_000 + 3_600_000)),
    wagerPerEntry: '1000',
    prize: '10000',
    winners: '3',
  });
  const set = (k: Exclude<keyof typeof form, 'texts'>) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });
  // A raffle needs one title; the first written (the default language's first) is what other languages show.
  const written = writtenTexts(form.texts).filter(([, x]) => x.title !== '');
  const anyTitle = written.length > 0;

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      await bo('/raffles', {
        method: 'POST',
        body: {
          ref: form.ref.trim(),
          startDateUtc: fromInput(form.start),
          endDateUtc: fromInput(form.end),
          raffleDrawDate: fromInput(form.draw),
          wagerPerEntry: Number(form.wagerPerEntry),
          prizes: [{ amount: Number(form.prize), count: Number(form.winners) }],
          translations: [
            { languageCode: 'default', title: written[0]?.[1].title ?? '' },
            ...written.map(([languageCode, x]) => ({ languageCode, title: x.title })),
          ],
        },
      });
      setMessage({ text: t('content.created'), kind: 'ok' });
      raffles.reload();
    } catch (err) {
      setMessage({ text: errorText(t, err), kind: 'error' });
    }
  };
  const raffleAction = async (ref: string, action: 'cancel' | 'draw') => {
    setMessage(null);
    try {
      await bo(`/raffles/${ref}/${action}`, { method: 'POST', body: action === 'cancel' ? { reason: 'back-office' } : undefined });
      setMessage({ text: action === 'cancel' ? t('content.cancelled') : t('content.drawn'), kind: 'ok' });
      raffles.reload();
    } catch (err) {
      setMessage({ text: errorText(t, err), kind: 'error' });
    }
  };
  const updateGame = async (code: string, change: Record<string, unknown>) => {
    setGameMessage(null);
    try {
      await bo(`/games/${encodeURIComponent(code)}`, { method: 'POST', body: change });
      setGameMessage({ text: t('content.saved'), kind: 'ok' });
      games.reload();
    } catch (err) {
      setGameMessage({ text: errorText(t, err), kind: 'error' });
    }
  };

  return (
    <>
      <Section title={t('content.newRaffle')}>
        <form onSubmit={create} className="grid gap-x-4 sm:grid-cols-2">
          <Field label={t('content.ref')} id="bo-raffle-ref">
            <input id="bo-raffle-ref" className="field" required pattern="[a-z0-9][a-z0-9-]{0,62}" value={form.ref} onChange={set('ref')} />
          </Field>
          <Field label={t('content.wagerPerEntry')} id="bo-raffle-wager">
            <input
              id="bo-raffle-wager"
              className="field"
              required
              inputMode="numeric"
              pattern="[0-9]+"
              value={form.wagerPerEntry}
              onChange={set('wagerPerEntry')}
            />
          </Field>
          <LanguageTextFields
            id="bo-raffle"
            lang={lang}
            fields={[{ key: 'title', label: (language: string) => t('content.titleIn', { language }), maxLength: 200 }]}
            texts={form.texts}
            onChange={(texts) => setForm({ ...form, texts })}
            required={() => !anyTitle}
          />
          <Field label={t('content.start')} id="bo-raffle-start">
            <input id="bo-raffle-start" type="datetime-local" className="field" required value={form.start} onChange={set('start')} />
          </Field>
          <Field label={t('content.end')} id="bo-raffle-end">
            <input id="bo-raffle-end" type="datetime-local" className="field" required value={form.end} onChange={set('end')} />
          </Field>
          <Field label={t('content.draw')} id="bo-raffle-draw">
            <input id="bo-raffle-draw" type="datetime-local" className="field" required value={form.draw} onChange={set('draw')} />
          </Field>
          <Field label={t('content.prize')} id="bo-raffle-prize">
            <input id="bo-raffle-prize" className="field" required inputMode="numeric" pattern="[0-9]+" value={form.prize} onChange={set('prize')} />
          </Field>
          <Field label={t('content.winners')} id="bo-raffle-winners">
            <input id="bo-raffle-winners" className="field" required inputMode="numeric" pattern="[0-9]+" value={form.winners} onChange={set('winners')} />
          </Field>
          <div className="sm:col-span-2">
            <button type="submit" className="btn-gold">
              {t('content.create')}
            </button>
            <Notice message={message} />
          </div>
        </form>
      </Section>
      <Section title={t('content.raffles')}>
        {raffles.data && raffles.data.raffles.length === 0 && <p>{t('content.none')}</p>}
        <ul className="divide-y divide-brown-700 text-sm">
          {(raffles.data?.raffles ?? []).map((r) => (
            <li key={r.ref} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="bo-raffle-row">
              <span>
                <strong>{r.title}</strong> <span className="font-mono">({r.ref})</span> · {r.status} · {fmtDate(lang, r.startDateUtc)} →{' '}
                {fmtDate(lang, r.endDateUtc)}
              </span>
              {(r.status === 'SCHEDULED' || r.status === 'ACTIVE' || r.status === 'CLOSED') && (
                <span className="flex gap-2">
                  <button
                    type="button"
                    className="btn-ghost px-3 py-1"
                    onClick={() => raffleAction(r.ref, 'cancel')}
                    aria-label={`${t('content.cancel')}: ${r.title}`}
                  >
                    {t('content.cancel')}
                  </button>
                  {Date.parse(r.raffleDrawDate) <= Date.now() && (
                    <button type="button" className="btn-gold px-3 py-1" onClick={() => raffleAction(r.ref, 'draw')}>
                      {t('content.drawNow')}
                    </button>
                  )}
                </span>
              )}
            </li>
          ))}
        </ul>
      </Section>
      <RacesView lang={lang} games={games.data?.games ?? []} />
      <PromotionsView lang={lang} />
      <Section title={t('content.games')}>
        <Notice message={gameMessage} />
        <table className="table-stack w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">{t('content.enabled')}</th>
              <th scope="col">{t('content.demo')}</th>
              <th scope="col">{t('content.tags')}</th>
              <th scope="col">{t('content.rtp')}</th>
            </tr>
          </thead>
          <tbody>
            {(games.data?.games ?? []).map((g) => (
              <tr key={g.code} className="border-t border-brown-700">
                <td className="py-1 pr-2 font-mono" data-label="Code">
                  {g.code}
                </td>
                <td className="py-1 pr-2" data-label={t('content.enabled')}>
                  <input
                    type="checkbox"
                    checked={g.enabled}
                    aria-label={`${t('content.enabled')}: ${g.code}`}
                    onChange={(e) => updateGame(g.code, { enabled: e.target.checked })}
                  />
                </td>
                <td className="py-1 pr-2" data-label={t('content.demo')}>
                  <input
                    type="checkbox"
                    checked={g.demo}
                    aria-label={`${t('content.demo')}: ${g.code}`}
                    onChange={(e) => updateGame(g.code, { demo: e.target.checked })}
                  />
                </td>
                <td className="py-1 pr-2" data-label={t('content.tags')}>
                  {g.tags.join(', ')}
                </td>
                <td className="py-1 pr-2 tabular-nums" data-label={t('content.rtp')}>
                  {(g.rtp * 100).toFixed(2)}%
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
    </>
  );
}
