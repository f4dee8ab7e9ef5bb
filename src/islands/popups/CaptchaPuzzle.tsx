import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { CaptchaChallenge } from '../../../contracts/auth';
import type { Language } from '../../../contracts/constants';
import { useT } from '../../lib/useT';
import 'virtual:strings?auth.captcha';

/**
 * The slider puzzle (decisions.md): the picture with its gap, the piece at `x` (puzzle pixels), and
 * a slider under it. Drag the piece or the slider thumb with mouse or touch (pointer events), or
 * move the focused slider with the arrow keys, Page Up/Down, Home and End.
 */
export default function CaptchaPuzzle({ lang, challenge, x, onMove }: { lang: Language; challenge: CaptchaChallenge; x: number; onMove: (x: number) => void }) {
  const t = useT(lang, 'auth');
  const pictureRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; startClientX: number; startX: number; scale: number } | null>(null);
  const { width, height, pieceSize, pieceY } = challenge;
  const maxX = width - pieceSize;
  const clamp = (value: number) => Math.min(maxX, Math.max(0, Math.round(value)));
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const rendered = pictureRef.current?.getBoundingClientRect().width || width;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
    // The picture may be drawn smaller than its puzzle size: screen pixels are scaled back.
    drag.current = { pointerId: event.pointerId, startClientX: event.clientX, startX: x, scale: rendered / width };
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    onMove(clamp(d.startX + (event.clientX - d.startClientX) / d.scale));
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const dragHandlers = { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: onPointerUp };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 }[event.key];
    if (step !== undefined) onMove(clamp(x + step));
    else if (event.key === 'Home') onMove(0);
    else if (event.key === 'End') onMove(maxX);
    else return;
    event.preventDefault();
  };

  return (
    <div className="select-none">
      <div
        ref={pictureRef}
        className="relative mx-auto w-full overflow-hidden rounded-md"
        style={{ maxWidth: width, aspectRatio: `${width} / ${height}` }}
        data-testid="captcha-picture"
      >
        <img src={challenge.background} alt={t('auth:captcha.picture')} width={width} height={height} className="block h-full w-full" draggable={false} />
        <img
          src={challenge.piece}
          alt=""
          aria-hidden="true"
          draggable={false}
          data-testid="captcha-piece"
          className="absolute cursor-grab touch-none drop-shadow-[0_0_3px_rgba(0,0,0,0.9)] active:cursor-grabbing"
          style={{ left: percent(x, width), top: percent(pieceY, height), width: percent(pieceSize, width), height: percent(pieceSize, height) }}
          {...dragHandlers}
        />
      </div>
      <div className="relative mx-auto mt-3 h-10 w-full rounded-full bg-brown-900" style={{ maxWidth: width }}>
        <div className="absolute inset-y-0 left-0 rounded-full bg-gold-600/40" style={{ width: percent(x + pieceSize / 2, width) }} aria-hidden="true" />
        <div
          role="slider"
          tabIndex={0}
          aria-label={t('auth:captcha.slider')}
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={x}
          aria-valuetext={t('auth:captcha.valueText', { value: x, max: maxX })}
          aria-orientation="horizontal"
          data-testid="captcha-slider"
          onKeyDown={onKeyDown}
          className="absolute inset-y-0 flex cursor-grab touch-none items-center justify-center rounded-full bg-gold-500 text-brown-950 active:cursor-grabbing"
          style={{ left: percent(x, width), width: percent(pieceSize, width) }}
          {...dragHandlers}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M5 12h14M13 6l6 6-6 6" />
          </svg>
        </div>
      </div>
    </div>
  );
}
