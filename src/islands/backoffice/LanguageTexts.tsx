import { DEFAULT_LANGUAGE, LANGUAGES, languageName, perLanguage, type Language } from '../../../contracts/languages';
import { Field } from './shared';

/**
 * Texts written per language (promotions, races, raffles) in a back-office form: one set of fields
 * per language of the registry (contracts/languages.ts), labelled with the language's name, so a new
 * language gets its fields with no change here.
 */
export type LanguageTexts<K extends string> = Record<Language, Record<K, string>>;

export const emptyTexts = <K extends string>(keys: readonly K[]): LanguageTexts<K> =>
  perLanguage(() => Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>);

/** Whether a language's texts are written: the default language's always are, another's when any field is filled. */
export const isWritten = (lang: Language, texts: Record<string, string>): boolean =>
  lang === DEFAULT_LANGUAGE || Object.values(texts).some((v) => v.trim() !== '');

/** The written languages with their texts trimmed (what a form sends). */
export const writtenTexts = <K extends string>(texts: LanguageTexts<K>): Array<[Language, Record<K, string>]> =>
  LANGUAGES.filter((code) => isWritten(code, texts[code])).map((code) => [
    code,
    Object.fromEntries(Object.entries<string>(texts[code]).map(([k, v]) => [k, v.trim()])) as Record<K, string>,
  ]);

export interface TextField<K extends string> {
  key: K;
  /** The label, given the language's name in the page's language. */
  label: (language: string) => string;
  maxLength: number;
  /** A textarea of this many rows; an input without. */
  rows?: number;
  /** Never required (a description may stay empty). */
  optional?: boolean;
}

/** Each field in every language, field by field (so two languages sit side by side in a two-column grid). */
export function LanguageTextFields<K extends string>({
  id,
  lang,
  fields,
  texts,
  onChange,
  required = (code) => isWritten(code, texts[code]),
}: {
  id: string;
  lang: Language;
  fields: readonly TextField<K>[];
  texts: LanguageTexts<K>;
  onChange: (texts: LanguageTexts<K>) => void;
  /** Whether a language's fields are required (default: the default language's, and another's once one is filled). */
  required?: (code: Language) => boolean;
}) {
  const set = (code: Language, key: K) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ ...texts, [code]: { ...texts[code], [key]: e.target.value } });
  return (
    <>
      {fields.flatMap((f) =>
        LANGUAGES.map((code) => {
          const fieldId = `${id}-${f.key}-${code}`;
          const props = {
            id: fieldId,
            className: 'field',
            lang: code,
            required: !f.optional && required(code),
            maxLength: f.maxLength,
            value: texts[code][f.key],
            onChange: set(code, f.key),
          };
          return (
            <Field key={fieldId} label={f.label(languageName(code, lang))} id={fieldId}>
              {f.rows ? <textarea rows={f.rows} {...props} /> : <input {...props} />}
            </Field>
          );
        }),
      )}
    </>
  );
}
