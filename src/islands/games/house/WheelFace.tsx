import { pocketColor } from '../../../../contracts/house/roulette';
import { WHEEL_ORDER } from '../../../stores/roulette';

/** The single-zero wheel's drawing, shared by the house table's wheel and the live tables' (an SVG of viewBox 0 0 200 200). */
export const STEP = 360 / WHEEL_ORDER.length;
export const FILL = { red: '#b91c1c', black: '#171717', green: '#15803d' } as const;

/** A point `r` from the centre at `deg` degrees clockwise from the top, as "x y". */
const polar = (r: number, deg: number) => {
  const rad = ((deg - 90) * Math.PI) / 180;
  return [100 + r * Math.cos(rad), 100 + r * Math.sin(rad)].map((v) => v.toFixed(2)).join(' ');
};

/** A ring sector from angle a to b (degrees clockwise from the top) between radii r1 < r2. */
export const sector = (r1: number, r2: number, a: number, b: number) =>
  `M${polar(r2, a)}A${r2} ${r2} 0 0 1 ${polar(r2, b)}L${polar(r1, b)}A${r1} ${r1} 0 0 0 ${polar(r1, a)}Z`;

/** The turning part: 37 pockets in wheel order with their numbers, the ball track's line, the hub and its spokes. */
export function WheelFace() {
  return (
    <>
      {WHEEL_ORDER.map((n, i) => {
        const a = i * STEP;
        return (
          <g key={n} data-pocket={n}>
            <path d={sector(62, 94, a - STEP / 2, a + STEP / 2)} fill={FILL[pocketColor(n)]} stroke="#d4a017" strokeWidth="0.6" />
            <text
              x="100"
              y="14.5"
              transform={`rotate(${a} 100 100)`}
              textAnchor="middle"
              fontSize="8.5"
              fontWeight="700"
              fill="#fff8e7"
              fontFamily="system-ui, sans-serif"
            >
              {n}
            </text>
          </g>
        );
      })}
      <circle cx="100" cy="100" r="80" fill="none" stroke="#d4a017" strokeWidth="0.8" opacity="0.8" />
      <circle cx="100" cy="100" r="62" fill="#7c4a1e" stroke="#d4a017" strokeWidth="1.5" />
      <circle cx="100" cy="100" r="48" fill="#5b3413" />
      {[0, 45, 90, 135].map((a) => (
        <rect key={a} x="97" y="58" width="6" height="84" rx="3" fill="#e8c25a" transform={`rotate(${a} 100 100)`} />
      ))}
      <circle cx="100" cy="100" r="12" fill="#e8c25a" stroke="#8a5a12" strokeWidth="1.5" />
    </>
  );
}
