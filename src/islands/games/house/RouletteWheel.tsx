import { useEffect, useRef, useState } from 'react';
import { pocketColor } from '../../../../contracts/house/roulette';
import { WHEEL_ORDER } from '../../../stores/roulette';
import { FILL, STEP, WheelFace } from './WheelFace';

const SPIN_MS = 4200;
/** Where the ball runs while spinning, and where it rests in a pocket (viewBox units from the centre). */
const TRACK_R = 91;
const POCKET_R = 72;

/** Scrolls the nearest scrolling ancestor so that `el`'s top is in view (only upwards). */
function revealInScroller(el: HTMLElement) {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const overflow = getComputedStyle(p).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && p.scrollHeight > p.clientHeight) {
      const above = el.getBoundingClientRect().top - p.getBoundingClientRect().top;
      if (above < 0) p.scrollBy({ top: above - 4, behavior: 'smooth' });
      return;
    }
  }
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The wheel: 37 pockets in the single-zero order with their colours. When `target` is set the wheel
 * turns one way and the ball the other, the ball drops into the target pocket and `onLanded` is
 * called (at once with reduced motion). `shown` is the number in the middle once the ball is in.
 */
export default function RouletteWheel({
  target,
  shown,
  onLanded,
  label,
}: {
  target: number | null;
  shown: number | null;
  onLanded: () => void;
  label: string;
}) {
  const [angles, setAngles] = useState({ wheel: 0, ball: 0, resting: false, moving: false });
  const landedRef = useRef(onLanded);
  const box = useRef<HTMLDivElement>(null);
  landedRef.current = onLanded;

  useEffect(() => {
    if (target === null) return;
    const index = WHEEL_ORDER.indexOf(target as (typeof WHEEL_ORDER)[number]);
    if (reducedMotion()) {
      // Results at once: the ball is put in its pocket without the run.
      setAngles((a) => ({ wheel: a.wheel, ball: a.wheel + index * STEP, resting: true, moving: false }));
      landedRef.current();
      return;
    }
    // On a short frame the wheel may be scrolled away above the table: bring it into view for the run.
    // (Not scrollIntoView: inside the game frame that would scroll the launch page around it too.)
    if (box.current) revealInScroller(box.current);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      setAngles((a) => ({ ...a, moving: false }));
      landedRef.current();
    };
    setAngles((a) => {
      // The wheel turns clockwise two turns and a bit; the ball runs three turns the other way and
      // stops where the target pocket then is (screen angle = wheel angle + the pocket's place).
      const wheel = a.wheel + 720 + Math.floor(Math.random() * 360);
      const pocketAt = (((wheel + index * STEP) % 360) + 360) % 360;
      const from = a.ball - 1080;
      const ball = from - ((((from - pocketAt) % 360) + 360) % 360);
      return { wheel, ball, resting: false, moving: true };
    });
    // The drop into the pocket starts near the end of the run.
    const drop = setTimeout(() => setAngles((a) => ({ ...a, resting: true })), SPIN_MS * 0.7);
    const end = setTimeout(finish, SPIN_MS + 150);
    return () => {
      clearTimeout(drop);
      clearTimeout(end);
    };
  }, [target]);

  const ease = angles.moving ? `transform ${SPIN_MS}ms cubic-bezier(0.12, 0.55, 0.25, 1)` : 'none';
  const color = shown === null ? null : pocketColor(shown);
  return (
    <div
      role="img"
      aria-label={label}
      ref={box}
      className="relative aspect-square w-32 shrink-0 sm:w-44 lg:w-72 short:w-28"
      data-testid="roulette-wheel"
      data-landed={shown ?? ''}
    >
      <svg viewBox="0 0 200 200" className="absolute inset-0 h-full w-full drop-shadow-lg" aria-hidden="true">
        <circle cx="100" cy="100" r="100" fill="#5b3413" />
        <circle cx="100" cy="100" r="97" fill="#3b200c" stroke="#d4a017" strokeWidth="1.5" />
        <g style={{ transform: `rotate(${angles.wheel}deg)`, transformOrigin: '100px 100px', transition: ease }}>
          <WheelFace />
        </g>
        {color && (
          <g data-testid="wheel-number">
            <circle cx="100" cy="100" r="26" fill={FILL[color]} stroke="#fff8e7" strokeWidth="2" />
            <text x="100" y="109" textAnchor="middle" fontSize="26" fontWeight="900" fill="#fff8e7" fontFamily="system-ui, sans-serif">
              {shown}
            </text>
          </g>
        )}
      </svg>
      {/* The ball has its own layer (no pointer events) so a test can find the pocket under it. */}
      <svg viewBox="0 0 200 200" className="pointer-events-none absolute inset-0 h-full w-full" aria-hidden="true">
        <g style={{ transform: `rotate(${angles.ball}deg)`, transformOrigin: '100px 100px', transition: ease }}>
          <circle
            data-testid="roulette-ball"
            cx="100"
            cy="100"
            r="5"
            fill="#fffdf5"
            stroke="#9ca3af"
            strokeWidth="0.8"
            style={{ transform: `translateY(${-(angles.resting ? POCKET_R : TRACK_R)}px)`, transition: angles.moving ? 'transform 900ms ease-in' : 'none' }}
          />
        </g>
      </svg>
    </div>
  );
}
