import type { CSSProperties } from 'react';
import { pocketColor } from '../../../../contracts/house/roulette';
import { compactCoins } from '../../../lib/formatCoins';
import { rouletteTargets, type BoardBet, type BoardTarget } from './rouletteBoardLayout';

export type { BoardBet } from './rouletteBoardLayout';

interface RouletteBoardProps {
  /** The group's name (「ベットボード」). */
  label: string;
  /** One line under the board telling where the split and corner spots are. */
  hint: string;
  /** A bet's accessible name, amounts included, in the player's language. */
  name: (bet: BoardBet) => string;
  /** What an outside spot shows (1-12, 2:1, 赤). */
  text: (bet: BoardBet) => string;
  /** Everyone's coins on a spot (the live tables) and the player's own. */
  amount: (bet: BoardBet) => { total: number; own: number };
  /** The spot is lit (it won). */
  lit: (bet: BoardBet) => boolean;
  /** Chips can be placed now. */
  enabled: boolean;
  /** Disabled spots as `disabled` (the house table while the ball runs) or only `aria-disabled` (a live table: a tap says why). */
  hardDisabled?: boolean;
  onBet: (bet: BoardBet) => void;
  /** The spot's `data-bet` (the house table's bet key); the spot string when absent. */
  dataKey?: (bet: BoardBet) => string;
}

const TARGETS: BoardTarget[] = rouletteTargets();

const fill = (color: string) => (color === 'red' ? 'bg-red-700' : color === 'black' ? 'bg-neutral-900' : color === 'green' ? 'bg-green-700' : 'bg-green-900');

/** The classes of a spot by its shape: numbers and outside bets are cells; splits and meeting points lie over them, clear until hovered, focused or holding chips. */
function shapeClass(t: BoardTarget): string {
  switch (t.shape) {
    case 'zero':
    case 'number':
      return `z-0 rounded-sm border border-cream/30 text-sm font-bold md:text-base ${fill(pocketColor(t.bet.numbers![0]))}`;
    case 'outside':
      return `z-0 rounded-sm border border-cream/30 px-0.5 text-xs font-bold leading-tight sm:text-sm ${fill(t.bet.type === 'red' || t.bet.type === 'black' ? t.bet.type : '')}`;
    case 'street':
      return 'z-0 border-x border-cream/20 bg-green-950';
    case 'split':
      return 'z-10 rounded-full hover:bg-gold-400/40 focus-visible:bg-gold-400/40';
    case 'point':
      return 'z-20 rounded-full hover:bg-gold-400/50 focus-visible:bg-gold-400/50';
  }
}

const CHIP = 'flex h-5 min-w-5 items-center justify-center rounded-full px-0.5 text-[9px] font-black leading-none shadow-md tabular-nums';
const OWN = `${CHIP} border-2 border-dashed border-cream bg-gold-500 text-brown-950 animate-[chip-drop_0.18s_ease-out]`;

/**
 * The amounts on a spot (short form; the full ones are in its name). On a number or an outside bet:
 * the player's own as a gold chip in the corner, everyone's total (a live table) under the label. On a
 * line or a meeting point: the own chip there, everyone's total in a dark pill beside it.
 */
function Amounts({ own, total, cell }: { own: number; total: number; cell: boolean }) {
  if (cell)
    return (
      <>
        {total > 0 && (
          <span
            aria-hidden="true"
            data-testid="spot-total"
            className="pointer-events-none absolute inset-x-0 bottom-0.5 text-center text-[10px] font-semibold leading-none text-gold-400 tabular-nums"
          >
            {compactCoins(total)}
          </span>
        )}
        {own > 0 && (
          <span aria-hidden="true" data-testid="table-chip" className={`pointer-events-none absolute right-0.5 top-0.5 z-30 ${OWN}`}>
            {compactCoins(own)}
          </span>
        )}
      </>
    );
  if (own <= 0 && total <= 0) return null;
  return (
    <span aria-hidden="true" className="pointer-events-none absolute left-1/2 top-1/2 z-30 flex -translate-x-1/2 -translate-y-1/2 items-center gap-px">
      {own > 0 && (
        <span data-testid="table-chip" className={OWN}>
          {compactCoins(own)}
        </span>
      )}
      {total > own && (
        <span data-testid="spot-total" className={`${CHIP} border border-gold-400/70 bg-brown-950/90 text-gold-400`}>
          {compactCoins(total)}
        </span>
      )}
    </span>
  );
}

/** Three or six dots: the street and six-line spots on the strip. */
function Pips({ count }: { count: 3 | 6 }) {
  return (
    <svg aria-hidden="true" viewBox={`0 0 ${count === 3 ? 4 : 9} 14`} className={`h-3.5 ${count === 3 ? 'w-1' : 'w-2.5'} md:hidden`} fill="currentColor">
      {Array.from({ length: count }, (_, i) => (
        <circle key={i} cx={2 + Math.floor(i / 3) * 5} cy={2 + (i % 3) * 5} r="1.4" />
      ))}
    </svg>
  );
}

/**
 * A single-zero roulette board where every bet the engine takes is a button: the numbers, the line
 * between two numbers (split, 0 with 1, 2 or 3 too), the strip beside the row of 1s (street; six line
 * and first four where its lines meet), where four numbers meet (corner; 0-1-2 and 0-2-3 trios at 0's
 * edge), the columns, dozens and even chances. Upright on a phone, flat from md up. The house roulette
 * and the shared live tables both draw it (the geometry is in rouletteBoardLayout.ts).
 */
export default function RouletteBoard({ label, hint, name, text, amount, lit, enabled, hardDisabled = false, onBet, dataKey }: RouletteBoardProps) {
  return (
    <div role="group" aria-label={label} className="w-full min-w-0 rounded-lg bg-green-900 p-1.5 sm:p-2" data-testid="roulette-board">
      <div
        className="grid [grid-template-columns:minmax(1.5rem,0.5fr)_repeat(3,0.75rem_minmax(0,1fr)_0.75rem)_minmax(0,0.8fr)_minmax(0,0.8fr)] [grid-template-rows:repeat(14,0.75rem_1.5rem_0.75rem)] md:[grid-template-columns:repeat(14,0.625rem_minmax(0,1fr)_0.625rem)] md:[grid-template-rows:repeat(3,0.625rem_1.75rem_0.625rem)_1.75rem_2.5rem_2.5rem]"
        data-testid="roulette-grid"
      >
        {TARGETS.map((t) => {
          const { total, own } = amount(t.bet);
          const on = lit(t.bet);
          const cell = t.shape === 'zero' || t.shape === 'number' || t.shape === 'outside';
          return (
            <button
              key={t.spot}
              type="button"
              onClick={() => onBet(t.bet)}
              disabled={hardDisabled && !enabled}
              aria-disabled={!enabled}
              aria-label={name(t.bet)}
              data-bet={dataKey ? dataKey(t.bet) : t.spot}
              data-spot={t.spot}
              data-total={total}
              style={{ '--v': t.v, '--h': t.h } as CSSProperties}
              className={`relative flex min-h-0 min-w-0 items-center justify-center [grid-area:var(--v)] md:[grid-area:var(--h)] aria-disabled:cursor-not-allowed ${shapeClass(t)} ${
                cell ? 'hover:brightness-125' : ''
              } ${on ? (cell ? 'ring-4 ring-inset ring-gold-400' : 'bg-gold-400/70') : ''} focus-visible:outline focus-visible:outline-2 focus-visible:outline-gold-400`}
            >
              {(t.shape === 'zero' || t.shape === 'number') && <span>{t.bet.numbers![0]}</span>}
              {t.shape === 'outside' && <span>{text(t.bet)}</span>}
              {t.shape === 'street' && <Pips count={3} />}
              {t.shape === 'point' && t.bet.type === 'line' && <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-cream/60 md:hidden" />}
              <Amounts own={own} total={total} cell={cell} />
            </button>
          );
        })}
      </div>
      <p className="mt-1 text-center text-[11px] leading-snug text-cream/85" data-testid="roulette-board-hint">
        {hint}
      </p>
    </div>
  );
}
