import { formatDate, type Language } from '../../contracts/languages';

/** Promotion dates are written in Japan time in the content files and shown as dates in that zone. */
export function formatPromotionDate(iso: string, lang: Language): string {
  return formatDate(iso, lang, { dateStyle: 'long', timeZone: 'Asia/Tokyo' });
}
