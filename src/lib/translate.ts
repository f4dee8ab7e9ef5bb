/**
 * The few i18next features the site's strings use, in half a kilobyte instead of i18next and
 * react-i18next (~17 KB gzip in every page): `ns:key.path` keys, `{{name}}` placeholders (not
 * escaped: React escapes; one without a value stays as written), and plurals through `count` (`key_one`, `key_other`, ... by
 * Intl.PluralRules, falling back to `key`). A missing key answers `defaultValue` when given, else the
 * key itself, as i18next does (and is reported to `onMissing`, if any).
 * tests/unit/translate.test.ts checks every string of both languages against i18next.
 */
import type { StringKeys } from './strings.generated';

export type Namespaces = Record<string, Record<string, unknown>>;
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string };

/**
 * Typed keys (decision 0016): the compiler checks every t() call against the source language's
 * strings (src/lib/strings.generated.ts, written by scripts/string-types.ts in `npm run check`).
 * A key is `namespace:path`, or `path` of the t()'s default namespace `NS`. A literal key must exist;
 * a key built from a template (`errors:${code}`) must match at least one; only a plain `string`
 * is taken on trust (reported at run time when missing). Options may only name the placeholders
 * the matched texts use, plus `count` and `defaultValue`.
 */
type StringKey = keyof StringKeys & string;
export type StringNamespace = StringKey extends `${infer N}:${string}` ? N : never;
/** The known keys a (possibly templated) key stands for. */
type Matches<K extends string, NS extends string> = Extract<StringKey, K | `${NS}:${K}`>;
type Known<K extends string, NS extends string> = [Matches<K, NS>] extends [never] ? never : unknown;
export type TOptionsFor<K extends string, NS extends string> = { [P in StringKeys[Matches<K, NS>]]?: unknown } & { count?: number; defaultValue?: string };

/** t() whose keys without `ns:` read namespace `NS` (`string`: any namespace, for helpers handed a t()). */
export type TFunction<NS extends string = string> = <K extends string>(key: K & Known<K, NS>, options?: TOptionsFor<K, NS>) => string;
/** The untyped form the implementation and the tests of every string use. */
export type UntypedT = (key: string, options?: TOptions) => string;

function lookup(tree: unknown, path: string): string | undefined {
  let node = tree;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const interpolate = (text: string, options: TOptions | undefined) =>
  // A placeholder without a value stays as written, as in i18next.
  text.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (match, name: string) => {
    const value = options?.[name];
    return value === undefined ? match : String(value);
  });

/** A t() bound to one language's namespaces; keys without `ns:` read `defaultNs`. */
export function makeT(lang: string, namespaces: Namespaces, defaultNs = 'common', onMissing?: (key: string) => void): UntypedT {
  // Made the first time a string is counted: an island's first Intl object costs milliseconds.
  let plurals: Intl.PluralRules | undefined;
  return (key: string, options?: TOptions) => {
    const colon = key.indexOf(':');
    const ns = colon > 0 ? key.slice(0, colon) : defaultNs;
    const path = colon > 0 ? key.slice(colon + 1) : key;
    const tree = namespaces[ns];
    let text: string | undefined;
    if (typeof options?.count === 'number') {
      text = lookup(tree, `${path}_${((plurals ??= new Intl.PluralRules(lang))).select(options.count)}`) ?? lookup(tree, `${path}_other`);
    }
    text ??= lookup(tree, path);
    if (text === undefined) {
      if (options?.defaultValue !== undefined) return interpolate(options.defaultValue, options);
      onMissing?.(`${ns}:${path}`);
      return path;
    }
    return interpolate(text, options);
  };
}
