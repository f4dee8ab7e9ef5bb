import type { TFunction } from '../../lib/i18n';
import { formatDate, type Language } from '../../../contracts/languages';
import { ApiError } from '../../lib/api';
// Its one string of its own; a refusal's message comes with the errors the API client loads on a failure.
import 'virtual:strings?protection.indefinitely';

const PROTECTION_CODES = new Set(['PLAY_BREAK_ACTIVE', 'SELF_EXCLUDED', 'PLAY_LIMIT_REACHED']);

/** A date and time in the player's language, with its time zone since limits count UTC days (dateStyle cannot carry one). */
export const formatWhen = (lang: Language, iso: string) =>
  formatDate(iso, lang, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });

/**
 * The message of a player-protection refusal, saying until when (an indefinite exclusion has no
 * end); null for any other failure.
 */
export function protectionMessage(t: TFunction, lang: Language, error: unknown): string | null {
  if (!(error instanceof ApiError) || !PROTECTION_CODES.has(error.code)) return null;
  const until = error.until ? formatWhen(lang, error.until) : t('protection:indefinitely');
  return t(`errors:${error.code}`, { until });
}
