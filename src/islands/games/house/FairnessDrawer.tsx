import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { checkClientSeed } from '../../../../contracts/client-seed';
import type { Language } from '../../../../contracts/constants';
import { verifyRoundHref } from '../../../lib/routes';
import { useT } from '../../../lib/useT';
import { $house, $houseBusy, $houseRounds, rotateHouseSeed } from '../../../stores/gamesHouse';
import { roundErrorKey } from './common';
import { formatCoins } from '../../../lib/formatCoins';
import './strings';

/**
 * Provably fair controls: the committed server seed hash, the player's client seed (settable, which
 * rotates the pair and reveals the old server seed), the next nonce, and a verify link per round.
 * It never covers the game: a column beside it on frames from 640 px wide (scrolling on its own),
 * below it on narrower ones (the frame scrolls down to it while it is open). Loaded the first time the
 * player opens it (HousePlay), not with the frame.
 */
export default function FairnessDrawer({ lang, open, onClose, rtp }: { lang: Language; open: boolean; onClose: () => void; rtp: number }) {
  const t = useT(lang, 'games');
  const house = useStore($house);
  const rounds = useStore($houseRounds);
  const busy = useStore($houseBusy);
  const [seed, setSeed] = useState(house.fairness?.clientSeed ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const panel = useRef<HTMLElement>(null);
  const fairness = house.fairness;

  useEffect(() => {
    const section = panel.current;
    if (!open || !section) return;
    // Below the game on a narrow frame: bring it into view (scrolling the game's box, never the page around the frame).
    section.offsetParent?.scrollTo({ top: section.offsetTop });
    section.querySelector<HTMLElement>('input, button')?.focus({ preventScroll: true });
  }, [open]);

  if (!fairness) return null;

  const rotate = async (event: FormEvent, withSeed: boolean) => {
    event.preventDefault();
    const clientSeed = seed.trim();
    if (withSeed && checkClientSeed(clientSeed) !== null) {
      setMessage('fairness.clientSeedInvalid');
      return;
    }
    setPending(true);
    setMessage(null);
    try {
      const result = await rotateHouseSeed(withSeed ? clientSeed : undefined);
      setSeed(result.fairness.clientSeed);
      setMessage('fairness.rotated');
    } catch (error) {
      setMessage(roundErrorKey(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      id="fairness-drawer"
      ref={panel}
      aria-label={t('house.fairness')}
      hidden={!open}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      className="w-full shrink-0 border-t border-brown-600 bg-brown-900 p-4 text-sm sm:w-72 sm:overflow-y-auto sm:border-l sm:border-t-0 lg:w-80"
      data-testid="fairness-drawer"
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-base font-bold text-gold-400">{t('house.fairness')}</h2>
        <button type="button" onClick={onClose} className="btn-ghost px-2 py-1 text-xs">
          {t('house.close')}
        </button>
      </div>
      <p className="mb-3 text-cream/80">{t('fairness.drawerIntro', { rtp: (rtp * 100).toFixed(2) })}</p>
      <dl className="mb-3">
        <dt className="text-cream/70">{t('fairness.serverSeedHash')}</dt>
        <dd className="mb-2 break-all font-mono text-xs" data-testid="server-seed-hash">
          {fairness.serverSeedHash}
        </dd>
        <dt className="text-cream/70">{t('fairness.nonce')}</dt>
        <dd className="font-mono">{fairness.nonce}</dd>
      </dl>
      <form onSubmit={(e) => rotate(e, true)} className="mb-3 flex flex-col gap-2">
        <label htmlFor="client-seed" className="text-cream/70">
          {t('fairness.clientSeed')}
        </label>
        <div className="flex gap-2">
          <input
            id="client-seed"
            className="field font-mono text-xs"
            value={seed}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setSeed(e.target.value)}
            data-testid="client-seed"
          />
          <button type="submit" className="btn-gold shrink-0 whitespace-nowrap px-3 py-1 text-xs" disabled={pending || busy}>
            {t('fairness.setSeed')}
          </button>
        </div>
        <p className="text-xs text-cream/60">{t('fairness.setSeedHelp')}</p>
      </form>
      <button
        type="button"
        className="btn-ghost mb-3 w-full px-3 py-1 text-xs"
        disabled={pending || busy}
        onClick={(e) => rotate(e, false)}
        data-testid="rotate-seed"
      >
        {t('fairness.rotate')}
      </button>
      <p role="status" className="min-h-5 text-xs text-gold-400">
        {message ? t(message) : ''}
      </p>
      {house.revealed && (
        <div className="mb-3 rounded border border-brown-600 p-2" data-testid="revealed-seed">
          <p className="mb-1 font-semibold">{t('fairness.revealedTitle')}</p>
          <p className="text-xs text-cream/70">{t('fairness.serverSeed')}</p>
          <p className="break-all font-mono text-xs">{house.revealed.serverSeed}</p>
          <p className="text-xs text-cream/70">{t('fairness.serverSeedHash')}</p>
          <p className="break-all font-mono text-xs">{house.revealed.serverSeedHash}</p>
        </div>
      )}
      <h3 className="mb-1 font-semibold">{t('fairness.recentRounds')}</h3>
      {rounds.length === 0 ? (
        <p className="text-cream/60">{t('fairness.noRounds')}</p>
      ) : (
        <ul className="flex flex-col gap-1" data-testid="recent-rounds">
          {rounds.map((round) => (
            <li key={round.roundId} className="flex items-center justify-between gap-2 rounded bg-brown-800 px-2 py-1">
              <span className="font-mono text-xs">#{round.nonce}</span>
              <span className="text-xs">
                {formatCoins(round.stake, lang)} → {formatCoins(round.win, lang)}
              </span>
              <a href={verifyRoundHref(round.roundId, lang)} target="_blank" rel="noopener" className="text-xs text-gold-400 underline">
                {t('fairness.verify')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
