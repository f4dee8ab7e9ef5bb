import { contentFor, LANGUAGES } from '../../../contracts/languages';
import { useState } from 'react';
import type { z } from 'zod';
import type { Language } from '../../../contracts/constants';
import type { ContentPromotionListSchema } from '../../../contracts/backoffice';
import { emptyTexts, LanguageTextFields, type LanguageTexts, writtenTexts } from './LanguageTexts';
import { bo, errorText, Field, fmtDate, fmtNum, Notice, Section, useBo, useLoad } from './shared';

type Msg = { text: string; kind: 'ok' | 'error' } | null;
type Promotion = z.output<typeof ContentPromotionListSchema>['promotions'][number];
const toInputValue = (d: Date) => d.toISOString().slice(0, 16);
const fromInput = (v: string) => new Date(`${v}:00Z`).toISOString();

const TEXT_KEYS = ['title', 'summary', 'body'] as const;
type Texts = LanguageTexts<(typeof TEXT_KEYS)[number]>;

interface Form {
  slug: string;
  start: string;
  end: string;
  bonus: string;
  texts: Texts;
  reason: string;
}
const emptyForm = (): Form => {
  const now = Date.now();
  return {
    slug: '',
    start: toInputValue(new Date(now - 60_000)),
    end: toInputValue(new Date(now + 14 * 86_400_000)),
    bonus: '',
    texts: emptyTexts(TEXT_KEYS),
    reason: '',
  };
};
const formOf = (p: Promotion): Form => {
  const texts = emptyTexts(TEXT_KEYS);
  for (const code of LANGUAGES) {
    const own = p.texts[code];
    if (own) texts[code] = { ...own };
  }
  return {
    slug: p.slug,
    start: toInputValue(new Date(p.startsAt)),
    end: toInputValue(new Date(p.endsAt)),
    bonus: p.bonus === null ? '' : String(p.bonus),
    texts,
    reason: '',
  };
};
const fieldsOf = (f: Form, image?: string) => ({
  startsAt: fromInput(f.start),
  endsAt: fromInput(f.end),
  bonus: f.bonus.trim() === '' ? null : Number(f.bonus),
  ...(image ? { image } : {}),
  texts: Object.fromEntries(writtenTexts(f.texts)),
});

/** The fields of a promotion, its texts in every language; `id` keeps the create and edit forms' labels apart. */
function PromotionFields({
  t,
  lang,
  id,
  form,
  set,
  setTexts,
  edit,
}: {
  t: ReturnType<typeof useBo>;
  lang: Language;
  id: string;
  form: Form;
  set: (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  setTexts: (texts: Texts) => void;
  edit: boolean;
}) {
  const input = (k: 'slug' | 'bonus' | 'start' | 'end' | 'reason', label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field label={label} id={`${id}-${k}`}>
      <input id={`${id}-${k}`} className="field" value={form[k]} onChange={set(k)} {...props} />
    </Field>
  );
  const fields = [
    { key: 'title', label: (language: string) => t('promotions.titleIn', { language }), maxLength: 120 },
    { key: 'summary', label: (language: string) => t('promotions.summaryIn', { language }), maxLength: 400, rows: 2 },
    { key: 'body', label: (language: string) => t('promotions.bodyIn', { language }), maxLength: 10_000, rows: 4 },
  ] as const;
  return (
    <>
      {!edit && input('slug', t('promotions.slug'), { required: true, pattern: '[a-z0-9]+(-[a-z0-9]+)*', maxLength: 80 })}
      {input('bonus', t('promotions.bonus'), { inputMode: 'numeric', pattern: '[0-9]*' })}
      {input('start', t('promotions.start'), { type: 'datetime-local', required: true })}
      {input('end', t('promotions.end'), { type: 'datetime-local', required: true })}
      <LanguageTextFields id={id} lang={lang} fields={fields} texts={form.texts} onChange={setTexts} />
      {edit && input('reason', t('promotions.reason'), { required: true, maxLength: 500 })}
    </>
  );
}

/** Promotions (the same schema as the shipped files in content/promotions): create, edit, unpublish and publish. */
export function PromotionsView({ lang }: { lang: Language }) {
  const t = useBo(lang);
  const promotions = useLoad(() => bo<z.output<typeof ContentPromotionListSchema>>('/promotions'), []);
  const [message, setMessage] = useState<Msg>(null);
  const [listMessage, setListMessage] = useState<Msg>(null);
  const [form, setForm] = useState<Form>(emptyForm);
  const [editing, setEditing] = useState<{ promotion: Promotion; form: Form } | null>(null);
  const set = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm({ ...form, [k]: e.target.value });
  const setEdit = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    editing && setEditing({ ...editing, form: { ...editing.form, [k]: e.target.value } });

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      await bo('/promotions', { method: 'POST', body: { slug: form.slug.trim(), ...fieldsOf(form) } });
      setMessage({ text: t('promotions.created'), kind: 'ok' });
      setForm(emptyForm());
      promotions.reload();
    } catch (err) {
      setMessage({ text: errorText(t, err), kind: 'error' });
    }
  };
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    setListMessage(null);
    try {
      await bo(`/promotions/${editing.promotion.slug}`, {
        method: 'POST',
        body: { ...fieldsOf(editing.form, editing.promotion.image), reason: editing.form.reason.trim() },
      });
      setListMessage({ text: t('promotions.saved'), kind: 'ok' });
      setEditing(null);
      promotions.reload();
    } catch (err) {
      setListMessage({ text: errorText(t, err), kind: 'error' });
    }
  };
  const publish = async (p: Promotion, on: boolean) => {
    setListMessage(null);
    try {
      await bo(`/promotions/${p.slug}/${on ? 'publish' : 'unpublish'}`, { method: 'POST', body: { reason: 'back-office' } });
      setListMessage({ text: on ? t('promotions.publishedDone') : t('promotions.unpublishedDone'), kind: 'ok' });
      promotions.reload();
    } catch (err) {
      setListMessage({ text: errorText(t, err), kind: 'error' });
    }
  };

  return (
    <>
      <Section title={t('promotions.new')}>
        <form onSubmit={create} className="grid gap-x-4 sm:grid-cols-2">
          <PromotionFields t={t} lang={lang} id="bo-promo" form={form} set={set} setTexts={(texts) => setForm({ ...form, texts })} edit={false} />
          <div className="sm:col-span-2">
            <button type="submit" className="btn-gold">
              {t('promotions.create')}
            </button>
            <Notice message={message} />
          </div>
        </form>
      </Section>
      <Section title={t('promotions.title')}>
        <Notice message={listMessage} />
        {promotions.data && promotions.data.promotions.length === 0 && <p>{t('content.none')}</p>}
        <ul className="divide-y divide-brown-700 text-sm">
          {(promotions.data?.promotions ?? []).map((p) => (
            <li key={p.slug} className="py-2" data-testid="bo-promotion-row">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <strong>{contentFor(p.texts, lang).title}</strong> <span className="font-mono">({p.slug})</span> ·{' '}
                  {p.published ? t('promotions.published') : t('promotions.unpublished')} · {fmtDate(lang, p.startsAt)} → {fmtDate(lang, p.endsAt)}
                  {p.bonus !== null && <> · {t('promotions.bonusShort', { amount: fmtNum(lang, p.bonus) })}</>}
                </span>
                <span className="flex gap-2">
                  <button
                    type="button"
                    className="btn-ghost px-3 py-1"
                    onClick={() => setEditing({ promotion: p, form: formOf(p) })}
                    aria-label={`${t('promotions.edit')}: ${contentFor(p.texts, lang).title}`}
                  >
                    {t('promotions.edit')}
                  </button>
                  <button
                    type="button"
                    className="btn-ghost px-3 py-1"
                    onClick={() => publish(p, !p.published)}
                    aria-label={`${p.published ? t('promotions.unpublish') : t('promotions.publish')}: ${contentFor(p.texts, lang).title}`}
                  >
                    {p.published ? t('promotions.unpublish') : t('promotions.publish')}
                  </button>
                </span>
              </div>
              {editing?.promotion.slug === p.slug && (
                <form onSubmit={save} className="mt-2 grid gap-x-4 sm:grid-cols-2" aria-label={`${t('promotions.edit')}: ${contentFor(p.texts, lang).title}`}>
                  <PromotionFields
                    t={t}
                    lang={lang}
                    id={`bo-promo-edit-${p.slug}`}
                    form={editing.form}
                    set={setEdit}
                    setTexts={(texts) => setEditing({ ...editing, form: { ...editing.form, texts } })}
                    edit
                  />
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
