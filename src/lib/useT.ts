import { useTranslation } from 'react-i18next';
import type { Language } from '../../contracts/constants';
import { i18nFor } from './i18n';

/** react-i18next in islands, bound to the page's language instance (no provider needed per island). */
export function useT(lang: Language, ns?: string | string[]) {
  return useTranslation(ns ?? 'common', { i18n: i18nFor(lang) }).t;
}
