import type { Language } from '../../../contracts/constants';
import type { AppNotification } from '../../../contracts/progression';
import type { TFunction } from '../../lib/i18n';
import { formatCoins } from '../../lib/formatCoins';
import 'virtual:strings?progress.notice,progress.tier';

/** A notification as one sentence in the page's language. */
export function noticeText(t: TFunction, lang: Language, n: AppNotification): string {
  const d = n.data;
  const amount = typeof d.amount === 'number' ? formatCoins(d.amount, lang) : '';
  switch (n.kind) {
    case 'TIER_CHANGED':
      return t(d.up ? 'progress:notice.TIER_CHANGED_UP' : 'progress:notice.TIER_CHANGED_DOWN', { tier: t(`progress:tier.${String(d.tier)}`) });
    case 'ADJUSTMENT':
      // A back-office adjustment names its reason code (shown in the player's language); the CLI's is free text.
      return t('progress:notice.ADJUSTMENT', {
        amount,
        reason: d.reasonCode ? t(`progress:notice.adjustmentReason.${String(d.reasonCode)}`) : String(d.reason ?? ''),
      });
    default:
      return t(`progress:notice.${n.kind}`, { amount, level: d.level ?? '', rank: d.rank ?? '' });
  }
}
