import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import type { SlotDefinition, SlotSpin } from '../../../../contracts/games';
import { useT } from '../../../lib/useT';
import { $house, $houseBusy, playHouseRoundHeld } from '../../../stores/gamesHouse';
import { ErrorLine, roundErrorKey } from './common';
import { formatCoins } from '../../../lib/formatCoins';
import SlotReels, { LINE_COLORS, useSymbolName, winsOnShow } from './SlotReels';
import { sfx } from '../../../lib/sfx';
import { SoundToggle } from './sound';
import { createSlotRound } from '../../../stores/slotRound';
import SlotCelebration from './SlotCelebration';
import { openPaytable } from '../../../stores/paytable';
import 'virtual:strings?games.slot';

const prefersReducedMotion = () => typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The data-driven slot client: draws whatever reels, symbols and paylines the game definition
 * declares in the slot's own art, lets the player pick a bet level and spins. The round's show
 * (reels stopping one by one, lines, free spins, celebrations) is the store's (src/stores/slotRound.ts);
 * this renders it and sends it the player's presses. Space (or the Spin button) spins; everything
 * is a real button or select.
 */
export default function SlotGame({ lang, definition, gameCode }: { lang: Language; definition: SlotDefinition; gameCode: string }) {
  const t = useT(lang, 'games');
  const busy = useStore($houseBusy);
  const house = useStore($house);
  const scatterIds = useMemo(() => new Set(definition.symbols.filter((s) => s.kind === 'scatter').map((s) => s.id)), [definition]);
  const round = useMemo(
    () =>
      createSlotRound({
        definition,
        play: (bet) => playHouseRoundHeld({ kind: 'slot', bet }),
        reducedMotion: prefersReducedMotion,
        errorKey: roundErrorKey,
        sounds: sfx,
      }),
    [definition],
  );
  useEffect(() => () => round.dispose(), [round]);
  const state = useStore(round.$state);
  const { phase, grid, shown, lineStep, roundWin, freeSpin, celebration, error, betIndex, turbo } = state;
  const spinButton = useRef<HTMLButtonElement>(null);

  const bet = definition.betLevels[betIndex];
  const lineBet = bet / definition.paylines.length;
  const running = phase === 'spinning' || phase === 'free' || busy;

  const { step, lines: shownLines, lit } = useMemo(() => winsOnShow(shown, lineStep, definition, scatterIds), [shown, lineStep, definition, scatterIds]);

  const spin = useCallback(async () => {
    if (round.running()) return;
    await round.spin();
    spinButton.current?.focus();
  }, [round]);

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
        spinning={state.spinning}
        stops={state.stops}
        lineAmount={(win) => formatCoins(win.win, lang)}
        // The reels are as large as the frame's height allows, leaving room for the controls below.
        style={{ maxWidth: `max(15rem, calc((100vh - 20rem) * ${definition.reels.length / definition.rows}))` }}
        // The winning symbols bounce by themselves (SlotReels); the cells stay fully opaque so they read.
        cellClassName="rounded-lg p-[12%]"
      />

      {celebration && <SlotCelebration lang={lang} celebration={celebration} />}
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

      {/* The bet and Spin on one line (in reach of a thumb), the options under them. */}
      <div className="flex w-full flex-col items-center gap-2">
        <div className="flex items-center justify-center gap-3">
          <div className="flex items-center gap-1">
            <button
              type="button"
              className="btn-ghost h-11 w-11 px-0"
              aria-label={t('slot.betDown')}
              disabled={running || betIndex === 0}
              onClick={() => round.setBet(betIndex - 1)}
            >
              −
            </button>
            <label className="flex flex-col items-center text-xs">
              <span>{t('slot.bet')}</span>
              <select
                className="field w-20 py-1 text-center font-bold sm:w-28"
                value={betIndex}
                disabled={running}
                onChange={(e) => round.setBet(Number(e.target.value))}
                data-testid="slot-bet"
              >
                {definition.betLevels.map((level, index) => (
                  <option key={level} value={index}>
                    {formatCoins(level, lang)}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="btn-ghost h-11 w-11 px-0"
              aria-label={t('slot.betUp')}
              disabled={running || betIndex === definition.betLevels.length - 1}
              onClick={() => round.setBet(betIndex + 1)}
            >
              +
            </button>
          </div>
          <button
            ref={spinButton}
            type="button"
            className="btn-gold h-14 min-w-28 rounded-full text-lg sm:min-w-32"
            onClick={() => void spin()}
            disabled={running || insufficient}
            data-testid="spin"
            aria-keyshortcuts="Space"
          >
            {running ? t('slot.spinning') : t('slot.spin')}
          </button>
        </div>
        <div className="flex flex-wrap items-center justify-center gap-3">
          {running || (celebration && celebration.counted < celebration.amount) ? (
            <button type="button" className="btn-ghost px-3 py-2 text-xs" onClick={round.skip} data-testid="slot-skip">
              {t('slot.skip')}
            </button>
          ) : (
            <label className="flex cursor-pointer items-center gap-1 text-xs">
              <input type="checkbox" checked={turbo} onChange={(e) => round.setTurbo(e.target.checked)} className="accent-gold-500" data-testid="slot-turbo" />
              {t('slot.turbo')}
            </label>
          )}
          <SoundToggle lang={lang} testId="slot-sound" />
          <button type="button" className="btn-ghost px-3 py-2 text-xs" aria-haspopup="dialog" onClick={openPaytable}>
            {t('slot.paytable')}
          </button>
        </div>
      </div>
      <p className="text-xs text-cream/70 short:hidden">
        {t('slot.lines', { lines: definition.paylines.length, lineBet: formatCoins(lineBet, lang) })} · {t('slot.spaceHint')}
      </p>
    </div>
  );
}
