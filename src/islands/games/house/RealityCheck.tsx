import { useEffect, useRef, useState } from 'react';
import type { Language } from '../../../../contracts/constants';
import type { PlayControlsSchema } from '../../../../contracts/protection';
import { apiCall } from '../../../lib/api';
import { useT } from '../../../lib/useT';
import { formatCoins } from '../../../lib/formatCoins';
import './strings';

const MINUTE_MS = 60_000;

/**
 * The reality check (docs/decisions/0008-player-protection.md): a real-coin session reads the player's interval from
 * GET /play-controls once, and every that many minutes of this session interrupts play with the
 * session's time and net coins (balance now minus at the start) and a choice to continue or stop
 * (stop returns to the lobby). Off when the player set none or the controls cannot be read.
 */
export default function RealityCheck({ lang, balance, lobby }: { lang: Language; balance: number; lobby: string }) {
  const t = useT(lang, 'protection');
  const [intervalMs, setIntervalMs] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const startedAt = useRef(Date.now());
  const startBalance = useRef(balance);
  const [shownAt, setShownAt] = useState(0);

  useEffect(() => {
    apiCall<typeof PlayControlsSchema>('/play-controls')
      .then((c) => setIntervalMs(c.realityCheckMinutes === null ? null : c.realityCheckMinutes * MINUTE_MS))
      .catch(() => setIntervalMs(null));
  }, []);

  // The next check is one interval after the session began or the player chose to continue.
  useEffect(() => {
    if (intervalMs === null || open) return;
    const timer = setTimeout(() => {
      setShownAt(Date.now());
      setOpen(true);
    }, intervalMs);
    return () => clearTimeout(timer);
  }, [intervalMs, open]);

  // Focus stays in the dialog: Tab and Shift+Tab cycle between its two choices (the overlay covers
  // the game against the pointer, aria-modal tells screen readers; without this Tab would reach the
  // game behind, then leave the frame).
  const cycleFocus = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const choices = [...event.currentTarget.querySelectorAll<HTMLElement>('button, a[href]')];
    const at = choices.indexOf(document.activeElement as HTMLElement);
    event.preventDefault();
    choices[(at + (event.shiftKey ? choices.length - 1 : 1)) % choices.length]?.focus();
  };

  if (!open) return null;
  const minutes = Math.floor((shownAt - startedAt.current) / MINUTE_MS);
  const net = balance - startBalance.current;
  return (
    <div className="absolute inset-0 z-50 flex items-center justify-center bg-black/80 p-4" data-testid="reality-check">
      <div
        role="alertdialog"
        aria-modal="true"
        onKeyDown={cycleFocus}
        aria-labelledby="reality-check-title"
        aria-describedby="reality-check-body"
        className="max-w-sm rounded-lg border border-gold-500 bg-brown-900 p-5 text-center"
      >
        <h2 id="reality-check-title" className="mb-2 text-lg font-bold text-gold-400">
          {t('realityTitle')}
        </h2>
        <p id="reality-check-body" data-testid="reality-check-time">
          {t('realityBody', { minutes })}
        </p>
        <p className="mt-1 font-semibold" data-testid="reality-check-net">
          {t('realityNet', { net: `${net > 0 ? '+' : ''}${formatCoins(net, lang)}` })}
        </p>
        <div className="mt-4 flex justify-center gap-2">
          <button type="button" className="btn-gold" data-testid="reality-check-continue" autoFocus onClick={() => setOpen(false)}>
            {t('continue')}
          </button>
          <a href={lobby} target="_top" className="btn-ghost" data-testid="reality-check-stop">
            {t('stop')}
          </a>
        </div>
      </div>
    </div>
  );
}
