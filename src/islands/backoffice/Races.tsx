import { useState } from 'react';
import type { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageInfo } from '../../../contracts/languages';
import { gameDisplayTitle } from '../../../contracts/game-titles';
import type { ContentGameListSchema, ContentRaceListSchema } from '../../../contracts/backoffice';
import { emptyTexts, LanguageTextFields, type LanguageTexts, writtenTexts } from './LanguageTexts';
import { bo, errorText, Field, fmtDate, Notice, Section, useBo, useLoad } from './shared';

type Msg = { text: string; kind: 'ok' | 'error' } | null;
type Race = z.output<typeof ContentRaceListSchema>['races'][number];
const TEXT_KEYS = ['title', 'description'] as const;
type Texts = LanguageTexts<(typeof TEXT_KEYS)[number]>;
const toInputValue = (d: Date) => d.toISOString().slice(0, 16);
const fromInput = (v: string) => new Date(`${v}:00Z`).toISOString();
const RANKS = [1, 2, 3] as const;

/** A race's texts as the lobby reads them: its own language, else 'default' (the default language's). */
const translations = (texts: Texts) => {
  const written = writtenTexts(texts).map(([code, x]) => ({
    languageCode: code as string,
    languageDisplayName: languageInfo(code).name,
    title: x.title,
    description: x.description,
    termsAndConditions: '',
  }));
  const fallback = written.find((w) => w.languageCode === DEFAULT_LANGUAGE);
  return fallback ? [{ ...fallback, languageCode: 'default' }, ...written] : written;
};
const textsOf = (race: Race): Texts => {
  const texts = emptyTexts(TEXT_KEYS);
  const fallback = race.translations.find((t) => t.languageCode === 'default');
  for (const code of LANGUAGES) {
    const own = race.translations.find((t) => t.languageCode === code) ?? (code === DEFAULT_LANGUAGE ? fallback : undefined);
    if (own) texts[code] = { title: own.title, description: own.description };
  }
  return texts;
};

/** Races (the same RaceFileSchema as `tournament:create`): create, edit their texts, cancel. */
export function RacesView({ lang, games }: { lang: Language; games: z.output<typeof ContentGameListSchema>['games'] }) {
  const t = useBo(lang);
  const races = useLoad(() => bo<z.output<typeof ContentRaceListSchema>>('/races'), []);
  const [message, setMessage] = useState<Msg>(null);
  const [listMessage, setListMessage] = useState<Msg>(null);
  const now = Date.now();
  const [form, setForm] = useState({
    ref: '',
    metric: 'WAGERED',
    texts: emptyTexts(TEXT_KEYS),
    start: toInputValue(new Date(now - 60_000)),
    end: toInputValue(new Date(now + 7 * 86_400_000)),
    prize1: '10000',
    prize2: '5000',
    prize3: '2000',
  });
  const [picked, setPicked] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ ref: string; texts: Texts; reason: string } | null>(null);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setForm({ ...form, [k]: e.target.value });

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      await bo('/races', {
        method: 'POST',
        body: {
          ref: form.ref.trim(),
          metric: form.metric,
          startDateUtc: fromInput(form.start),
          endDateUtc: fromInput(form.end),
          prizes: RANKS.map((rank) => ({ rank, amount: Number(form[`prize${rank}`]) })).filter((p) => p.amount > 0),
          games: picked.map((gameCode) => ({ gameCode })),
          translations: translations(form.texts),
        },
      });
      setMessage({ text: t('races.created'), kind: 'ok' });
      races.reload();
    } catch (err) {
      setMessage({ text: errorText(t, err), kind: 'error' });
    }
  };
  const cancel = async (race: Race) => {
    setListMessage(null);
    try {
      await bo(`/races/${race.ref}/cancel`, { method: 'POST', body: { reason: 'back-office' } });
      setListMessage({ text: t('races.cancelled'), kind: 'ok' });
      races.reload();
    } catch (err) {
      setListMessage({ text: errorText(t, err), kind: 'error' });
    }
  };
  const saveTexts = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    setListMessage(null);
    try {
      await bo(`/races/${editing.ref}`, { method: 'POST', body: { translations: translations(editing.texts), reason: editing.reason.trim() } });
      setListMessage({ text: t('races.saved'), kind: 'ok' });
      setEditing(null);
      races.reload();
    } catch (err) {
      setListMessage({ text: errorText(t, err), kind: 'error' });
    }
  };
  const textFields = [
    { key: 'title', label: (language: string) => t('races.titleIn', { language }), maxLength: 200 },
    { key: 'description', label: (language: string) => t('races.descriptionIn', { language }), maxLength: 2000, rows: 2, optional: true },
  ] as const;

  return (
    <>
      <Section title={t('races.new')}>
        <form onSubmit={create} className="grid gap-x-4 sm:grid-cols-2">
          <Field label={t('races.ref')} id="bo-race-ref">
            <input id="bo-race-ref" className="field" required pattern="[a-z0-9][a-z0-9-]{2,63}" value={form.ref} onChange={set('ref')} />
          </Field>
          <Field label={t('races.metric')} id="bo-race-metric">
            <select id="bo-race-metric" className="field" value={form.metric} onChange={set('metric')}>
              <option value="WAGERED">{t('races.metrics.WAGERED')}</option>
              <option value="BEST_MULTIPLIER">{t('races.metrics.BEST_MULTIPLIER')}</option>
            </select>
          </Field>
          <LanguageTextFields id="bo-race" lang={lang} fields={textFields} texts={form.texts} onChange={(texts) => setForm({ ...form, texts })} />
          <Field label={t('races.start')} id="bo-race-start">
            <input id="bo-race-start" type="datetime-local" className="field" required value={form.start} onChange={set('start')} />
          </Field>
          <Field label={t('races.end')} id="bo-race-end">
            <input id="bo-race-end" type="datetime-local" className="field" required value={form.end} onChange={set('end')} />
          </Field>
          {RANKS.map((rank) => (
            <Field key={rank} label={t('races.prize', { rank })} id={`bo-race-prize-${rank}`}>
              <input
                id={`bo-race-prize-${rank}`}
                className="field"
                required={rank === 1}
                inputMode="numeric"
                pattern="[0-9]*"
                value={form[`prize${rank}`]}
                onChange={set(`prize${rank}`)}
              />
            </Field>
          ))}
          <fieldset className="mb-3 sm:col-span-2">
            <legend className="mb-1 text-sm font-semibold">{t('races.games')}</legend>
            <div className="grid max-h-48 gap-1 overflow-y-auto rounded border border-brown-700 p-2 text-sm sm:grid-cols-3">
              {games.map((g) => (
                <label key={g.code} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={picked.includes(g.code)}
                    onChange={(e) => setPicked(e.target.checked ? [...picked, g.code] : picked.filter((c) => c !== g.code))}
                  />
                  <span>{gameDisplayTitle(g.code, lang, g.titles)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="sm:col-span-2">
            <button type="submit" className="btn-gold">
              {t('races.create')}
            </button>
            <Notice message={message} />
          </div>
        </form>
      </Section>
      <Section title={t('races.title')}>
        <Notice message={listMessage} />
        {races.data && races.data.races.length === 0 && <p>{t('content.none')}</p>}
        <ul className="divide-y divide-brown-700 text-sm">
          {(races.data?.races ?? []).map((r) => (
            <li key={r.ref} className="py-2" data-testid="bo-race-row">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <strong>{r.title}</strong> <span className="font-mono">({r.ref})</span> · {t(`races.status.${r.status}`)} · {fmtDate(lang, r.startDateUtc)} →{' '}
                  {fmtDate(lang, r.endDateUtc)}
                </span>
                {r.status !== 'DRAWN' && r.status !== 'CANCELLED' && (
                  <span className="flex gap-2">
                    <button
                      type="button"
                      className="btn-ghost px-3 py-1"
                      onClick={() => setEditing({ ref: r.ref, texts: textsOf(r), reason: '' })}
                      aria-label={`${t('races.edit')}: ${r.title}`}
                    >
                      {t('races.edit')}
                    </button>
                    <button type="button" className="btn-ghost px-3 py-1" onClick={() => cancel(r)} aria-label={`${t('content.cancel')}: ${r.title}`}>
                      {t('content.cancel')}
                    </button>
                  </span>
                )}
              </div>
              {editing?.ref === r.ref && (
                <form onSubmit={saveTexts} className="mt-2 grid gap-x-4 sm:grid-cols-2" aria-label={`${t('races.edit')}: ${r.title}`}>
                  <LanguageTextFields
                    id={`bo-race-edit-${r.ref}`}
                    lang={lang}
                    fields={textFields}
                    texts={editing.texts}
                    onChange={(texts) => setEditing({ ...editing, texts })}
                  />
                  <Field label={t('races.reason')} id={`bo-race-edit-reason-${r.ref}`}>
                    <input
                      id={`bo-race-edit-reason-${r.ref}`}
                      className="field"
                      required
                      maxLength={500}
                      value={editing.reason}
                      onChange={(e) => setEditing({ ...editing, reason: e.target.value })}
                    />
                  </Field>
                  <div className="flex items-end gap-2 pb-3">
                    <button type="submit" className="btn-gold">
                      {t('content.save')}
                    </button>
                    <button type="button" className="btn-ghost" onClick={() => setEditing(null)}>
                      {t('close')}
                    </button>
                  </div>
                </form>
              )}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
