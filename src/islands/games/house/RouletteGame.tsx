import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import type { RouletteDefinition } from '../../../../contracts/games';
import { useT } from '../../../lib/useT';
import { $house, playHouseRoundHeld } from '../../../stores/gamesHouse';
import { betKey, createRouletteTable, totalBet, type PlacedBet } from '../../../stores/roulette';
import RouletteBoard, { type BoardBet } from './RouletteBoard';
import RouletteWheel from './RouletteWheel';
import { ChipPicker, ErrorLine } from './common';
import { SoundToggle, useTableSounds } from './sound';
import { formatCoins } from '../../../lib/formatCoins';
import { languageInfo } from '../../../../contracts/languages';
import 'virtual:strings?games.roulette';

export const RED_NUMBERS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const numberColor = (n: number) => (n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black');

/** What an outside spot shows on the board. */
const outsideText = (t: ReturnType<typeof useT<'games'>>, bet: BoardBet) =>
  bet.type === 'column' ? '2:1' : bet.type === 'dozen' ? `${12 * bet.value! - 11}-${12 * bet.value!}` : t(`roulette.${bet.type as 'red'}`);

/**
 * European / French roulette: pick a chip, place it on any bet of the board (click, tap or Enter),
 * spin, see the winning number on the wheel and which bets won.
 */
export default function RouletteGame({ lang, definition }: { lang: Language; definition: RouletteDefinition }) {
  const t = useT(lang, 'games');
  const house = useStore($house);
  // One table per game view; its state machine lives in the store (src/stores/roulette.ts).
  const [table] = useState(() => createRouletteTable(definition, playHouseRoundHeld));
  const { phase, chip, bets, placed, lastBets, target, result, recent, error } = useStore(table.$table);
  const total = totalBet(bets);
  const running = phase === 'requesting' || phase === 'spinning';
  const spinning = running;
  const place = table.place;
  const winningKeys = new Set(result?.winningKeys ?? []);
  useTableSounds({ stake: total, spinning: phase === 'spinning', settledWin: result ? result.win : null, ballDrop: true });

  const amountOn = (bet: PlacedBet) => bets.find((b) => betKey(b) === betKey(bet))?.amount ?? 0;
  const sep = t('roulette.numberSep');
  /** A bet's name: 「スプリット 8・11（17対1）」, with what is on it. */
  const betName = (bet: BoardBet) => {
    const n = bet.numbers ?? [];
    const numbers = n.join(sep);
    const label =
      bet.type === 'straight'
        ? t('roulette.straight', { number: n[0], color: t(`roulette.${numberColor(n[0])}`) })
        : bet.type === 'split'
          ? t('roulette.split', { numbers })
          : bet.type === 'street'
            ? n[0] === 0
              ? t('roulette.trio', { numbers })
              : t('roulette.street', { from: n[0], to: n[2] })
            : bet.type === 'corner'
              ? n[0] === 0
                ? t('roulette.firstFour', { numbers })
                : t('roulette.corner', { numbers })
              : bet.type === 'line'
                ? t('roulette.line', { from: n[0], to: n[5] })
                : bet.type === 'dozen' || bet.type === 'column'
                  ? t(`roulette.${bet.type}`, { value: bet.value })
                  : t(`roulette.${bet.type}`);
    const amount = amountOn(bet);
    return amount ? [label, t('roulette.onIt', { amount: formatCoins(amount, lang) })].join(languageInfo(lang).listSeparator) : label;
  };

  const colorBg = (n: number) => (numberColor(n) === 'red' ? 'bg-red-700' : numberColor(n) === 'black' ? 'bg-neutral-900' : 'bg-green-700');
  return (
    <div className="flex w-full max-w-6xl flex-col items-center gap-2" data-testid="roulette-game" data-phase={phase}>
      {/* The wheel above the table; on a wide frame beside it. */}
      <div className="flex w-full flex-col items-center gap-2 lg:flex-row lg:gap-4">
        <div className="flex items-center justify-center gap-3 sm:gap-5 lg:flex-col">
          <RouletteWheel
            target={target}
            shown={result?.number ?? null}
            onLanded={table.landed}
            label={result ? t('roulette.result', { number: result.number, color: t(`roulette.${result.color}`) }) : t('roulette.wheel')}
          />
          <div className="flex flex-col items-center gap-2">
            {recent.length > 0 && (
              <ol aria-label={t('roulette.lastNumbers')} className="grid max-w-36 grid-cols-4 gap-1 sm:max-w-44 lg:max-w-none lg:grid-cols-6">
                {recent.map((n, i) => (
                  <li key={i} className={`rounded px-1.5 text-center text-xs font-bold ${colorBg(n)} ${i === 0 ? 'ring-2 ring-gold-400' : ''}`}>
                    {n}
                  </li>
                ))}
              </ol>
            )}
            <SoundToggle lang={lang} />
          </div>
        </div>

        <div className="w-full min-w-0 lg:flex-1">
          <RouletteBoard
            label={t('roulette.board')}
            hint={t('roulette.boardHint')}
            name={betName}
            text={(bet) => outsideText(t, bet)}
            amount={(bet) => ({ total: 0, own: amountOn(bet) })}
            lit={(bet) => winningKeys.has(betKey(bet))}
            enabled={!running}
            hardDisabled
            dataKey={betKey}
            onBet={place}
          />
        </div>
      </div>

      {/* The round's messages live in the bar pinned to the frame's bottom edge with the chips and
          Spin, so at 375 px nothing (the board scrolling under it) can hide them. */}
      <div className="sticky bottom-0 z-20 flex w-full flex-col items-center gap-1 rounded-t-lg bg-brown-950/95 px-1 pt-1 pb-1 shadow-[0_-4px_12px_rgba(0,0,0,0.4)]">
        <div aria-live="polite" className="flex min-h-6 flex-wrap items-baseline justify-center gap-x-2 text-center text-sm" data-testid="roulette-result">
          {result && (
            <>
              <p className="font-black" data-testid="winning-number">
                {t('roulette.result', { number: result.number, color: t(`roulette.${result.color}`) })}
              </p>
              <p className={result.win > 0 ? 'font-bold text-gold-400' : 'text-cream/70'} data-testid="round-win">
                {result.win > 0 ? t('roulette.won', { amount: formatCoins(result.win, lang) }) : t('roulette.lost')}
              </p>
            </>
          )}
          {spinning && <p>{t('roulette.spinning')}</p>}
          {!result && !spinning && (
            <p className="text-xs text-cream/80 sm:text-sm" data-testid="roulette-total">
              {t('roulette.totalBet', { amount: formatCoins(total, lang) })} ·{' '}
              {t('house.limits', { min: formatCoins(definition.minBet, lang), max: formatCoins(definition.maxBet, lang) })}
            </p>
          )}
        </div>
        <ErrorLine lang={lang} messageKey={error ?? (total > house.balance ? 'house.error.insufficient' : null)} compact />
        <div className="flex w-full flex-wrap items-center justify-center gap-2">
          <ChipPicker lang={lang} chips={definition.chips} value={chip} onChange={table.selectChip} />
          <div className="flex flex-wrap justify-center gap-1.5">
            <button
              type="button"
              className="btn-ghost whitespace-nowrap px-2 py-1.5 text-sm sm:px-3 sm:py-2 sm:text-base"
              onClick={table.undo}
              disabled={running || placed.length === 0}
            >
              {t('roulette.undo')}
            </button>
            <button
              type="button"
              className="btn-ghost whitespace-nowrap px-2 py-1.5 text-sm sm:px-3 sm:py-2 sm:text-base"
              onClick={table.clear}
              disabled={running || bets.length === 0}
              data-testid="roulette-clear"
            >
              {t('roulette.clear')}
            </button>
            <button
              type="button"
              className="btn-ghost whitespace-nowrap px-2 py-1.5 text-sm sm:px-3 sm:py-2 sm:text-base"
              onClick={table.rebet}
              disabled={running || lastBets.length === 0 || bets.length > 0}
              data-testid="roulette-rebet"
            >
              {t('roulette.rebet')}
            </button>
            <button
              type="button"
              className="btn-gold min-w-20 whitespace-nowrap px-3 py-1.5 text-sm sm:min-w-24 sm:py-2 sm:text-base"
              onClick={() => void table.spin()}
              disabled={running || bets.length === 0 || total > house.balance}
              data-testid="spin"
              aria-busy={spinning}
            >
              {/* The message above says the ball is running: the button keeps its word and its width. */}
              {t('roulette.spin')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
