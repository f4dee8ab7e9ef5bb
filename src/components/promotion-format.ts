import type { Language } from '../../contracts/constants';

/** Promotion dates are written in Japan time in the content files and shown as dates in that zone. */
export function formatPromotionDate(iso: string, lang: Language): string {
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'long', timeZone: 'Asia/Tokyo' }).format(new Date(iso));
}
