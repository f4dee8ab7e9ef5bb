import type { Language } from '../../contracts/constants';
import { translatorFor, type TFunction } from './i18n';

/**
 * t() in islands, bound to the page's language; the first namespace given is the default one
 * (as react-i18next's useTranslation did). Translators are cached, so the function is stable.
 */
export function useT(lang: Language, ns?: string | string[]): TFunction {
  return translatorFor(lang, (Array.isArray(ns) ? ns[0] : ns) ?? 'common');
}
