/**
 * The site's languages as data (docs/decisions/0016). Everything that depends on a language — the
 * Astro config and routes, the islands, the server's emails and SMS, the tournaments lobby, the
 * number and date formatters, the tests — derives from this list; nothing else names a language.
 * Adding a language is a row here plus its locales/<code>/ folder.
 *
 * No imports but the pseudo-locale's (itself import-free): the lobby launcher (a standalone script)
 * and the inline boot scripts read this too.
 */
import { pseudoTree } from './pseudo-locale';

export interface LanguageInfo {
  /** The code in URLs, on accounts, in API fields and under locales/ (lowercase). */
  readonly code: string;
  /** BCP-47 tag for Intl (numbers, dates, plural rules) and `<html lang>`-adjacent metadata. */
  readonly tag: string;
  /** The path prefix of its pages ('' = the site root). */
  readonly prefix: string;
  /** Its name, written in itself (the language switcher). */
  readonly name: string;
  /** Between the items of a short inline list (bet levels). */
  readonly listSeparator: string;
  /** Written without spaces between words: headings are cut into phrases at build time (BudouX) so no line ends mid-word. */
  readonly breaksByPhrase: boolean;
  /** A pseudo-locale: its strings are generated from this language's (contracts/pseudo-locale.ts), it is never shipped. */
  readonly pseudoOf?: string;
}

/** Shipped languages; the first one is the default (site root, fallback for unknown values) and the source of the strings. */
const SHIPPED = [
  { code: 'ja', tag: 'ja-JP', prefix: '', name: '日本語', listSeparator: '、', breaksByPhrase: true },
  { code: 'en', tag: 'en-GB', prefix: 'en', name: 'English', listSeparator: ', ', breaksByPhrase: false },
] as const satisfies readonly LanguageInfo[];

/**
 * The pseudo-locale (English accented, longer and bracketed): proof that languages are data and the
 * way hard-coded strings and layouts that break with longer text get caught (tests/e2e/pseudo-locale.spec.ts).
 * A language only when the build, the server or the test runs with PSEUDO_LOCALE=1 (`npm run test:pseudo`);
 * the site's client code gets the flag from the build (astro.config.mjs `define`). Never shipped to players.
 */
const PSEUDO = {
  code: 'en-xa',
  tag: 'en-XA',
  prefix: 'en-xa',
  name: 'Ƥšéûðö',
  listSeparator: ', ',
  breaksByPhrase: false,
  pseudoOf: 'en',
} as const satisfies LanguageInfo;

/** The pseudo-locale's path prefix, also where a build made with PSEUDO_LOCALE=1 has its pages (scripts/start.ts tells such a build apart). */
export const PSEUDO_LOCALE_PREFIX: string = PSEUDO.prefix;

/**
 * PSEUDO_LOCALE=1 in Node. Every browser bundle defines `process.env.PSEUDO_LOCALE` (astro.config.mjs,
 * src/lobby/build.ts), so there the test is a constant: a plain expression (no function, no try) that
 * the build folds, leaving the pseudo-locale's code out of the browser (each use below checks it first).
 */
export const PSEUDO_LOCALE_ON: boolean = process.env.PSEUDO_LOCALE === '1';

/** The languages of this build: the shipped ones, and the pseudo-locale when PSEUDO_LOCALE=1. */
export const LANGUAGE_LIST: readonly [(typeof SHIPPED)[number], ...Array<(typeof SHIPPED)[number] | typeof PSEUDO>] = PSEUDO_LOCALE_ON
  ? [...SHIPPED, PSEUDO]
  : SHIPPED;

export type Language = (typeof LANGUAGE_LIST)[number]['code'];
/** The shipped languages (content written by hand exists for these; a pseudo-locale derives its own). */
export type ShippedLanguage = (typeof SHIPPED)[number]['code'];
/** The shipped languages' codes: the ones with a locales/<code>/ folder and hand-written content. */
export const SHIPPED_LANGUAGES: readonly ShippedLanguage[] = SHIPPED.map((l) => l.code);
export const LANGUAGES = LANGUAGE_LIST.map((l) => l.code) as readonly Language[] as readonly [Language, ...Language[]];
/** The fallback: the site root's language, and the one an unknown or missing language becomes. */
export const DEFAULT_LANGUAGE: Language = LANGUAGE_LIST[0].code;
/** The language the strings are written in first; t() keys are typed against its files. */
export const SOURCE_LANGUAGE: Language = DEFAULT_LANGUAGE;

const byCode = new Map<string, LanguageInfo>(LANGUAGE_LIST.map((l) => [l.code, l]));

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && byCode.has(value);
/** Any value as a language: the fallback when it is not one. */
export const toLanguage = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);
export const languageInfo = (lang: Language): LanguageInfo => byCode.get(lang) ?? LANGUAGE_LIST[0];
/** The shipped language whose hand-written content a language shows (itself, or the one a pseudo-locale is made from). */
export const contentLanguage = (lang: Language): ShippedLanguage => (languageInfo(lang).pseudoOf ?? lang) as ShippedLanguage;
/**
 * Content written per language (promotions, game titles, race and raffle texts): an entry per
 * language code of the registry; only the default language's is required, the others fall back to it.
 */
export type LanguageTexts<T> = Readonly<Partial<Record<Language, T>>>;
/**
 * A language's entry of content written per language: its own, else (a pseudo-locale) its source
 * language's pseudo-localised (contracts/pseudo-locale.ts), else the default language's.
 */
export function contentFor<T>(record: LanguageTexts<T>, lang: Language): T {
  const own = record[lang];
  if (own !== undefined) return own;
  const source = record[contentLanguage(lang)];
  if (source !== undefined) return asWrittenIn(source, lang);
  return record[DEFAULT_LANGUAGE] as T;
}
/**
 * Content of a shipped language as a language shows it: itself, pseudo-localised for a pseudo-locale.
 * Other modules call this rather than pseudoTree, so the browser's build (where the check is false)
 * drops the pseudo-locale's code with it.
 */
export const asWrittenIn = <T>(value: T, lang: Language): T => (PSEUDO_LOCALE_ON && languageInfo(lang).pseudoOf ? pseudoTree(value) : value);
/** The BCP-47 tag Intl gets for a language. */
export const localeTag = (lang: Language): string => languageInfo(lang).tag;
/** A language's name as written in another (Intl's): languageName('en', 'ja') === '英語' (back-office form labels). */
export const languageName = (of: Language, lang: Language): string =>
  new Intl.DisplayNames([localeTag(lang)], { type: 'language' }).of(localeTag(of).split('-')[0] ?? of) ?? languageInfo(of).name;
/** Open Graph's locale form (ja_JP). */
export const ogLocale = (lang: Language): string => localeTag(lang).replace('-', '_');
/** Builds a record with one entry per language (templates, lookups). */
export const perLanguage = <T>(make: (lang: Language) => T): Record<Language, T> =>
  Object.fromEntries(LANGUAGES.map((code) => [code, make(code)])) as Record<Language, T>;

/** The path of a site page in a language: localizePath('/about', 'en') === '/en/about'. */
export function localizePath(path: string, lang: Language): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const { prefix } = languageInfo(lang);
  if (!prefix) return clean;
  return clean === '/' ? `/${prefix}/` : `/${prefix}${clean}`;
}

/** The language a path belongs to and the path without its language prefix. */
export function splitLocalePath(pathname: string): { lang: Language; path: string } {
  for (const { code, prefix } of LANGUAGE_LIST) {
    if (prefix && (pathname === `/${prefix}` || pathname.startsWith(`/${prefix}/`))) return { lang: code, path: pathname.slice(prefix.length + 1) || '/' };
  }
  return { lang: DEFAULT_LANGUAGE, path: pathname || '/' };
}

/** The language prefixes the inline scripts (no module imports) need to move between languages. */
export const LANGUAGE_PREFIXES: Record<string, string> = Object.fromEntries(LANGUAGE_LIST.map((l) => [l.code, l.prefix]));

// Formatters, cached: an Intl object costs milliseconds to make.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Intl.NumberFormat of a language (options optional). */
export function numberFormat(lang: Language, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${lang}|${options ? JSON.stringify(options) : ''}`;
  let format = numberFormats.get(id);
  if (!format) numberFormats.set(id, (format = new Intl.NumberFormat(localeTag(lang), options)));
  return format;
}

/** Intl.DateTimeFormat of a language. */
export function dateFormat(lang: Language, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${lang}|${options ? JSON.stringify(options) : ''}`;
  let format = dateFormats.get(id);
  if (!format) dateFormats.set(id, (format = new Intl.DateTimeFormat(localeTag(lang), options)));
  return format;
}

export const formatNumber = (value: number, lang: Language, options?: Intl.NumberFormatOptions) => numberFormat(lang, options).format(value);
export const formatDate = (value: string | number | Date, lang: Language, options?: Intl.DateTimeFormatOptions) =>
  dateFormat(lang, options).format(value instanceof Date ? value : new Date(value));
