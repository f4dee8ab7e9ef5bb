import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import { verifyRoundHref } from '../../../lib/routes';
import { useT } from '../../../lib/useT';
import { $house, $houseRounds } from '../../../stores/gamesHouse';
import './strings';

/** The compact fairness line under the game: the committed hash, the next nonce, a link to verify the last round. */
export function FairnessLine({ lang }: { lang: Language }) {
  const t = useT(lang, 'games');
  const { fairness } = useStore($house);
  const last = useStore($houseRounds)[0];
  if (!fairness) return null;
  return (
    <p className="truncate border-t border-brown-800 bg-brown-950 px-3 py-1 text-center font-mono text-[11px] text-cream/80" data-testid="fairness-line">
      {t('fairness.hashShort')}: {fairness.serverSeedHash.slice(0, 12)}… · {t('fairness.nonce')}: <span data-testid="fairness-nonce">{fairness.nonce}</span>
      {last && (
        <>
          {' · '}
          <a href={verifyRoundHref(last.roundId, lang)} target="_blank" rel="noopener" className="text-gold-400 underline" data-testid="verify-last-round">
            {t('fairness.verifyLast')}
          </a>
        </>
      )}
    </p>
  );
}
