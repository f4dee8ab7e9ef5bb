import { useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import { formatNumber } from '../../../contracts/languages';
import type { GameStatsResponse, GameStatsResponseSchema } from '../../../contracts/games';
import { apiCall } from '../../lib/api';
import { useT } from '../../lib/useT';
import 'virtual:strings?games.gameMath';

const percent = (x: number, lang: Language) => `${formatNumber(x * 100, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;

/**
 * The live sentence of /fairness/games/<code> (decision 0020): what the game has paid over real
 * rounds in each window, beside its exact RTP and the 99% band for that many rounds.
 */
export default function GameLiveStats({ lang, code }: { lang: Language; code: string }) {
  const t = useT(lang, 'games');
  const [stats, setStats] = useState<GameStatsResponse | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    apiCall<typeof GameStatsResponseSchema>(`/games/${encodeURIComponent(code)}/stats`)
      .then(setStats)
      .catch(() => setFailed(true));
  }, [code]);
  if (failed) return <p role="alert">{t('gameMath.liveError')}</p>;
  if (!stats) return <p aria-live="polite">{t('gameMath.liveLoading')}</p>;
  const expected = percent(stats.expected.rtp, lang);
  return (
    <dl className="grid gap-2" data-testid="game-live-stats">
      {stats.windows.map((w) => (
        <div key={w.window}>
          <dt className="font-semibold">{t(`gameMath.windows.${w.window}`)}</dt>
          <dd>
            {w.rtp === null || !w.band
              ? t('gameMath.liveNone', { expected })
              : t('gameMath.liveSentence', {
                  rtp: percent(w.rtp, lang),
                  rounds: formatNumber(w.rounds, lang),
                  expected,
                  low: percent(w.band.low, lang),
                  high: percent(w.band.high, lang),
                })}
          </dd>
        </div>
      ))}
    </dl>
  );
}
