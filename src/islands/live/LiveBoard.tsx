import type { CSSProperties } from 'react';
import type { Language } from '../../../contracts/constants';
import { pocketColor } from '../../../contracts/house/roulette';
import { BACCARAT_SPOTS, type LiveKind, type LiveResult } from '../../../contracts/live-tables';
import { formatCoins } from '../../lib/formatCoins';
import type { TFunction } from '../../lib/i18n';
import { compactCoins, spotLabel } from './labels';

interface BoardProps {
  kind: LiveKind;
  lang: Language;
  t: TFunction<'live'>;
  /** Everyone's coins on each spot. */
  totals: Record<string, number>;
  /** The viewer's own coins on each spot (sent and pending together). */
  own: Record<string, number>;
  /** Spots that won the round on show (lit). */
  winning: ReadonlySet<string>;
  /** Chips can be placed now (signed in and betting open). */
  enabled: boolean;
  onSpot: (spot: string) => void;
  tiePays: number;
}

/** Where a spot sits on the roulette layout: wide (the usual horizontal table) and narrow (turned upright for a phone). */
interface Cell {
  spot: string;
  text: string;
  color: string;
  /** Horizontal: row, column, rows, columns. */
  h: [number, number, number, number];
}

const EVEN_MONEY = ['low', 'even', 'red', 'black', 'odd', 'high'] as const;

function rouletteCells(t: TFunction<'live'>): Cell[] {
  const cells: Cell[] = [{ spot: 'straight-0', text: '0', color: 'green', h: [1, 1, 3, 1] }];
  for (let n = 1; n <= 36; n++)
    cells.push({ spot: `straight-${n}`, text: String(n), color: pocketColor(n), h: [3 - ((n - 1) % 3), 1 + Math.ceil(n / 3), 1, 1] });
  for (let k = 1; k <= 3; k++) cells.push({ spot: `column-${k}`, text: '2:1', color: '', h: [4 - k, 14, 1, 1] });
  for (let d = 1; d <= 3; d++) cells.push({ spot: `dozen-${d}`, text: `${12 * d - 11}-${12 * d}`, color: '', h: [4, 2 + 4 * (d - 1), 1, 4] });
  for (const [i, spot] of EVEN_MONEY.entries()) {
    cells.push({ spot, text: t(`table.spot.${spot}`), color: spot === 'red' ? 'red' : spot === 'black' ? 'black' : '', h: [5, 2 + 2 * i, 1, 2] });
  }
  return cells;
}

/** Upright on a phone: the wide layout's columns become rows, its rows 3, 2, 1 the columns 1, 2, 3 (1-2-3 read left to right), dozens and outside bets on the right. */
const upright = ([r, c, rs, cs]: Cell['h']): string => {
  const col = r <= 3 ? 4 - r - (rs - 1) : r;
  return `${c} / ${col} / span ${cs} / span ${rs}`;
};

const colorClass = (color: string) =>
  color === 'red' ? 'bg-red-700' : color === 'black' ? 'bg-neutral-900' : color === 'green' ? 'bg-green-800' : 'bg-green-900';

/** The amounts on a spot: everyone's total below the label, the viewer's own as a gold chip in the corner. */
function Amounts({ total, own, lang, large = false }: { total: number; own: number; lang: Language; large?: boolean }) {
  return (
    <>
      {total > 0 && (
        <span
          aria-hidden="true"
          className={`font-semibold leading-none text-gold-400 tabular-nums ${large ? 'text-sm' : 'text-[10px]'}`}
          data-testid="spot-total"
        >
          {large ? formatCoins(total, lang) : compactCoins(total)}
        </span>
      )}
      {own > 0 && (
        <span
          aria-hidden="true"
          className="absolute -right-1 -top-1 z-10 flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-dashed border-cream bg-gold-500 px-0.5 text-[9px] font-black leading-none text-brown-950 shadow-md"
          data-testid="spot-own"
          title={formatCoins(own, lang)}
        >
          {compactCoins(own)}
        </span>
      )}
    </>
  );
}

/**
 * The betting board with everyone's chips: each spot shows the table's total on it and the viewer's
 * own chips; a spot's accessible name says both. Roulette: every number, the columns, dozens and
 * even-money bets (upright on a phone); baccarat: Player, Banker and Tie.
 */
export default function LiveBoard({ kind, lang, t, totals, own, winning, enabled, onSpot, tiePays }: BoardProps) {
  const name = (spot: string, label: string) => {
    const parts = [label];
    if (totals[spot]) parts.push(t('table.allOn', { amount: formatCoins(totals[spot], lang) }));
    if (own[spot]) parts.push(t('table.yoursOn', { amount: formatCoins(own[spot], lang) }));
    return parts.join('、');
  };
  if (kind === 'baccarat') {
    return (
      <div role="group" aria-label={t('table.board')} className="grid w-full grid-cols-3 gap-2" data-testid="live-board">
        {BACCARAT_SPOTS.map((spot) => (
          <button
            key={spot}
            type="button"
            onClick={() => onSpot(spot)}
            aria-disabled={!enabled}
            data-spot={spot}
            data-total={totals[spot] ?? 0}
            aria-label={name(spot, spotLabel(t, spot))}
            className={`relative flex min-h-20 flex-col items-center justify-center gap-1 rounded-xl border-2 p-2 font-bold hover:brightness-125 aria-disabled:cursor-not-allowed ${
              spot === 'player' ? 'border-blue-400 bg-blue-900' : spot === 'banker' ? 'border-red-400 bg-red-900' : 'border-green-400 bg-green-800'
            } ${winning.has(spot) ? 'ring-4 ring-gold-400' : ''}`}
          >
            <span>{spotLabel(t, spot)}</span>
            <span className="text-xs font-normal text-cream/85">{spot === 'tie' ? `${tiePays}:1` : spot === 'banker' ? '0.95:1' : '1:1'}</span>
            <span className="min-h-5">
              <Amounts total={totals[spot] ?? 0} own={own[spot] ?? 0} lang={lang} large />
            </span>
          </button>
        ))}
      </div>
    );
  }
  return (
    <div role="group" aria-label={t('table.board')} className="w-full rounded-lg bg-green-900 p-1.5 sm:p-2" data-testid="live-board">
      <div className="grid gap-0.5 [grid-template-columns:repeat(3,minmax(0,1fr))_repeat(2,minmax(0,0.9fr))] md:[grid-template-columns:repeat(14,minmax(0,1fr))]">
        {rouletteCells(t).map((cell) => (
          <button
            key={cell.spot}
            type="button"
            onClick={() => onSpot(cell.spot)}
            aria-disabled={!enabled}
            data-spot={cell.spot}
            data-total={totals[cell.spot] ?? 0}
            aria-label={name(
              cell.spot,
              cell.spot.startsWith('straight-') ? `${cell.text}（${t(`results.color.${cell.color as 'red'}`)}）` : spotLabel(t, cell.spot),
            )}
            style={{ '--v': upright(cell.h), '--h': `${cell.h[0]} / ${cell.h[1]} / span ${cell.h[2]} / span ${cell.h[3]}` } as CSSProperties}
            className={`relative flex min-h-8 flex-col items-center justify-center gap-0.5 rounded-sm border border-cream/30 px-0.5 text-xs font-bold leading-tight [grid-area:var(--v)] hover:brightness-125 aria-disabled:cursor-not-allowed sm:text-sm md:min-h-11 md:[grid-area:var(--h)] ${colorClass(cell.color)} ${winning.has(cell.spot) ? 'ring-4 ring-inset ring-gold-400' : ''}`}
          >
            <span>{cell.text}</span>
            <Amounts total={totals[cell.spot] ?? 0} own={own[cell.spot] ?? 0} lang={lang} />
          </button>
        ))}
      </div>
    </div>
  );
}

/** The spots a result makes winners (lit on the board). */
export function winningSpots(result: LiveResult | null | undefined): Set<string> {
  if (!result) return new Set();
  if (result.kind === 'baccarat') return new Set([result.outcome]);
  const n = result.number;
  const spots = new Set([`straight-${n}`]);
  if (n === 0) return spots;
  spots.add(result.color);
  spots.add(n % 2 === 0 ? 'even' : 'odd');
  spots.add(n <= 18 ? 'low' : 'high');
  spots.add(`dozen-${Math.ceil(n / 12)}`);
  spots.add(`column-${((n - 1) % 3) + 1}`);
  return spots;
}
