import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../contracts/constants';
import type { BaccaratDefinition } from '../../../contracts/games';
import { liveTable, STAMPS } from '../../../contracts/live-tables';
import { formatCoins } from '../../lib/formatCoins';
import { localizePath } from '../../lib/routes';
import { useT } from '../../lib/useT';
import { createLiveTable, phaseEndsAt, secondsLeft, sumOf } from '../../stores/liveTable';
import { openPopup } from '../../stores/popup';
import { useSession } from '../../stores/useSession';
import { ChipPicker, ErrorLine } from '../games/house/common';
import LiveBoard, { winningSpots } from './LiveBoard';
import { BaccaratStage, LiveWheel } from './LiveStage';
import StampArt from './StampArt';
import { resultChipClass, resultShort, resultText, spotLabel, useNow } from './labels';
import 'virtual:strings?live,errors.BETTING_CLOSED,games.cards,games.house';

/**
 * A shared table's screen: the wheel or the shoe, the countdown, the board with everyone's chips,
 * the player's chips and bet, the latest bets, stamps rising over the table, the result and the
 * round history. Its state and every action are in src/stores/liveTable.ts; this draws them.
 */
export default function LiveTableScreen({ lang, tableId }: { lang: Language; tableId: string }) {
  const t = useT(lang, 'live');
  const session = useSession();
  const [table] = useState(() => createLiveTable(tableId));
  useEffect(() => {
    void table.start();
    const online = () => table.online();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      table.stop();
    };
  }, [table]);
  const view = useStore(table.$live);
  const now = useNow(250);
  const { state, kind, limits, offset, mine, pending, chip } = view;
  const round = state.round;
  const def = liveTable(tableId)!;
  const seconds = secondsLeft(phaseEndsAt(round), now, offset);
  const phase = round?.phase ?? 'waiting';
  const open = phase === 'betting' && seconds > 0;
  const signedIn = session !== null;
  const own = useMemo(() => {
    const sum: Record<string, number> = { ...(mine?.spots ?? {}) };
    for (const [spot, amount] of Object.entries(pending)) sum[spot] = (sum[spot] ?? 0) + amount;
    return sum;
  }, [mine, pending]);
  const winning = phase === 'result' ? winningSpots(round?.result) : new Set<string>();
  const pendingTotal = sumOf(pending);
  const progress = round && phase === 'betting' ? Math.max(0, Math.min(1, (round.closesAt - (now + offset)) / Math.max(1, round.closesAt - round.opensAt))) : 0;

  if (!view.ready && !view.failed) {
    return (
      <p className="py-10 text-center text-cream/80" aria-live="polite">
        {t('table.loading')}
      </p>
    );
  }
  if (view.failed && !view.ready) {
    return (
      <div role="alert" className="rounded border border-red-500 bg-red-950/40 p-4">
        <p>{t('table.loadFailed')}</p>
        <button type="button" className="btn-ghost mt-3" onClick={() => void table.retry()}>
          {t('table.retry')}
        </button>
      </div>
    );
  }

  const phaseText = phase === 'drawing' ? t(`drawing.${kind}`) : phase === 'waiting' ? t('table.waiting') : t(`phase.${phase}`);
  return (
    <div className="flex flex-col gap-3" data-testid="live-table" data-phase={phase} data-round={round?.roundId ?? ''}>
      {view.connection === 'reconnecting' && (
        <p
          role="status"
          className="rounded-md border border-gold-500 bg-brown-800 px-3 py-2 text-sm font-semibold text-gold-400"
          data-testid="live-reconnecting"
        >
          {t('table.reconnecting')}
        </p>
      )}
      {/* The table's bar: round, phase and countdown, who is here. */}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg bg-brown-900 px-3 py-2">
        {round && <span className="text-sm text-cream/80">{t('table.round', { position: round.position })}</span>}
        <span className={`rounded px-2 py-0.5 text-sm font-bold ${open ? 'bg-green-800' : 'bg-brown-700'}`} data-testid="live-phase">
          {phaseText}
        </span>
        {phase !== 'waiting' && (
          <span className="font-mono text-lg font-black tabular-nums text-gold-400" data-testid="live-countdown">
            {t('status.countdown', { seconds })}
          </span>
        )}
        <span className="ms-auto flex gap-3 text-sm text-cream/85">
          <span data-testid="live-watchers">{t('status.watchers', { count: state.watchers })}</span>
          <span data-testid="live-players">{t('status.players', { count: state.players })}</span>
        </span>
        <div className="h-1 w-full overflow-hidden rounded bg-brown-700" aria-hidden="true">
          <div className="h-full bg-gold-500 transition-[width] duration-200" style={{ width: `${progress * 100}%` }} />
        </div>
      </div>

      <div className="grid gap-3 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:grid-rows-[auto_1fr]">
        {/* The stage: the wheel or the shoe, stamps rising over it, the result. */}
        <div className="relative flex min-h-64 flex-col items-center justify-center gap-2 overflow-hidden rounded-2xl bg-green-950 p-3 shadow-inner lg:col-start-1 lg:row-start-1">
          {kind === 'roulette' ? (
            <LiveWheel round={round} label={round?.result && phase === 'result' ? resultText(t, round.result) : t('table.wheel')} />
          ) : (
            <BaccaratStage round={round} lang={lang} labels={{ player: t('table.spot.player'), banker: t('table.spot.banker'), shoe: t('table.shoe') }} />
          )}
          <div aria-live="polite" className="min-h-14 text-center" data-testid="live-result" data-round={phase === 'result' ? round?.roundId : ''}>
            {phase === 'result' && round?.result && (
              <>
                <p className="text-xl font-black" data-testid="live-result-text">
                  {resultText(t, round.result)}
                </p>
                {view.myResult?.roundId === round.roundId && (
                  <p className={view.myResult.won > 0 ? 'font-bold text-gold-400' : 'text-cream/75'} data-testid="live-my-result">
                    {view.myResult.won > 0 ? t('table.youWon', { amount: formatCoins(view.myResult.won, lang) }) : t('table.youLost')}
                  </p>
                )}
              </>
            )}
            {phase === 'drawing' && <p className="text-cream/85">{t(`drawing.${kind}`)}</p>}
          </div>
          <StampLayer stamps={view.stamps} t={t} />
        </div>

        <div className="flex min-w-0 flex-col gap-3 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <LiveBoard
            kind={kind}
            lang={lang}
            t={t}
            totals={state.totals}
            own={own}
            winning={winning}
            enabled={signedIn && open}
            onSpot={table.addChip}
            tiePays={(def.rules as BaccaratDefinition).tiePays ?? 8}
          />
          <p className="text-xs text-cream/70">{t('table.totalsNote')}</p>

          {signedIn ? (
            <div className="flex flex-col gap-2 rounded-lg bg-brown-900 p-2" data-testid="live-controls">
              <p className="text-center text-xs text-cream/80 sm:text-sm">
                {t('table.limits', {
                  min: formatCoins(limits.minBet, lang),
                  max: formatCoins(limits.maxBet, lang),
                  round: formatCoins(limits.maxRoundTotal, lang),
                })}
              </p>
              <div className="flex flex-wrap items-center justify-center gap-2">
                <ChipPicker lang={lang} chips={[...limits.chips]} value={chip} onChange={table.selectChip} />
                {pendingTotal > 0 && view.error && !view.placing && (
                  <button type="button" className="btn-gold" onClick={() => void table.placeBets()} disabled={!open} data-testid="live-place">
                    {t('table.sendAgain')}
                  </button>
                )}
              </div>
              <p className="text-center text-xs text-cream/70">{t('table.autoNote')}</p>
              <p className="min-h-5 text-center text-sm" aria-live="polite" data-testid="live-my-bets" data-placed={mine?.total ?? 0}>
                {pendingTotal > 0 && (
                  <span className="me-3 text-gold-400">
                    {view.placing ? t('table.placing') : t('table.pending', { amount: formatCoins(pendingTotal, lang) })}
                  </span>
                )}
                {mine && mine.total > 0 && <span>{t('table.placedTotal', { amount: formatCoins(mine.total, lang) })}</span>}
              </p>
              <ErrorLine lang={lang} messageKey={view.error} compact />
            </div>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gold-500/60 bg-brown-900 p-3" data-testid="live-visitor">
              <p className="text-sm">{t('table.signInLead')}</p>
              <button type="button" className="btn-gold" onClick={() => openPopup('login')}>
                {t('table.signIn')}
              </button>
            </div>
          )}

          <StampPicker
            t={t}
            signedIn={signedIn}
            resting={now < view.stampRestUntil}
            muted={view.muted}
            onSend={(s) => void table.sendStamp(s)}
            onMute={table.setMuted}
          />

          <section aria-labelledby="live-latest" className="rounded-lg bg-brown-900 p-2">
            <h2 id="live-latest" className="mb-1 text-sm font-bold text-gold-400">
              {t('table.latest')}
            </h2>
            {state.latest.length === 0 ? (
              <p className="text-sm text-cream/70">{t('table.noBets')}</p>
            ) : (
              <ul className="grid gap-0.5 text-sm" data-testid="live-latest">
                {state.latest.map((line, i) => (
                  <li key={`${line.name}-${line.spot}-${i}`} className="truncate">
                    {t('table.betLine', { name: line.name, spot: spotLabel(t, line.spot), amount: formatCoins(line.amount, lang) })}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <section aria-labelledby="live-history" className="self-start rounded-lg bg-brown-900 p-2 lg:col-start-1 lg:row-start-2">
          <h2 id="live-history" className="mb-1 text-sm font-bold text-gold-400">
            {t('table.history')}
          </h2>
          <ol className="flex flex-wrap gap-1" data-testid="live-history">
            {state.history.map((h, i) => (
              <li key={h.roundId}>
                <a
                  href={`${localizePath('/fairness/live', lang)}?round=${encodeURIComponent(h.roundId)}`}
                  className={`block min-w-8 rounded px-1.5 text-center text-sm font-bold leading-7 text-cream no-underline hover:brightness-125 ${resultChipClass(h.result)} ${i === 0 ? 'ring-2 ring-gold-400' : ''}`}
                  data-round={h.roundId}
                >
                  <span aria-hidden="true">{resultShort(t, h.result)}</span>
                  <span className="sr-only">{t('table.verifyRound', { result: resultText(t, h.result) })}</span>
                </a>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}

/** Stamps rising over the table (decorative motion; a polite live region reads the newest). */
function StampLayer({ stamps, t }: { stamps: Array<{ key: number; stamp: (typeof STAMPS)[number]; name: string }>; t: ReturnType<typeof useT<'live'>> }) {
  const newest = stamps.at(-1);
  return (
    <>
      <div className="pointer-events-none absolute inset-0" aria-hidden="true" data-testid="live-stamps">
        {stamps.map((s) => (
          <div
            key={s.key}
            className="absolute bottom-2 flex flex-col items-center motion-safe:animate-[stamp-rise_2.6s_ease-out_forwards]"
            style={{ left: `${10 + ((s.key * 37) % 70)}%` }}
            data-stamp={s.stamp}
            data-name={s.name}
          >
            <StampArt stamp={s.stamp} className="h-12 w-12 drop-shadow" />
            <span className="mt-0.5 max-w-28 truncate rounded-full bg-brown-950/85 px-2 text-xs font-bold text-cream">{t(`stamps.words.${s.stamp}`)}</span>
            <span className="max-w-28 truncate text-[10px] text-cream/80">{s.name}</span>
          </div>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {newest ? t('stamps.from', { name: newest.name, word: t(`stamps.words.${newest.stamp}`) }) : ''}
      </p>
    </>
  );
}

function StampPicker({
  t,
  signedIn,
  resting,
  muted,
  onSend,
  onMute,
}: {
  t: ReturnType<typeof useT<'live'>>;
  signedIn: boolean;
  resting: boolean;
  muted: boolean;
  onSend: (stamp: (typeof STAMPS)[number]) => void;
  onMute: (muted: boolean) => void;
}) {
  return (
    <section aria-labelledby="live-stamp-picker" className="rounded-lg bg-brown-900 p-2" data-testid="live-stamp-picker">
      <div className="mb-1 flex items-center justify-between gap-2">
        <h2 id="live-stamp-picker" className="text-sm font-bold text-gold-400">
          {signedIn ? t('stamps.picker') : t('stamps.title')}
        </h2>
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={muted}
            onChange={(e) => onMute(e.currentTarget.checked)}
            className="h-4 w-4 accent-gold-500"
            data-testid="live-mute"
          />
          {t('stamps.mute')}
        </label>
      </div>
      {signedIn && (
        <ul className="grid grid-cols-5 gap-1 sm:grid-cols-9">
          {STAMPS.map((stamp) => (
            <li key={stamp}>
              <button
                type="button"
                onClick={() => onSend(stamp)}
                disabled={resting}
                aria-label={t('stamps.send', { word: t(`stamps.words.${stamp}`) })}
                title={t(`stamps.words.${stamp}`)}
                data-stamp={stamp}
                className="flex w-full flex-col items-center rounded-md p-0.5 hover:bg-brown-700 disabled:opacity-50"
              >
                <StampArt stamp={stamp} className="h-9 w-9" />
                <span aria-hidden="true" className="min-h-6 w-full text-center text-[10px] leading-tight break-keep text-cream/90">
                  {t(`stamps.words.${stamp}`)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
