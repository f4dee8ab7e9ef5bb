import { z } from 'zod';
import { LANGUAGES } from './constants';

export const LanguageSchema = z.enum(LANGUAGES);

/** A JSON object that rejects unknown fields: a client sending more than the contract is an error. */
export const body = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);

export const OkSchema = z.object({ ok: z.literal(true) });

/**
 * Text the database can store: PostgreSQL refuses the NUL character, and a lone UTF-16 surrogate has
 * no UTF-8 form (it would be silently replaced). The API refuses both in every request string.
 */
export const isStorableText = (value: string) => !value.includes('\u0000') && value.isWellFormed();

/**
 * The path (dot-separated) of the first string in a parsed request part (body, querystring, params),
 * keys included, that the database cannot store; null when every string is storable.
 */
export function unstorableTextPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.');
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextPath(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, '(key)'].join('.');
      const found = unstorableTextPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
