import type { CSSProperties } from 'react';
import type { Language } from '../../../../contracts/constants';
import type { SlotDefinition, SlotSpin, SlotSymbol } from '../../../../contracts/games';
import { useT } from '../../../lib/useT';
import SlotSymbolArt, { symbolShape } from './SlotSymbolArt';
import 'virtual:strings?games.slotArt';

type LineWin = SlotSpin['lineWins'][number];

/** The gap between cells, in % of the reels' inner width (`gap-[2cqw]` below). */
const GAP_CQW = 2;

/** One colour per payline drawn over the reels, bright on the dark reels; line n takes colour n mod 8. */
export const LINE_COLORS = ['#facc15', '#38bdf8', '#f472b6', '#4ade80', '#fb923c', '#a78bfa', '#f87171', '#2dd4bf'];

/** The cells ("reel:row") one line win covers: its first `count` reels along the payline. */
export function lineCells(win: LineWin, definition: SlotDefinition): string[] {
  const line = definition.paylines[win.line];
  return Array.from({ length: win.count }, (_, reel) => `${reel}:${line[reel]}`);
}

/** The cells ("reel:row") a spin's wins cover, to highlight them: its line wins, and its scatters when they paid or awarded free spins. */
export function winningCells(spin: SlotSpin, definition: SlotDefinition, scatterIds: ReadonlySet<string>): Set<string> {
  const cells = new Set(spin.lineWins.flatMap((win) => lineCells(win, definition)));
  if (spin.scatterWin > 0 || spin.freeSpinsAwarded > 0) {
    for (const [reel, column] of spin.grid.entries()) {
      for (const [row, id] of column.entries()) if (scatterIds.has(id)) cells.add(`${reel}:${row}`);
    }
  }
  return cells;
}

/**
 * What the reels draw of the spin on show: all its lines and winning cells, or only the line whose
 * turn it is (`lineStep`, from the slot round store; -1 for all of them).
 */
export function winsOnShow(
  shown: SlotSpin | null,
  lineStep: number,
  definition: SlotDefinition,
  scatterIds: ReadonlySet<string>,
): { step: number; lines: LineWin[]; lit: Set<string> } {
  if (!shown) return { step: -1, lines: [], lit: new Set() };
  // (The step of the previous spin may outlast it by one render.)
  const step = lineStep < shown.lineWins.length ? lineStep : -1;
  if (step < 0) return { step, lines: shown.lineWins, lit: winningCells(shown, definition, scatterIds) };
  return { step, lines: [shown.lineWins[step]], lit: new Set(lineCells(shown.lineWins[step], definition)) };
}

/** A symbol id's name in the page's language: what the slot's drawing shows (a cat, a koi...), else its shape's name. */
export function useSymbolName(lang: Language, definition: SlotDefinition, gameCode?: string): (id: string) => string {
  const t = useT(lang, 'games');
  return (id) => {
    const symbol = definition.symbols.find((s) => s.id === id);
    if (!symbol) return id;
    const generic = t(`slot.symbols.${symbolShape(symbol)}`);
    return gameCode ? t(`slotArt.${gameCode}.${id}`, { defaultValue: generic }) : generic;
  };
}

/**
 * The reels as a grid of SVG symbols, with the given paylines drawn over them (an SVG overlay through
 * the centres of the cells they cross) and the given cells lit. The game animates it; the fairness
 * page shows a recorded spin with it. One image for assistive technology, named by `label`.
 */
export default function SlotReels({
  definition,
  gameCode,
  grid,
  label,
  lit,
  lines,
  spinning,
  stops,
  lineAmount,
  style,
  className = '',
  cellClassName = 'rounded-lg p-[12%]',
}: {
  definition: SlotDefinition;
  /** The game whose own symbol drawings to show (generic shapes without it). */
  gameCode?: string;
  grid: string[][];
  label: string;
  lit: ReadonlySet<string>;
  lines: readonly LineWin[];
  spinning?: readonly boolean[];
  /** Bumped when a reel stops: the reel then settles with a little overshoot (an eased stop). */
  stops?: readonly number[];
  /** Each drawn line's win in words, shown on the line at its last winning symbol. */
  lineAmount?: (win: LineWin) => string;
  style?: CSSProperties;
  className?: string;
  cellClassName?: string;
}) {
  const symbols = new Map<string, SlotSymbol>(definition.symbols.map((s) => [s.id, s]));
  const reels = grid.length;
  const rows = definition.rows;
  // The gaps are a share of the reels' width (GAP_CQW % of it), so the payline overlay can place
  // every cell's centre exactly: in its viewBox a cell is 100 units and a gap `gap` units.
  const gap = (100 * GAP_CQW * reels) / (100 - GAP_CQW * (reels - 1));
  const centre = (index: number) => index * (100 + gap) + 50;
  return (
    <div
      role="img"
      aria-label={label}
      className={`relative w-full overflow-hidden rounded-xl border-4 border-gold-600 bg-gradient-to-b from-brown-800 to-brown-950 p-2 shadow-inner @container ${className}`}
      style={style}
      data-testid="slot-reels"
    >
      <div className="grid gap-[2cqw]" style={{ gridTemplateColumns: `repeat(${reels}, minmax(0, 1fr))` }}>
        {grid.map((column, reel) => (
          <div
            // A new key on each stop replays the settling motion once.
            key={`${reel}:${stops?.[reel] ?? 0}`}
            className={`flex flex-col gap-[2cqw] ${
              spinning?.[reel]
                ? 'animate-[reelspin_0.14s_linear_infinite] blur-[1px] motion-reduce:animate-none'
                : stops?.[reel]
                  ? 'animate-[reelstop_0.42s_cubic-bezier(0.2,1.5,0.4,1)] motion-reduce:animate-none'
                  : ''
            }`}
            data-reel={reel}
            data-spinning={spinning?.[reel] ? 'yes' : undefined}
            data-stops={stops?.[reel]}
          >
            {column.map((id, row) => {
              const symbol = symbols.get(id);
              const on = lit.has(`${reel}:${row}`);
              return (
                <div
                  key={row}
                  data-symbol={id}
                  data-lit={on ? 'yes' : undefined}
                  className={`flex aspect-square items-center justify-center border-2 ${cellClassName} ${on ? 'border-gold-400 bg-brown-800 shadow-[inset_0_0_12px_#f5b700]' : 'border-brown-700 bg-brown-900'}`}
                >
                  {symbol ? (
                    <SlotSymbolArt
                      symbol={symbol}
                      gameCode={gameCode}
                      className={`h-full w-full ${on ? 'animate-[symbolwin_0.9s_ease-in-out_infinite] motion-reduce:animate-none' : ''}`}
                    />
                  ) : (
                    <span aria-hidden="true">{id}</span>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {lines.length > 0 && (
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${reels * 100 + (reels - 1) * gap} ${rows * 100 + (rows - 1) * gap}`}
          preserveAspectRatio="none"
          className="pointer-events-none absolute inset-2 h-[calc(100%-1rem)] w-[calc(100%-1rem)]"
          data-testid="win-lines"
        >
          {lines.map((win, index) => {
            // Lines drawn together are set a little apart, so those sharing cells stay distinguishable.
            const shift = (index - (lines.length - 1) / 2) * Math.min(8, 60 / lines.length);
            const points = definition.paylines[win.line].map((row, reel) => `${centre(reel)},${centre(row) + shift}`).join(' ');
            return (
              <g key={win.line} data-line={win.line}>
                <polyline
                  points={points}
                  fill="none"
                  stroke="#1a100b"
                  strokeOpacity={0.7}
                  strokeWidth={9}
                  vectorEffect="non-scaling-stroke"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                />
                <polyline
                  points={points}
                  fill="none"
                  stroke={LINE_COLORS[win.line % LINE_COLORS.length]}
                  strokeWidth={5}
                  vectorEffect="non-scaling-stroke"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                />
              </g>
            );
          })}
        </svg>
      )}
      {lines.length > 0 && lineAmount && (
        // Each line's win, on the line at its last winning symbol (decoration: the result list says it too).
        <div aria-hidden="true" className="pointer-events-none absolute inset-2" data-testid="line-amounts">
          {lines.map((win) => {
            const reel = win.count - 1;
            const row = definition.paylines[win.line][reel];
            const width = reels * 100 + (reels - 1) * gap;
            const height = rows * 100 + (rows - 1) * gap;
            return (
              <span
                key={win.line}
                data-line={win.line}
                className="absolute -translate-x-1/2 translate-y-[30%] whitespace-nowrap rounded-full border-2 border-brown-950 px-2 text-[clamp(0.65rem,3.2cqw,1rem)] font-black tabular-nums text-brown-950 shadow"
                style={{
                  left: `${(centre(reel) / width) * 100}%`,
                  top: `${(centre(row) / height) * 100}%`,
                  background: LINE_COLORS[win.line % LINE_COLORS.length],
                }}
              >
                {lineAmount(win)}
              </span>
            );
          })}
        </div>
      )}
    </div>
  );
}
