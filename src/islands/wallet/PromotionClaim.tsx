import { Suspense } from 'react';
import type { Language } from '../../../contracts/constants';
import { formatCoins } from '../../lib/formatCoins';
import { useT } from '../../lib/useT';
import { openPopup } from '../../stores/popup';
import { useSession } from '../../stores/useSession';
import CoinIcon from './CoinIcon';
import { lazyForPlayer } from '../lazyForPlayer';
import 'virtual:strings?errors.TECHNICAL_ERROR,wallet.promotion';

// The claim, its calls and the wallet's store load for a player only: a visitor's page never loads them.
const PromotionClaimButton = lazyForPlayer(() => import('./PromotionClaimButton'));

/** The promotion page's claim button: once per player, only while the promotion runs. */
export default function PromotionClaim({ lang, promoSlug, bonus }: { lang: Language; promoSlug: string; bonus: number }) {
  const t = useT(lang, 'wallet');
  const session = useSession();

  if (!session) {
    return (
      <button type="button" className="btn-gold gap-2" onClick={() => openPopup('login')} data-testid="promotion-claim-signin">
        <CoinIcon /> {t('promotion.signIn')}
      </button>
    );
  }
  // Until it arrives, the button as it first shows anyway: disabled while the player's status loads.
  const waiting = (
    <button type="button" className="btn-gold gap-2" disabled aria-busy={false} data-testid="promotion-claim">
      <CoinIcon /> {t('promotion.claim', { amount: formatCoins(bonus, lang) })}
    </button>
  );
  return (
    <Suspense fallback={waiting}>
      {/* Another player signing in on the page asks again. */}
      <PromotionClaimButton key={session.displayName} lang={lang} promoSlug={promoSlug} bonus={bonus} />
    </Suspense>
  );
}
