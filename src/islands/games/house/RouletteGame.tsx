import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Language } from '../../../../contracts/constants';
import type { RouletteBet, RouletteDefinition } from '../../../../contracts/games';
import { rouletteOpposingBet } from '../../../../contracts/house/roulette';
import { useT } from '../../../lib/useT';
import { $house, $houseBusy, playHouseRoundHeld } from '../../../stores/gamesHouse';
import { ChipPicker, ErrorLine, roundErrorKey } from './common';
import { formatCoins } from '../../../lib/formatCoins';
import 'virtual:strings?games.roulette';

export const RED_NUMBERS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const numberColor = (n: number) => (n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black');

type PlacedBet = Omit<RouletteBet, 'amount'>;
const betKey = (bet: PlacedBet) => [bet.type, bet.numbers?.join('-'), bet.value].filter((p) => p !== undefined).join(':');

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
export default function RouletteGame({ lang, definition }: { lang: Language; definition: RouletteDefinition }) {
  const t = useT(lang, 'games');
  const busy = useStore($houseBusy);
  const house = useStore($house);
  const [chip, setChip] = useState(definition.chips[0]);
  const [bets, setBets] = useState<Map<string, RouletteBet>>(new Map());
  const [history, setHistory] = useState<string[]>([]);
  const [lastBets, setLastBets] = useState<RouletteBet[]>([]);
  const [result, setResult] = useState<{ number: number; color: string; win: number; staked: number; winningKeys: Set<string> } | null>(null);
  const [spinning, setSpinning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [spins, setSpins] = useState<number[]>([]);

  const total = [...bets.values()].reduce((sum, bet) => sum + bet.amount, 0);
  const running = busy || spinning;

  const place = (bet: PlacedBet) => {
    if (running) return;
    const key = betKey(bet);
    const current = bets.get(key)?.amount ?? 0;
    if (current + chip > definition.maxBet || total + chip > definition.maxTotalBet) {
      setError('roulette.limit');
      return;
    }
    // The table refuses red with black, even with odd, 1-18 with 19-36 (OPPOSING_BETS): say so now.
    if (rouletteOpposingBet([...[...bets.values()].map((b) => b.type), bet.type])) {
      setError('house.error.opposing');
      return;
    }
    setError(null);
    setResult(null);
    const next = new Map(bets);
    next.set(key, { ...bet, amount: current + chip });
    setBets(next);
    setHistory((h) => [...h, key]);
  };

  const undo = () => {
    const key = history.at(-1);
    if (!key) return;
    const next = new Map(bets);
    const bet = next.get(key);
    if (bet) {
      const amount = bet.amount - chip;
      if (amount > 0) next.set(key, { ...bet, amount });
      else next.delete(key);
    }
    setBets(next);
    setHistory((h) => h.slice(0, -1));
  };

  const clear = () => {
    setBets(new Map());
    setHistory([]);
  };

  const rebet = () => {
    const next = new Map<string, RouletteBet>();
    for (const bet of lastBets) next.set(betKey(bet), bet);
    setBets(next);
    setHistory([...next.keys()]);
    setResult(null);
  };

  const spin = async () => {
    if (running || bets.size === 0) return;
    if ([...bets.values()].some((b) => b.amount < definition.minBet)) {
      setError('roulette.belowMin');
      return;
    }
    setError(null);
    setSpinning(true);
    const placed = [...bets.values()];
    try {
      const { result: response, reveal } = await playHouseRoundHeld({ kind: 'roulette', bets: placed });
      if (response.outcome.kind !== 'roulette') {
        reveal();
        throw new Error('unexpected outcome');
      }
      const outcome = response.outcome;
      await new Promise((r) => setTimeout(r, matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 1200));
      reveal();
      // The outcome lists the bets in the order they were placed, each with its win.
      const winningKeys = new Set(outcome.bets.flatMap((b, i) => (b.win > 0 && placed[i] ? [betKey(placed[i])] : [])));
      setResult({ number: outcome.number, color: outcome.color, win: outcome.totalWin, staked: response.stake, winningKeys });
      setSpins((s) => [outcome.number, ...s].slice(0, 12));
      setLastBets(placed);
      setBets(new Map());
      setHistory([]);
    } catch (err) {
      setError(roundErrorKey(err));
    } finally {
      setSpinning(false);
    }
  };

  const amountOn = (bet: PlacedBet) => bets.get(betKey(bet))?.amount;
  const cellClass = (color: string, key: string) =>
    `relative flex min-h-8 items-center justify-center rounded-sm border border-cream/30 text-xs font-bold sm:min-h-9 sm:text-sm short:min-h-6 ${
      color === 'red' ? 'bg-red-700' : color === 'black' ? 'bg-neutral-900' : color === 'green' ? 'bg-green-700' : 'bg-green-900'
    } ${result?.winningKeys.has(key) ? 'ring-4 ring-gold-400' : ''} hover:brightness-125 disabled:cursor-not-allowed`;
  const chipBadge = (amount?: number) =>
    amount ? (
      <span aria-hidden="true" className="absolute -right-1 -top-1 z-10 rounded-full border-2 border-cream bg-gold-500 px-1 text-[10px] leading-4 text-brown-950">
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

  const shown = result?.number;
  return (
    <div className="flex w-full max-w-4xl flex-col items-center gap-2" data-testid="roulette-game">
      <div className="flex items-center gap-3">
        <div
          aria-hidden="true"
          className={`flex h-16 w-16 shrink-0 items-center justify-center rounded-full border-[6px] border-dashed border-gold-600 sm:h-20 sm:w-20 bg-brown-800 ${spinning ? 'animate-spin' : ''}`}
        >
          <span className={`flex h-12 w-12 items-center justify-center rounded-full text-xl font-black ${shown === undefined ? 'bg-brown-700' : numberColor(shown) === 'red' ? 'bg-red-700' : numberColor(shown) === 'black' ? 'bg-neutral-900' : 'bg-green-700'}`}>
            {spinning ? '' : (shown ?? '–')}
          </span>
        </div>
        <div aria-live="polite" className="min-h-12 min-w-40 text-sm" data-testid="roulette-result">
          {result && (
            <>
              <p className="text-base font-black sm:text-lg" data-testid="winning-number">
                {t('roulette.result', { number: result.number, color: t(`roulette.${result.color}`) })}
              </p>
              <p className={result.win > 0 ? 'font-bold text-gold-400' : 'text-cream/70'} data-testid="round-win">
                {result.win > 0 ? t('roulette.won', { amount: formatCoins(result.win, lang) }) : t('roulette.lost')}
              </p>
            </>
          )}
          {spinning && <p>{t('roulette.spinning')}</p>}
        </div>
      </div>
      {spins.length > 0 && (
        <ol aria-label={t('roulette.lastNumbers')} className="flex flex-wrap gap-1">
          {spins.map((n, i) => (
            <li key={i} className={`rounded px-1.5 text-xs font-bold ${numberColor(n) === 'red' ? 'bg-red-700' : numberColor(n) === 'black' ? 'bg-neutral-900' : 'bg-green-700'}`}>{n}</li>
          ))}
        </ol>
      )}

      <div role="group" aria-label={t('roulette.board')} className="w-full overflow-x-auto rounded-lg bg-green-900 p-2" data-testid="roulette-board">
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
                  <button type="button" className={cellClass('', betKey(bet))} onClick={() => place(bet)} disabled={running} data-bet={betKey(bet)}
                    aria-label={betLabel(t('roulette.column', { value: 3 - r }), amountOn(bet))}>
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
              <button key={`street-${c}`} type="button" className={`${cellClass('', betKey(bet))} min-h-6 text-[10px] sm:min-h-7 sm:text-[11px] short:min-h-5`} onClick={() => place(bet)} disabled={running} data-bet={betKey(bet)}
                aria-label={betLabel(t('roulette.street', { from: numbers[0], to: numbers[2] }), amountOn(bet))}>
                {t('roulette.streetShort')}{chipBadge(amountOn(bet))}
              </button>
            );
          })}
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          {Array.from({ length: 11 }, (_, c) => {
            const numbers = [1, 2, 3, 4, 5, 6].map((n) => n + c * 3);
            const bet: PlacedBet = { type: 'line', numbers };
            return (
              <button key={`line-${c}`} type="button" className={`${cellClass('', betKey(bet))} min-h-6 text-[10px] sm:min-h-7 sm:text-[11px] short:min-h-5`}
                style={{ gridRow: 5, gridColumn: `${c + 2} / span 2`, marginInline: '25%' }} onClick={() => place(bet)} disabled={running} data-bet={betKey(bet)}
                aria-label={betLabel(t('roulette.line', { from: numbers[0], to: numbers[5] }), amountOn(bet))}>
                {t('roulette.lineShort')}{chipBadge(amountOn(bet))}
              </button>
            );
          })}
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          {[1, 2, 3].map((value) => {
            const bet: PlacedBet = { type: 'dozen', value };
            return (
              <button key={value} type="button" className={cellClass('', betKey(bet))} style={{ gridColumn: 'span 4' }} onClick={() => place(bet)} disabled={running} data-bet={betKey(bet)}
                aria-label={betLabel(t('roulette.dozen', { value }), amountOn(bet))}>
                {t('roulette.dozenShort', { value })}{chipBadge(amountOn(bet))}
              </button>
            );
          })}
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          {OUTSIDE.map(({ bet, label }) => {
            const key = betKey(bet);
            const color = bet.type === 'red' ? 'red' : bet.type === 'black' ? 'black' : '';
            return (
              <button key={key} type="button" className={cellClass(color, key)} style={{ gridColumn: 'span 2' }} onClick={() => place(bet)} disabled={running} data-bet={key}
                aria-label={betLabel(t(label), amountOn(bet))}>
                {t(label)}{chipBadge(amountOn(bet))}
              </button>
            );
          })}
        </div>
      </div>

      <p className="text-xs sm:text-sm" data-testid="roulette-total">
        {t('roulette.totalBet', { amount: formatCoins(total, lang) })} · {t('house.limits', { min: formatCoins(definition.minBet, lang), max: formatCoins(definition.maxBet, lang) })}
      </p>
      <ErrorLine lang={lang} messageKey={error ?? (total > house.balance ? 'house.error.insufficient' : null)} />
      {/* Chips and actions share a row where there is room; on a short frame the row stays pinned to
          the frame's bottom edge, so Spin is always on screen. */}
      <div className="sticky bottom-0 z-20 flex w-full flex-wrap items-center justify-center gap-2 bg-brown-950/90 py-1">
        <ChipPicker lang={lang} chips={definition.chips} value={chip} onChange={setChip} />
        <div className="flex flex-wrap justify-center gap-1.5">
        <button type="button" className="btn-ghost px-3" onClick={undo} disabled={running || history.length === 0}>{t('roulette.undo')}</button>
        <button type="button" className="btn-ghost px-3" onClick={clear} disabled={running || bets.size === 0}>{t('roulette.clear')}</button>
        <button type="button" className="btn-ghost px-3" onClick={rebet} disabled={running || lastBets.length === 0 || bets.size > 0}>{t('roulette.rebet')}</button>
        <button type="button" className="btn-gold min-w-24" onClick={() => void spin()} disabled={running || bets.size === 0 || total > house.balance} data-testid="spin">
          {spinning ? t('roulette.spinning') : t('roulette.spin')}
        </button>
        </div>
      </div>
    </div>
  );
}
