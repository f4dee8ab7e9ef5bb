import i18next, { type i18n, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contracts/constants';

/**
 * i18next used directly (ARCHITECTURE.md): every JSON under locales/<lang>/<namespace>.json is a
 * namespace; `common` is the default one. One instance per language, created synchronously.
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

type Resources = Record<string, Record<string, Record<string, unknown>>>;
export const resources: Resources = {};
for (const [file, content] of Object.entries(files)) {
  const [, lang, ns] = file.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
  if (!lang || !ns) continue;
  (resources[lang] ??= {})[ns] = content;
}
export const namespaces = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

const instances = new Map<Language, i18n>();

export function i18nFor(lang: Language): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = i18next.createInstance();
    instance.init({
      lng: lang,
      fallbackLng: false,
      resources,
      ns: namespaces,
      defaultNS: 'common',
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(lang, instance);
  }
  return instance;
}

export function useTranslations(lang: Language): TFunction {
  return i18nFor(lang).t;
}

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
