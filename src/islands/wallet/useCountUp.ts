import { useEffect, useRef, useState } from 'react';
import { BALANCE_ANIMATION_MS } from '../../../contracts/constants';

const reducedMotion = () => typeof matchMedia !== 'undefined' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The number shown while the balance counts from its previous value to `target` over
 * BALANCE_ANIMATION_MS (spec section 4). The first value is shown at once: a page load is not a win.
 * With reduced motion the new value is shown at once too.
 */
export function useCountUp(target: number | undefined, durationMs: number = BALANCE_ANIMATION_MS): number | undefined {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);

  useEffect(() => {
    if (target === undefined) return;
    const from = shownRef.current;
    if (from === undefined || from === target || reducedMotion()) {
      shownRef.current = target;
      setShown(target);
      return;
    }
    const start = performance.now();
    let frame = 0;
    const tick = (time: number) => {
      const progress = Math.min(1, (time - start) / durationMs);
      const eased = 1 - (1 - progress) ** 3;
      const value = progress >= 1 ? target : Math.round(from + (target - from) * eased);
      shownRef.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);

  return shown;
}
