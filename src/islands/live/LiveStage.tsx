import { useEffect, useState } from 'react';
import type { Language } from '../../../contracts/constants';
import { pocketColor } from '../../../contracts/house/roulette';
import type { LiveResult, LiveRoundState } from '../../../contracts/live-tables';
import { WHEEL_ORDER } from '../../stores/roulette';
import { baccaratPoints } from '../../stores/baccarat';
import { Hand, PlayingCard } from '../games/house/common';
import { FILL, STEP, WheelFace } from '../games/house/WheelFace';

export const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The shared wheel: it turns while the draw runs (the result is not known before it comes), then
 * settles with the winning pocket under the ball at the top and the number in the middle. With
 * reduced motion it does not turn: the number shows at once.
 */
export function LiveWheel({ round, label }: { round: LiveRoundState | null; label: string }) {
  const result = round?.result?.kind === 'roulette' ? round.result : null;
  const drawing = round?.phase === 'drawing';
  const [angle, setAngle] = useState(0);
  const [settling, setSettling] = useState(false);
  const still = reducedMotion();
  useEffect(() => {
    if (!result) return;
    const index = WHEEL_ORDER.indexOf(result.number as (typeof WHEEL_ORDER)[number]);
    // The pocket comes to the top (screen angle 0): the wheel turns on by a turn and what is left.
    setAngle((a) => {
      const target = -index * STEP;
      const base = a + (still ? 0 : 360);
      return base + ((((target - base) % 360) + 360) % 360);
    });
    setSettling(!still);
    const id = setTimeout(() => setSettling(false), 1600);
    return () => clearTimeout(id);
  }, [result, still]);
  const color = result ? pocketColor(result.number) : null;
  return (
    <div
      role="img"
      aria-label={label}
      className="relative aspect-square w-44 shrink-0 sm:w-56 lg:w-64"
      data-testid="live-wheel"
      data-number={result?.number ?? ''}
    >
      <svg viewBox="0 0 200 200" className="absolute inset-0 h-full w-full drop-shadow-lg" aria-hidden="true">
        <circle cx="100" cy="100" r="100" fill="#5b3413" />
        <circle cx="100" cy="100" r="97" fill="#3b200c" stroke="#d4a017" strokeWidth="1.5" />
        <g className={drawing && !still ? 'origin-center animate-[live-spin_1.1s_linear_infinite]' : ''} style={{ transformOrigin: '100px 100px' }}>
          <g
            style={{
              transform: `rotate(${angle}deg)`,
              transformOrigin: '100px 100px',
              transition: settling ? 'transform 1.5s cubic-bezier(0.15, 0.6, 0.25, 1)' : 'none',
            }}
          >
            <WheelFace />
          </g>
        </g>
        {/* The ball rests at the top once the result is in; while the draw runs it circles the track. */}
        {result && !settling && <circle cx="100" cy="27" r="5" fill="#fffdf5" stroke="#9ca3af" strokeWidth="0.8" />}
        {drawing && !still && (
          <g className="animate-[live-spin_0.8s_linear_infinite_reverse]" style={{ transformOrigin: '100px 100px' }}>
            <circle cx="100" cy="9" r="5" fill="#fffdf5" stroke="#9ca3af" strokeWidth="0.8" />
          </g>
        )}
        {color && !settling && (
          <g data-testid="live-wheel-number">
            <circle cx="100" cy="100" r="26" fill={FILL[color]} stroke="#fff8e7" strokeWidth="2" />
            <text x="100" y="109" textAnchor="middle" fontSize="26" fontWeight="900" fill="#fff8e7" fontFamily="system-ui, sans-serif">
              {result?.number}
            </text>
          </g>
        )}
      </svg>
    </div>
  );
}

/** The shoe the cards come out of (decorative). */
function Shoe() {
  return (
    <svg viewBox="0 0 64 40" className="h-10 w-16" aria-hidden="true">
      <path d="M4 36 14 6h44l2 30z" fill="#4a3122" stroke="#f5c451" strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M16 10h38l1 8H14z" fill="#7f1d1d" />
      <rect x="18" y="12" width="30" height="4" rx="1" fill="#f6ead8" opacity="0.85" />
      <path d="M4 36h56" stroke="#c98a0b" strokeWidth="2" />
    </svg>
  );
}

/**
 * The baccarat table's shoe and hands: face-down cards while the draw runs, then the cards of the
 * result one at a time in the order dealt (all at once with reduced motion), with each hand's points.
 */
export function BaccaratStage({
  round,
  lang,
  labels,
}: {
  round: LiveRoundState | null;
  lang: Language;
  labels: { player: string; banker: string; shoe: string };
}) {
  const result = round?.result?.kind === 'baccarat' ? round.result : null;
  const total = result ? result.playerCards.length + result.bankerCards.length : 0;
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!result) {
      setShown(0);
      return;
    }
    if (reducedMotion()) {
      setShown(total);
      return;
    }
    setShown(1);
    const id = setInterval(() => setShown((s) => (s >= total ? s : s + 1)), 320);
    return () => clearInterval(id);
  }, [result, total]);
  const { player, banker } = dealtOrder(result, shown);
  const drawing = round?.phase === 'drawing';
  return (
    <div className="flex w-full flex-col items-center gap-2" data-testid="live-shoe">
      <div className="flex items-center gap-2 self-end" role="img" aria-label={labels.shoe}>
        <Shoe />
      </div>
      <div className="grid w-full grid-cols-2 gap-2">
        <Hand fan label={labels.player} total={player.length ? String(baccaratPoints(player)) : undefined}>
          {drawing ? (
            [0, 1].map((i) => <PlayingCard key={i} lang={lang} hidden />)
          ) : player.length ? (
            player.map((card, i) => <PlayingCard key={i} card={card} lang={lang} />)
          ) : (
            <Slots />
          )}
        </Hand>
        <Hand fan label={labels.banker} total={banker.length ? String(baccaratPoints(banker)) : undefined}>
          {drawing ? (
            [0, 1].map((i) => <PlayingCard key={i} lang={lang} hidden />)
          ) : banker.length ? (
            banker.map((card, i) => <PlayingCard key={i} card={card} lang={lang} />)
          ) : (
            <Slots />
          )}
        </Hand>
      </div>
    </div>
  );
}

/** Where a hand's two cards will lie, before the deal. */
function Slots() {
  return (
    <>
      {[0, 1].map((i) => (
        <span key={i} aria-hidden="true" className="h-24 w-16 rounded-md border-2 border-dashed border-cream/25 short:h-16 short:w-11" />
      ))}
    </>
  );
}

/** The first `count` cards in the order of the deal: player, banker, player, banker, then the thirds. */
function dealtOrder(result: Extract<LiveResult, { kind: 'baccarat' }> | null, count: number) {
  if (!result) return { player: [], banker: [] };
  const order: Array<['player' | 'banker', number]> = [
    ['player', 0],
    ['banker', 0],
    ['player', 1],
    ['banker', 1],
  ];
  if (result.playerCards[2]) order.push(['player', 2]);
  if (result.bankerCards[2]) order.push(['banker', 2]);
  const seen = order.slice(0, count);
  return {
    player: result.playerCards.filter((_, i) => seen.some(([h, j]) => h === 'player' && j === i)),
    banker: result.bankerCards.filter((_, i) => seen.some(([h, j]) => h === 'banker' && j === i)),
  };
}
