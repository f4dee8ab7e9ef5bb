import { z } from 'zod';
import { LANGUAGES } from './constants';
import { DEFAULT_LANGUAGE } from './languages';

export const LanguageSchema = z.enum(LANGUAGES);
/** A raffle's or race's translation: a language of the registry, or 'default' (what any other language shows). */
export const TranslationLanguageSchema = z.enum([...LANGUAGES, 'default']);

/**
 * Content written per language (promotions, game titles): one entry per language code of the
 * registry (contracts/languages.ts), the default language's required, a code not in the registry refused.
 */
export const languageTextsSchema = <T extends z.ZodType>(item: T) =>
  z.partialRecord(LanguageSchema, item).refine((texts) => texts[DEFAULT_LANGUAGE] !== undefined, {
    message: `the ${DEFAULT_LANGUAGE} text is required`,
    path: [DEFAULT_LANGUAGE],
  });

/** A JSON object that rejects unknown fields: a client sending more than the contract is an error. */
export const body = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);

export const OkSchema = z.object({ ok: z.literal(true) });

/**
 * Text the database can store: PostgreSQL refuses the NUL character, and a lone UTF-16 surrogate has
 * no UTF-8 form (it would be silently replaced). The API refuses both in every request string.
 */
export const isStorableText = (value: string) => !value.includes('\u0000') && value.isWellFormed();

/** No contract nests deeper than this; deeper input is refused rather than walked. */
export const MAX_REQUEST_DEPTH = 32;

/**
 * The path (dot-separated) of the first string in a parsed request part (body, querystring, params),
 * keys included, that the database cannot store; null when every string is storable. A value nested
 * deeper than MAX_REQUEST_DEPTH answers its path with `(too deep)`. Walked with a stack of its own,
 * so a hostile nesting cannot exhaust the call stack.
 */
export function unstorableTextPath(value: unknown): string | null {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: item, path } = pending.pop()!;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return path.join('.');
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (path.length >= MAX_REQUEST_DEPTH) return [...path, '(too deep)'].join('.');
    const entries = Array.isArray(item) ? item.map((v, i) => [String(i), v] as const) : Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i];
      if (!Array.isArray(item) && !isStorableText(key)) return [...path, '(key)'].join('.');
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}
