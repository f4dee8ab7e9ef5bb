import type { Language } from '../../contracts/constants';
import { translatorFor, type StringNamespace, type TFunction } from './i18n';

/**
 * t() in islands, bound to the page's language; the first namespace given is the default one
 * (as react-i18next's useTranslation did). Translators are cached, so the function is stable.
 */
export function useT<NS extends StringNamespace = 'common'>(lang: Language, ns?: NS | readonly [NS, ...StringNamespace[]]): TFunction<NS> {
  return translatorFor<NS>(lang, ((Array.isArray(ns) ? ns[0] : ns) ?? 'common') as NS);
}
