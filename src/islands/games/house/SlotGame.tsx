import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import type { SlotDefinition, SlotSpin } from '../../../../contracts/games';
import { useT } from '../../../lib/useT';
import { $house, $houseBusy, playHouseRoundHeld } from '../../../stores/gamesHouse';
import { ErrorLine, roundErrorKey } from './common';
import { formatCoins } from '../../../lib/formatCoins';
import SlotReels, { LINE_COLORS, lineCells, useSymbolName, winningCells } from './SlotReels';
import SlotSymbolArt from './SlotSymbolArt';
import { setSfxEnabled, sfx, sfxEnabled } from '../../../lib/sfx';
import 'virtual:strings?games.slot';

/** A round paying at least this many times the bet is celebrated as a big win. */
export const BIG_WIN_MULTIPLE = 10;

/** The window a reel shows when it stops at `stop` (wrapping round its strip). */
export function reelWindow(strip: readonly string[], stop: number, rows: number): string[] {
  return Array.from({ length: rows }, (_, row) => strip[(stop + row) % strip.length]);
}

const prefersReducedMotion = () => typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;

type Phase = 'idle' | 'spinning' | 'free' | 'done';

/**
 * The data-driven slot client: draws whatever reels, symbols and paylines the game definition
 * declares, lets the player pick a bet level, spins through /house/play and plays the round's free
 * spins back one by one. Space (or the Spin button) spins; everything is a real button or select.
 */
export default function SlotGame({ lang, definition, gameCode }: { lang: Language; definition: SlotDefinition; gameCode: string }) {
  const t = useT(lang, 'games');
  const busy = useStore($houseBusy);
  const house = useStore($house);
  const scatterIds = useMemo(() => new Set(definition.symbols.filter((s) => s.kind === 'scatter').map((s) => s.id)), [definition]);
  const [betIndex, setBetIndex] = useState(0);
  const [grid, setGrid] = useState<string[][]>(() => definition.reels.map((strip, reel) => reelWindow(strip, reel * 3, definition.rows)));
  const [spinningReels, setSpinningReels] = useState<boolean[]>(() => definition.reels.map(() => false));
  // The spin whose wins are on show (lines over the reels, cells lit), and which of its lines:
  // all of them (-1), then each in turn, again and again until the next spin.
  const [shown, setShown] = useState<SlotSpin | null>(null);
  const [lineStep, setLineStep] = useState(-1);
  const [phase, setPhase] = useState<Phase>('idle');
  const [roundWin, setRoundWin] = useState<number | null>(null);
  const [freeSpin, setFreeSpin] = useState<{ index: number; total: number; win: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [showPaytable, setShowPaytable] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  // Skip: the rest of this round (reels and free spins) shows at once. Turbo: every pause a third as long.
  const skip = useRef(false);
  const [turbo, setTurbo] = useState(false);
  const [sound, setSound] = useState(sfxEnabled);
  const [bigWin, setBigWin] = useState<number | null>(null);
  const turboRef = useRef(false);
  turboRef.current = turbo;
  // The pause under way, so Skip ends it at once instead of after it.
  const wake = useRef<(() => void) | null>(null);
  const pause = useCallback(
    (ms: number) =>
      skip.current
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(id);
              wake.current = null;
              resolve();
            };
            const id = setTimeout(done, turboRef.current ? ms / 3 : ms);
            wake.current = done;
          }),
    [],
  );
  const skipRound = () => {
    skip.current = true;
    wake.current?.();
  };
  const spinButton = useRef<HTMLButtonElement>(null);

  const bet = definition.betLevels[betIndex];
  const lineBet = bet / definition.paylines.length;
  const running = phase === 'spinning' || phase === 'free' || busy;

  /** Shows a spin: blur the reels for a moment, then stop them left to right on the result. */
  const animate = useCallback(
    async (spin: SlotSpin) => {
      setShown(null);
      if (prefersReducedMotion() || skip.current) {
        setGrid(spin.grid);
      } else {
        setSpinningReels(definition.reels.map(() => true));
        timer.current = setInterval(() => {
          setGrid((current) =>
            current.map((column, reel) => reelWindow(definition.reels[reel], Math.floor(Math.random() * definition.reels[reel].length), definition.rows)),
          );
        }, 70);
        for (let reel = 0; reel < definition.reels.length; reel++) {
          await pause(reel === 0 ? 350 : 140);
          setSpinningReels((s) => s.map((v, i) => (i === reel ? false : v)));
          sfx.reelStop(reel);
          setGrid((current) => current.map((column, i) => (i <= reel ? spin.grid[i] : column)));
        }
        if (timer.current) clearInterval(timer.current);
        timer.current = null;
      }
      setGrid(spin.grid);
      setSpinningReels(definition.reels.map(() => false));
      setShown(spin);
    },
    [definition, pause],
  );

  useEffect(() => () => {
    if (timer.current) clearInterval(timer.current);
  }, []);

  useEffect(() => {
    if (bigWin === null) return;
    const id = setTimeout(() => setBigWin(null), 2500);
    return () => clearTimeout(id);
  }, [bigWin]);

  // Several winning lines take turns (a third as long in turbo); with reduced motion they all stay on.
  useEffect(() => {
    setLineStep(-1);
    const count = shown?.lineWins.length ?? 0;
    if (count < 2 || prefersReducedMotion()) return;
    const id = setInterval(() => setLineStep((step) => (step + 1 < count ? step + 1 : -1)), turbo ? 450 : 1300);
    return () => clearInterval(id);
  }, [shown, turbo]);
  // (The step of the previous spin may outlast it by one render.)
  const step = shown && lineStep < shown.lineWins.length ? lineStep : -1;
  const shownLines = !shown ? [] : step < 0 ? shown.lineWins : [shown.lineWins[step]];
  const lit = useMemo(
    () => (!shown ? new Set<string>() : step < 0 ? winningCells(shown, definition, scatterIds) : new Set(lineCells(shown.lineWins[step], definition))),
    [shown, step, definition, scatterIds],
  );

  const spin = useCallback(async () => {
    if (running) return;
    setError(null);
    setRoundWin(null);
    setFreeSpin(null);
    setShown(null);
    setBigWin(null);
    skip.current = false;
    setPhase('spinning');
    let reveal = () => {};
    try {
      const held = await playHouseRoundHeld({ kind: 'slot', bet });
      reveal = held.reveal;
      if (held.result.outcome.kind !== 'slot') throw new Error('unexpected outcome');
      const outcome = held.result.outcome;
      await animate(outcome.base);
      if (outcome.freeSpins.length > 0) {
        setPhase('free');
        let won = outcome.base.win;
        for (const [index, free] of outcome.freeSpins.entries()) {
          setFreeSpin({ index: index + 1, total: outcome.freeSpins.length, win: won });
          await pause(prefersReducedMotion() ? 300 : 500);
          await animate(free);
          won += free.win;
          setFreeSpin({ index: index + 1, total: outcome.freeSpins.length, win: won });
        }
      }
      reveal();
      setRoundWin(outcome.totalWin);
      if (outcome.totalWin > 0) sfx.win(outcome.totalWin >= bet * BIG_WIN_MULTIPLE ? 1 : 0);
      if (outcome.totalWin >= bet * BIG_WIN_MULTIPLE) setBigWin(outcome.totalWin);
      setPhase('done');
    } catch (err) {
      reveal();
      setSpinningReels(definition.reels.map(() => false));
      if (timer.current) clearInterval(timer.current);
      setError(roundErrorKey(err));
      setPhase('idle');
    }
    spinButton.current?.focus();
  }, [running, bet, animate, definition, pause]);

  // Space spins when nothing else has focus (a focused button or field keeps its own keys).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.repeat) return;
      const target = event.target as HTMLElement;
      if (target !== document.body && target.closest('button, a, input, select, textarea, summary')) return;
      event.preventDefault();
      void spin();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [spin]);

  const insufficient = house.balance < bet;
  const symbolName = useSymbolName(lang, definition, gameCode);
  const lineText = (win: SlotSpin['lineWins'][number]) =>
    t('slot.lineWin', { line: win.line + 1, n: win.count, symbol: symbolName(win.symbol), amount: formatCoins(win.win, lang) });

  return (
    <div className="flex w-full max-w-3xl flex-col items-center gap-3 short:gap-2" data-testid="slot-game">
      <SlotReels
        definition={definition}
        gameCode={gameCode}
        grid={grid}
        label={t('slot.gridLabel', { symbols: grid.map((column) => column.map(symbolName).join(', ')).join(' | ') })}
        lit={lit}
        lines={shownLines}
        spinning={spinningReels}
        // The reels are as large as the frame's height allows, leaving room for the controls below.
        style={{ maxWidth: `max(15rem, calc((100vh - 22.5rem) * ${definition.reels.length / definition.rows}))` }}
        cellClassName={`rounded-lg p-[12%] ${step < 0 ? 'data-[lit=yes]:animate-pulse motion-reduce:animate-none' : ''}`}
      />

      {/* The celebration is decoration (the result line announces the win): it lets clicks through and fades by itself. */}
      {bigWin !== null && (
        <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-30 flex items-center justify-center bg-black/70 p-4" data-testid="big-win">
          <div className="flex animate-[bigwin_0.5s_ease-out] flex-col items-center gap-1 rounded-3xl border-4 border-gold-500 bg-[radial-gradient(circle,#4a3122_0%,#1a100b_80%)] px-6 py-5 shadow-[0_0_60px_#e6a817] motion-reduce:animate-none sm:px-10">
            <span className="whitespace-nowrap text-3xl font-black text-gold-400 [text-shadow:0_2px_8px_#000] sm:text-6xl">{t('slot.bigWinTitle')}</span>
            <span className="text-3xl font-black tabular-nums text-cream sm:text-4xl">{formatCoins(bigWin, lang)}</span>
          </div>
        </div>
      )}
      <div className="min-h-12 text-center" aria-live="polite" data-testid="slot-result">
        {freeSpin && (
          <p className="font-bold text-gold-400" data-testid="free-spins">
            {t('slot.freeSpinOf', { index: freeSpin.index, total: freeSpin.total })} · {t('slot.win', { amount: formatCoins(freeSpin.win, lang) })}
          </p>
        )}
        {phase === 'done' && roundWin !== null && (
          <p className={`text-lg font-black ${roundWin > 0 ? 'text-gold-400' : 'text-cream/70'}`} data-testid="round-win">
            {roundWin > 0 ? t('slot.win', { amount: formatCoins(roundWin, lang) }) : t('slot.noWin')}
          </p>
        )}
        {/* On a short frame the list is for screen readers only; the line on show is named instead. */}
        {phase === 'done' && shown && step >= 0 && freeSpin === null && (
          <p aria-hidden="true" className="hidden text-xs text-cream short:block">
            {lineText(shown.lineWins[step])}
          </p>
        )}
        {phase === 'done' && shown && shown.lineWins.length > 0 && freeSpin === null && (
          <ul className="flex max-w-xl flex-wrap justify-center gap-x-3 text-xs text-cream/80 short:sr-only" data-testid="line-wins">
            {shown.lineWins.map((win, index) => (
              <li key={`${win.line}-${win.symbol}`} className={`flex items-center gap-1 ${index === step ? 'font-bold text-cream' : ''}`} data-line={win.line}>
                <span aria-hidden="true" className="inline-block h-1 w-3 rounded-full" style={{ background: LINE_COLORS[win.line % LINE_COLORS.length] }} />
                {lineText(win)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ErrorLine lang={lang} messageKey={error ?? (insufficient && !running ? 'house.error.insufficient' : null)} />

      <div className="flex w-full flex-wrap items-center justify-center gap-3">
        <div className="flex items-center gap-1">
          <button type="button" className="btn-ghost h-11 w-11 px-0" aria-label={t('slot.betDown')} disabled={running || betIndex === 0} onClick={() => setBetIndex((i) => Math.max(0, i - 1))}>
            −
          </button>
          <label className="flex flex-col items-center text-xs">
            <span>{t('slot.bet')}</span>
            <select
              className="field w-28 py-1 text-center font-bold"
              value={betIndex}
              disabled={running}
              onChange={(e) => setBetIndex(Number(e.target.value))}
              data-testid="slot-bet"
            >
              {definition.betLevels.map((level, index) => (
                <option key={level} value={index}>{formatCoins(level, lang)}</option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn-ghost h-11 w-11 px-0"
            aria-label={t('slot.betUp')}
            disabled={running || betIndex === definition.betLevels.length - 1}
            onClick={() => setBetIndex((i) => Math.min(definition.betLevels.length - 1, i + 1))}
          >
            +
          </button>
        </div>
        <button
          ref={spinButton}
          type="button"
          className="btn-gold h-14 min-w-32 rounded-full text-lg"
          onClick={() => void spin()}
          disabled={running || insufficient}
          data-testid="spin"
          aria-keyshortcuts="Space"
        >
          {running ? t('slot.spinning') : t('slot.spin')}
        </button>
        {running ? (
          <button type="button" className="btn-ghost px-3 py-2 text-xs" onClick={skipRound} data-testid="slot-skip">
            {t('slot.skip')}
          </button>
        ) : (
          <label className="flex cursor-pointer items-center gap-1 text-xs">
            <input type="checkbox" checked={turbo} onChange={(e) => setTurbo(e.target.checked)} className="accent-gold-500" data-testid="slot-turbo" />
            {t('slot.turbo')}
          </label>
        )}
        <label className="flex cursor-pointer items-center gap-1 text-xs">
          <input
            type="checkbox"
            checked={sound}
            onChange={(e) => {
              setSfxEnabled(e.target.checked);
              setSound(e.target.checked);
            }}
            className="accent-gold-500"
            data-testid="slot-sound"
          />
          {t('slot.sound')}
        </label>
        <button type="button" className="btn-ghost px-3 py-2 text-xs" aria-expanded={showPaytable} aria-controls="paytable" onClick={() => setShowPaytable((s) => !s)}>
          {t('slot.paytable')}
        </button>
      </div>
      <p className="text-xs text-cream/70 short:hidden">
        {t('slot.lines', { lines: definition.paylines.length, lineBet: formatCoins(lineBet, lang) })} · {t('slot.spaceHint')}
      </p>

      <section id="paytable" hidden={!showPaytable} aria-label={t('slot.paytable')} className="w-full rounded-lg border border-brown-600 bg-brown-900 p-3 text-sm">
        <table className="w-full text-left">
          <caption className="mb-2 text-left font-bold text-gold-400">{t('slot.paytable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('slot.symbol')}</th>
              <th scope="col">{t('slot.pays')}</th>
            </tr>
          </thead>
          <tbody>
            {definition.symbols.map((symbol) => (
              <tr key={symbol.id} className="border-t border-brown-700">
                <th scope="row" className="flex items-center gap-2 py-1 text-xs font-normal">
                  <SlotSymbolArt symbol={symbol} gameCode={gameCode} className="h-8 w-8 shrink-0" />
                  <span>{symbolName(symbol.id)}</span>
                  {symbol.kind !== 'normal' && <span className="text-cream/70">({t(`slot.kind.${symbol.kind}`)})</span>}
                </th>
                <td className="py-1 text-xs">
                  {symbol.pays
                    .map((pay, index) => (pay > 0 ? `${index + 1}× = ${formatCoins(pay * (symbol.kind === 'scatter' ? bet : lineBet), lang)}` : null))
                    .filter(Boolean)
                    .join(' · ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {definition.freeSpins && (
          <p className="mt-2 text-xs">{t('slot.freeSpinsRule', { ...definition.freeSpins })}</p>
        )}
      </section>
    </div>
  );
}
