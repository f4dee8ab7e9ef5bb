import { useState } from 'react';
import type { SlotSymbol } from '../../../../contracts/games';

/**
 * Slot symbols drawn as SVG shapes shipped with the client: emoji glyphs showed as empty boxes on
 * systems without a colour-emoji font, and letters depended on the system's fonts. The shape follows
 * the symbol's place in the paytable (its id: H1-H4 high, L1-L5 low, W wild, S scatter), the colour
 * is the game's own (`symbol.color`), so every game keeps its palette and the same rank always looks
 * the same across games.
 */
export type SymbolShape = 'seven' | 'gem' | 'bell' | 'bar' | 'cherry' | 'lemon' | 'grapes' | 'clover' | 'star' | 'wild' | 'scatter';

const BY_ID: Record<string, SymbolShape> = {
  H1: 'seven',
  H2: 'gem',
  H3: 'bell',
  H4: 'bar',
  L1: 'cherry',
  L2: 'lemon',
  L3: 'grapes',
  L4: 'clover',
  L5: 'star',
  W: 'wild',
  S: 'scatter',
};

export function symbolShape(symbol: Pick<SlotSymbol, 'id' | 'kind'>): SymbolShape {
  if (symbol.kind === 'wild') return 'wild';
  if (symbol.kind === 'scatter') return 'scatter';
  return BY_ID[symbol.id] ?? 'star';
}

const OUTLINE = { stroke: '#1a100b', strokeWidth: 2.5, strokeLinejoin: 'round' as const };

function Shape({ shape, color }: { shape: SymbolShape; color: string }) {
  switch (shape) {
    case 'seven':
      return <path d="M14 14h36v9L34 52H22l15-27H14z" fill={color} {...OUTLINE} />;
    case 'gem':
      return (
        <>
          <path d="M18 14h28l10 14-24 26L8 28z" fill={color} {...OUTLINE} />
          <path d="M8 28h48M24 14l-4 14 12 26 12-26-4-14" fill="none" stroke="#fff" strokeOpacity={0.55} strokeWidth={1.5} />
        </>
      );
    case 'bell':
      return (
        <>
          <path d="M32 10c-10 0-15 8-15 18v10l-6 8h42l-6-8V28c0-10-5-18-15-18z" fill={color} {...OUTLINE} />
          <circle cx="32" cy="51" r="5" fill={color} {...OUTLINE} />
          <path d="M24 24c1-5 4-8 8-8" fill="none" stroke="#fff" strokeOpacity={0.6} strokeWidth={2.5} strokeLinecap="round" />
        </>
      );
    case 'bar':
      return (
        <>
          <rect x="8" y="20" width="48" height="24" rx="4" fill={color} {...OUTLINE} />
          <path d="M14 27h36M14 32h36M14 37h36" stroke="#1a100b" strokeWidth={2.5} />
        </>
      );
    case 'cherry':
      return (
        <>
          <path d="M22 40C24 26 30 16 44 10M42 40C40 28 40 18 44 10" fill="none" stroke="#3f6212" strokeWidth={3} strokeLinecap="round" />
          <circle cx="21" cy="44" r="10" fill={color} {...OUTLINE} />
          <circle cx="43" cy="44" r="10" fill={color} {...OUTLINE} />
          <circle cx="18" cy="41" r="2.5" fill="#fff" fillOpacity={0.7} />
          <circle cx="40" cy="41" r="2.5" fill="#fff" fillOpacity={0.7} />
        </>
      );
    case 'lemon':
      return (
        <>
          <ellipse cx="32" cy="33" rx="22" ry="16" fill={color} {...OUTLINE} />
          <path d="M22 27c3-4 8-5 12-5" fill="none" stroke="#fff" strokeOpacity={0.6} strokeWidth={2.5} strokeLinecap="round" />
        </>
      );
    case 'grapes':
      return (
        <>
          <path d="M32 14V8m0 6c4-4 10-4 12 0" fill="none" stroke="#3f6212" strokeWidth={3} strokeLinecap="round" />
          {[
            [22, 22],
            [32, 22],
            [42, 22],
            [22, 32],
            [32, 32],
            [42, 32],
            [27, 42],
            [37, 42],
            [32, 51],
          ].map(([cx, cy], i) => (
            <circle key={i} cx={cx} cy={cy} r="6" fill={color} {...OUTLINE} strokeWidth={2} />
          ))}
        </>
      );
    case 'clover':
      return (
        <>
          <path d="M32 34l8 20" stroke="#3f6212" strokeWidth={3} strokeLinecap="round" />
          <circle cx="32" cy="20" r="9" fill={color} {...OUTLINE} />
          <circle cx="20" cy="32" r="9" fill={color} {...OUTLINE} />
          <circle cx="44" cy="32" r="9" fill={color} {...OUTLINE} />
          <circle cx="32" cy="32" r="4" fill={color} />
        </>
      );
    case 'star':
      return <path d="M32 8l7 15 16 2-12 11 3 17-14-8-14 8 3-17L9 25l16-2z" fill={color} {...OUTLINE} />;
    case 'wild':
      return (
        <>
          <path d="M32 6l22 8v16c0 14-10 22-22 28C20 52 10 44 10 30V14z" fill={color} {...OUTLINE} />
          <path d="M18 22l5 18 4-12 5 12 5-12 4 12 5-18" fill="none" stroke="#fff" strokeWidth={3.5} strokeLinejoin="round" strokeLinecap="round" />
        </>
      );
    case 'scatter':
      return (
        <>
          <path d="M32 4l5 13 13-6-5 13 14 5-13 5 6 13-13-5-6 13-5-13-13 6 5-13-14-5 13-5-6-13 13 5z" fill={color} {...OUTLINE} />
          <circle cx="32" cy="32" r="9" fill="#fff" fillOpacity={0.85} />
        </>
      );
  }
}

/** Where a slot's own drawing of a symbol is (scripts/generate-game-art.ts writes them). */
export const symbolArtPath = (gameCode: string, id: string) => `/games/symbols/${gameCode}/${id}.svg`;

/**
 * One symbol filling its cell; decorative (the grid's label names the symbols). With the game's code
 * it is the slot's own drawing (an SVG file, cached like the other public files); without one, or if
 * the file is missing (a game added by the operator without art), the generic shape of its rank.
 */
export default function SlotSymbolArt({
  symbol,
  gameCode,
  className = 'h-full w-full',
}: {
  symbol: Pick<SlotSymbol, 'id' | 'kind' | 'color'>;
  gameCode?: string;
  className?: string;
}) {
  const [missing, setMissing] = useState(false);
  const shape = symbolShape(symbol);
  if (gameCode && !missing) {
    return (
      <img
        src={symbolArtPath(gameCode, symbol.id)}
        alt=""
        width={100}
        height={100}
        decoding="async"
        draggable={false}
        className={`${className} select-none object-contain`}
        data-shape={symbol.id}
        onError={() => setMissing(true)}
      />
    );
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className={className} data-shape={shape}>
      <Shape shape={shape} color={symbol.color} />
    </svg>
  );
}
