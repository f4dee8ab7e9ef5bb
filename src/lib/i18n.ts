import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, languageInfo, localeTag, type Language } from '../../contracts/languages';
import { pseudoTree } from '../../contracts/pseudo-locale';
import { makeT, type Namespaces, type StringNamespace, type TFunction, type UntypedT } from './translate';

export type { StringNamespace, TFunction } from './translate';

/**
 * Every JSON under locales/<lang>/<namespace>.json is a namespace; `common` is the default one.
 * At build time (SSR) all of them are here. In the browser only the strings the page's modules
 * asked for are, in the page's language: each island imports `virtual:strings?<parts>`
 * (scripts/locale-strings.ts), which adds them here before the island runs, so hydration renders
 * exactly the text the build did. A string the browser lacks is reported as a console error.
 */
export const resources: Partial<Record<Language, Namespaces>> = {};
if (import.meta.env.SSR) {
  const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });
  for (const [file, content] of Object.entries(files)) {
    const [, lang, ns] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
    if (lang && ns) (resources[lang as Language] ??= {})[ns] = content;
  }
  // A pseudo-locale's strings are made from its language's files (no folder of its own).
  for (const code of LANGUAGES) {
    const { pseudoOf } = languageInfo(code);
    if (pseudoOf) resources[code] = pseudoTree(resources[pseudoOf as Language] ?? {});
  }
}

export { isLanguage };

/** The language of the page in the browser (its `<html lang>`); the default one outside a browser. */
export function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Adds loaded strings (whole namespaces or top-level sections of them) to a language. */
export function addStrings(lang: Language, data: Namespaces): void {
  const target = (resources[lang] ??= {});
  for (const [ns, tree] of Object.entries(data)) target[ns] = { ...target[ns], ...tree };
}

const translators = new Map<string, UntypedT>();
const reportMissing = import.meta.env.SSR
  ? undefined
  : (key: string) => console.error(`No string for "${key}" on this page: import its part with virtual:strings (scripts/locale-strings.ts).`);

/** t() of a language, keys without `ns:` read `defaultNs` (typed: src/lib/translate.ts). */
export function translatorFor<NS extends StringNamespace = 'common'>(lang: Language, defaultNs: NS = 'common' as NS): TFunction<NS> {
  const id = `${lang}:${defaultNs}`;
  let t = translators.get(id);
  if (!t) {
    t = makeT(localeTag(lang), (resources[lang] ??= {}), defaultNs, reportMissing);
    translators.set(id, t);
  }
  return t as TFunction<NS>;
}

export function useTranslations(lang: Language): TFunction<'common'> {
  return translatorFor(lang);
}
