import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import type { RouletteDefinition } from '../../../../contracts/games';
import { useT } from '../../../lib/useT';
import { $house, playHouseRoundHeld } from '../../../stores/gamesHouse';
import { betKey, createRouletteTable, totalBet, type PlacedBet } from '../../../stores/roulette';
import RouletteWheel from './RouletteWheel';
import { ChipPicker, ErrorLine } from './common';
import { SoundToggle, useTableSounds } from './sound';
import { formatCoins } from '../../../lib/formatCoins';
import 'virtual:strings?games.roulette';

export const RED_NUMBERS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const numberColor = (n: number) => (n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black');

const OUTSIDE: Array<{ bet: PlacedBet; label: string }> = [
  { bet: { type: 'low' }, label: 'roulette.low' },
  { bet: { type: 'even' }, label: 'roulette.even' },
  { bet: { type: 'red' }, label: 'roulette.red' },
  { bet: { type: 'black' }, label: 'roulette.black' },
  { bet: { type: 'odd' }, label: 'roulette.odd' },
  { bet: { type: 'high' }, label: 'roulette.high' },
];

/** Board rows top to bottom: 3,6..36 / 2,5..35 / 1,4..34 (the layout of a real table). */
const ROWS = [3, 2, 1].map((start) => Array.from({ length: 12 }, (_, i) => start + i * 3));

/**
 * European / French roulette: pick a chip, place it on numbers or outside bets (click, tap or
 * Enter), spin, see the winning number on the wheel and which bets won.
 */
/** Dots standing for the three numbers of a street or the six of a six-line. */
function Pips({ count }: { count: 3 | 6 }) {
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${count === 3 ? 14 : 14} ${count === 3 ? 4 : 9}`}
      className={count === 3 ? 'h-1.5 w-4' : 'h-2.5 w-4'}
      fill="currentColor"
    >
      {Array.from({ length: count }, (_, i) => (
        <circle key={i} cx={2 + (i % 3) * 5} cy={2 + Math.floor(i / 3) * 5} r="1.6" />
      ))}
    </svg>
  );
}

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

  const amountOn = (bet: PlacedBet) => bets.find((b) => betKey(b) === betKey(bet))?.amount;
  const cellClass = (color: string, key: string) =>
    `relative flex min-h-8 items-center justify-center rounded-sm border border-cream/30 text-xs font-bold sm:min-h-9 sm:text-sm short:min-h-6 ${
      color === 'red' ? 'bg-red-700' : color === 'black' ? 'bg-neutral-900' : color === 'green' ? 'bg-green-700' : 'bg-green-900'
    } ${winningKeys.has(key) ? 'ring-4 ring-gold-400' : ''} hover:brightness-125 disabled:cursor-not-allowed`;
  // A chip on the spot: round, edged like the chips in the bar, with the amount on it.
  const chipBadge = (amount?: number) =>
    amount ? (
      <span
        aria-hidden="true"
        data-testid="table-chip"
        className="absolute -right-1 -top-1 z-10 flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-dashed border-cream bg-gold-500 px-0.5 text-[9px] font-black leading-none text-brown-950 shadow-md animate-[chip-drop_0.18s_ease-out]"
      >
        {formatCoins(amount, lang)}
      </span>
    ) : null;
  const betLabel = (label: string, amount?: number) => (amount ? `${label}, ${t('roulette.onIt', { amount: formatCoins(amount, lang) })}` : label);

  const numberCell = (n: number) => {
    const bet: PlacedBet = { type: 'straight', numbers: [n] };
    const key = betKey(bet);
    return (
      <button
        key={n}
        type="button"
        className={cellClass(numberColor(n), key)}
        onClick={() => place(bet)}
        disabled={running}
        aria-label={betLabel(t('roulette.straight', { number: n, color: t(`roulette.${numberColor(n)}`) }), amountOn(bet))}
        data-bet={key}
      >
        {n}
        {chipBadge(amountOn(bet))}
      </button>
    );
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

        <div
          role="group"
          aria-label={t('roulette.board')}
          className="w-full min-w-0 overflow-x-auto rounded-lg bg-green-900 p-2 lg:flex-1"
          data-testid="roulette-board"
        >
          <div className="grid min-w-[20rem] gap-0.5" style={{ gridTemplateColumns: 'repeat(14, minmax(0, 1fr))' }}>
            <button
              type="button"
              className={`${cellClass('green', betKey({ type: 'straight', numbers: [0] }))} row-span-3`}
              style={{ gridRow: '1 / span 3', gridColumn: '1' }}
              onClick={() => place({ type: 'straight', numbers: [0] })}
              disabled={running}
              aria-label={betLabel(t('roulette.straight', { number: 0, color: t('roulette.green') }), amountOn({ type: 'straight', numbers: [0] }))}
              data-bet="straight:0"
            >
              0{chipBadge(amountOn({ type: 'straight', numbers: [0] }))}
            </button>
            {ROWS.map((row, r) => (
              <div key={r} className="contents">
                {row.map((n) => numberCell(n))}
                {(() => {
                  const bet: PlacedBet = { type: 'column', value: 3 - r };
                  return (
                    <button
                      type="button"
                      className={cellClass('', betKey(bet))}
                      onClick={() => place(bet)}
                      disabled={running}
                      data-bet={betKey(bet)}
                      aria-label={betLabel(t('roulette.column', { value: 3 - r }), amountOn(bet))}
                    >
                      2:1{chipBadge(amountOn(bet))}
                    </button>
                  );
                })()}
              </div>
            ))}
            <span aria-hidden="true" />
            {/* Streets (a column of three numbers on this board) and six-lines (two neighbouring streets, row 5 between them). */}
            {Array.from({ length: 12 }, (_, c) => {
              const numbers = [c * 3 + 1, c * 3 + 2, c * 3 + 3];
              const bet: PlacedBet = { type: 'street', numbers };
              return (
                <button
                  key={`street-${c}`}
                  type="button"
                  className={`${cellClass('', betKey(bet))} min-h-6 text-[10px] sm:min-h-7 sm:text-[11px] short:min-h-5`}
                  onClick={() => place(bet)}
                  disabled={running}
                  data-bet={betKey(bet)}
                  aria-label={betLabel(t('roulette.street', { from: numbers[0], to: numbers[2] }), amountOn(bet))}
                >
                  <Pips count={3} />
                  {chipBadge(amountOn(bet))}
                </button>
              );
            })}
            <span aria-hidden="true" />
            <span aria-hidden="true" />
            {Array.from({ length: 11 }, (_, c) => {
              const numbers = [1, 2, 3, 4, 5, 6].map((n) => n + c * 3);
              const bet: PlacedBet = { type: 'line', numbers };
              return (
                <button
                  key={`line-${c}`}
                  type="button"
                  className={`${cellClass('', betKey(bet))} min-h-6 text-[10px] sm:min-h-7 sm:text-[11px] short:min-h-5`}
                  style={{ gridRow: 5, gridColumn: `${c + 2} / span 2`, marginInline: '25%' }}
                  onClick={() => place(bet)}
                  disabled={running}
                  data-bet={betKey(bet)}
                  aria-label={betLabel(t('roulette.line', { from: numbers[0], to: numbers[5] }), amountOn(bet))}
                >
                  <Pips count={6} />
                  {chipBadge(amountOn(bet))}
                </button>
              );
            })}
            <span aria-hidden="true" />
            <span aria-hidden="true" />
            {[1, 2, 3].map((value) => {
              const bet: PlacedBet = { type: 'dozen', value };
              return (
                <button
                  key={value}
                  type="button"
                  className={cellClass('', betKey(bet))}
                  style={{ gridColumn: 'span 4' }}
                  onClick={() => place(bet)}
                  disabled={running}
                  data-bet={betKey(bet)}
                  aria-label={betLabel(t('roulette.dozen', { value }), amountOn(bet))}
                >
                  {t('roulette.dozenShort', { value })}
                  {chipBadge(amountOn(bet))}
                </button>
              );
            })}
            <span aria-hidden="true" />
            <span aria-hidden="true" />
            {OUTSIDE.map(({ bet, label }) => {
              const key = betKey(bet);
              const color = bet.type === 'red' ? 'red' : bet.type === 'black' ? 'black' : '';
              return (
                <button
                  key={key}
                  type="button"
                  className={cellClass(color, key)}
                  style={{ gridColumn: 'span 2' }}
                  onClick={() => place(bet)}
                  disabled={running}
                  data-bet={key}
                  aria-label={betLabel(t(label), amountOn(bet))}
                >
                  {t(label)}
                  {chipBadge(amountOn(bet))}
                </button>
              );
            })}
          </div>
          {/* The street and six-line spots show their numbers' count as dots; the legend names them. */}
          <p aria-hidden="true" className="mt-1 flex flex-wrap justify-center gap-x-4 text-[11px] text-cream/85">
            <span className="inline-flex items-center gap-1">
              <Pips count={3} />
              {t('roulette.streetShort')}
            </span>
            <span className="inline-flex items-center gap-1">
              <Pips count={6} />
              {t('roulette.lineShort')}
            </span>
          </p>
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
