import { useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import type { PromotionBonus } from '../../../contracts/wallet';
import { ApiError } from '../../lib/api';
import { formatCoins } from '../../lib/formatCoins';
import { useT } from '../../lib/useT';
import { showToast } from '../../stores/toasts';
import { claimPromotionBonus, fetchPromotionBonus } from '../../stores/wallet';
import CoinIcon from './CoinIcon';
import { protectionMessage } from '../account/protectionText';
// Its strings come with PromotionClaim.tsx, its one importer (a strings module of its own would be a
// chunk of its own on every page with the claim).

/** A signed-in player's claim (PromotionClaim.tsx loads it for a player only): once per player, only while the promotion runs. */
export default function PromotionClaimButton({ lang, promoSlug, bonus }: { lang: Language; promoSlug: string; bonus: number }) {
  const t = useT(lang, 'wallet');
  const [status, setStatus] = useState<PromotionBonus | null>(null);
  const [busy, setBusy] = useState(false);
  const amount = formatCoins(bonus, lang);

  useEffect(() => {
    fetchPromotionBonus(promoSlug).then(setStatus, () => setStatus(null));
  }, [promoSlug]);

  if (status?.claimed)
    return (
      <p className="font-semibold text-green-400" role="status" data-testid="promotion-claimed">
        {t('promotion.claimed')}
      </p>
    );
  if (status && !status.active)
    return (
      <p className="text-cream/80" data-testid="promotion-not-running">
        {t('promotion.notRunning')}
      </p>
    );

  const claim = async () => {
    if (busy) return; // a double click sends one request
    setBusy(true);
    try {
      const result = await claimPromotionBonus(promoSlug);
      showToast(t('promotion.won', { amount: formatCoins(result.bonus, lang) }), 'success');
      setStatus((s) => (s ? { ...s, claimed: true } : s));
    } catch (error) {
      const code = error instanceof ApiError ? error.displayCode : 'TECHNICAL_ERROR';
      showToast(protectionMessage(t, lang, error) ?? t(`errors:${code}`), 'error');
      fetchPromotionBonus(promoSlug).then(setStatus, () => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" className="btn-gold gap-2" disabled={busy || !status} aria-busy={busy} onClick={() => void claim()} data-testid="promotion-claim">
      <CoinIcon /> {t('promotion.claim', { amount })}
    </button>
  );
}
