import type { Language } from '../../../contracts/constants';
import { pocketColor } from '../../../contracts/house/roulette';
import { BACCARAT_SPOTS, type LiveKind, type LiveResult } from '../../../contracts/live-tables';
import { languageInfo } from '../../../contracts/languages';
import { formatCoins } from '../../lib/formatCoins';
import RouletteBoard from '../games/house/RouletteBoard';
import { rouletteTargets, spotOf } from '../games/house/rouletteBoardLayout';
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
 * own chips; a spot's accessible name says both. Roulette: the house board (RouletteBoard.tsx), every
 * bet of the layout; baccarat: Player, Banker and Tie.
 */
export default function LiveBoard({ kind, lang, t, totals, own, winning, enabled, onSpot, tiePays }: BoardProps) {
  const name = (spot: string, label: string) => {
    const parts = [label];
    if (totals[spot]) parts.push(t('table.allOn', { amount: formatCoins(totals[spot], lang) }));
    if (own[spot]) parts.push(t('table.yoursOn', { amount: formatCoins(own[spot], lang) }));
    return parts.join(languageInfo(lang).listSeparator);
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
    <div className="w-full" data-testid="live-board">
      <RouletteBoard
        label={t('table.board')}
        hint={t('table.boardHint')}
        name={(bet) => {
          const spot = spotOf(bet);
          const n = bet.numbers;
          return name(
            spot,
            bet.type === 'straight' && n ? t('results.result.roulette', { number: n[0], color: t(`results.color.${pocketColor(n[0])}`) }) : spotLabel(t, spot),
          );
        }}
        text={(bet) => (bet.type === 'column' ? '2:1' : bet.type === 'dozen' ? `${12 * bet.value! - 11}-${12 * bet.value!}` : spotLabel(t, spotOf(bet)))}
        amount={(bet) => {
          const spot = spotOf(bet);
          return { total: totals[spot] ?? 0, own: own[spot] ?? 0 };
        }}
        lit={(bet) => {
          // An inside bet lights only when chips are on it (every number has up to eleven).
          const spot = spotOf(bet);
          return winning.has(spot) && (!bet.numbers || bet.type === 'straight' || (totals[spot] ?? 0) > 0);
        }}
        enabled={enabled}
        onBet={(bet) => onSpot(spotOf(bet))}
      />
    </div>
  );
}

const INSIDE = rouletteTargets().filter((x) => x.bet.numbers && x.bet.type !== 'straight');

/** The spots a result makes winners (lit on the board): its number, the inside bets holding it, the outside bets. */
export function winningSpots(result: LiveResult | null | undefined): Set<string> {
  if (!result) return new Set();
  if (result.kind === 'baccarat') return new Set([result.outcome]);
  const n = result.number;
  const spots = new Set([`straight-${n}`]);
  for (const { bet, spot } of INSIDE) if (bet.numbers!.includes(n)) spots.add(spot);
  if (n === 0) return spots;
  spots.add(result.color);
  spots.add(n % 2 === 0 ? 'even' : 'odd');
  spots.add(n <= 18 ? 'low' : 'high');
  spots.add(`dozen-${Math.ceil(n / 12)}`);
  spots.add(`column-${((n - 1) % 3) + 1}`);
  return spots;
}
