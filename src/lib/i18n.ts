import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contracts/constants';
import { makeT, type Namespaces, type TFunction } from './translate';

export type { TFunction } from './translate';

/**
 * Every JSON under locales/<lang>/<namespace>.json is a namespace; `common` is the default one.
 * At build time (SSR) all of them are here. In the browser only the page's language is, without
 * the server-only namespaces: one chunk per language (./locales/<lang>.ts), awaited before any
 * island renders (top-level await), so hydration renders exactly the text the build did.
 */
export const resources: Partial<Record<Language, Namespaces>> = {};
if (import.meta.env.SSR) {
  const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });
  for (const [file, content] of Object.entries(files)) {
    const [, lang, ns] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
    if (lang && ns) (resources[lang as Language] ??= {})[ns] = content;
  }
} else {
  const lang: Language = document.documentElement.lang === 'en' ? 'en' : 'ja';
  resources[lang] = (lang === 'en' ? await import('./locales/en') : await import('./locales/ja')).default;
}
export const namespaces = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

const translators = new Map<string, TFunction>();

/** t() of a language, keys without `ns:` read `defaultNs`. */
export function translatorFor(lang: Language, defaultNs = 'common'): TFunction {
  const id = `${lang}:${defaultNs}`;
  let t = translators.get(id);
  if (!t) {
    t = makeT(lang, resources[lang] ?? {}, defaultNs);
    translators.set(id, t);
  }
  return t;
}

export function useTranslations(lang: Language): TFunction {
  return translatorFor(lang);
}

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
